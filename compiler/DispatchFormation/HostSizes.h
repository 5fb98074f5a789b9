//===- HostSizes.h - Sizes the host computes before a dispatch --*- C++ -*-===//

#ifndef HALC_DISPATCHFORMATION_HOSTSIZES_H
#define HALC_DISPATCHFORMATION_HOSTSIZES_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::halc {

/// Sizes on the host at `host`'s insertion point (before a dispatch region
/// is built there): a dynamic dimension of a tensor of the function, in
/// terms of what the host has there. `isAvailable` tells which values the
/// host has (arguments, what it computed before); `dispatched` maps a
/// result of an earlier region's op to the region's result.
class HostSizes {
public:
  HostSizes(OpBuilder &host, const IRMapping &dispatched,
            function_ref<bool(Value)> isAvailable)
      : host(host), dispatched(dispatched), isAvailable(isAvailable) {}

  /// Dimension `dim` of `tensor`: its static size, a `tensor.dim` of an
  /// argument or an earlier region's result, or the size the ops that
  /// computed it were given (an empty tensor's, a destination's, a
  /// reshape's); an error where none is known before the region runs.
  FailureOr<Value> getDim(Value tensor, int64_t dim);

  /// `value` (a size) on the host: as it is where the host has it, else
  /// computed there again from what the host has.
  FailureOr<Value> materialize(Value value);

private:
  OpBuilder &host;
  const IRMapping &dispatched;
  function_ref<bool(Value)> isAvailable;
};

} // namespace mlir::halc

#endif // HALC_DISPATCHFORMATION_HOSTSIZES_H
