//===- LoadTime.h - Values the module computes once, when it loads -*- C++
//-*-===//
//
// A value computed from constants alone (a model's weights, bound as
// parameters when the module loads, and what is derived from them: a batch
// norm folded into its convolution's weights) is the same at every call:
// its dispatches run once, at load, as IREE's const-eval hoists such values
// into globals that an initializer computes.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_DISPATCHFORMATION_LOADTIME_H
#define HALC_DISPATCHFORMATION_LOADTIME_H

#include "mlir/IR/Operation.h"

namespace mlir::halc {

/// Whether `value` depends on constants only: no function argument, no
/// side effect, on the way to it.
bool isComputedFromConstants(Value value);

/// Whether `producer` (a linalg op) is computed once at load and kept, not
/// fused into a consumer that runs at every call: it depends on constants
/// only, one of them a tensor of distinct elements (weights, not a splat),
/// and its results are no larger, in bytes, than its largest operand (a
/// broadcast or a widening dequantization is cheaper to recompute where it
/// is read than to read from memory).
bool isComputedOnceAtLoad(Operation *producer);

/// Whether `producer` is computed once at load and `consumer` at every
/// call: fused, the call would compute it again.
bool staysApartFromCall(Operation *producer, Operation *consumer);

} // namespace mlir::halc

#endif // HALC_DISPATCHFORMATION_LOADTIME_H
