//===- HostSizes.h - Sizes the host computes before a dispatch --*- C++ -*-===//

#ifndef HALC_DISPATCHFORMATION_HOSTSIZES_H
#define HALC_DISPATCHFORMATION_HOSTSIZES_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::halc {

/// Sizes on the host at `host`'s insertion point (before a dispatch region
/// is built there): a dynamic dimension of a tensor of the function, or a
/// size it computes, in terms of the function's arguments and the results
/// of earlier regions (`dispatched` maps a result of an earlier region's
/// op to the region's result), computed again there; CSE merges the copies.
class HostSizes {
public:
  HostSizes(OpBuilder &host, const IRMapping &dispatched)
      : host(host), dispatched(dispatched) {}

  /// Dimension `dim` of `tensor`: its static size, a `tensor.dim` of an
  /// argument or an earlier region's result, or the size the ops that
  /// computed it were given (an empty tensor's, a destination's, a
  /// reshape's); an error where none is known before the region runs.
  FailureOr<Value> getDim(Value tensor, int64_t dim);

  /// `value` (a size) on the host: an argument as it is, else computed
  /// again there.
  FailureOr<Value> materialize(Value value);

private:
  OpBuilder &host;
  const IRMapping &dispatched;
};

} // namespace mlir::halc

#endif // HALC_DISPATCHFORMATION_HOSTSIZES_H
