//===- Reshapes.h - Results reshaped on their way out -----------*- C++ -*-===//

#ifndef HALC_DISPATCHFORMATION_RESHAPES_H
#define HALC_DISPATCHFORMATION_RESHAPES_H

#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::halc {

/// The value a chain of reshapes starts from: a result reshaped on its way
/// out of a dispatch is written through a reshaped view of its binding.
inline Value peelReshapes(Value value) {
  while (Operation *op = value.getDefiningOp()) {
    if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(op))
      break;
    value = op->getOperand(0);
  }
  return value;
}

} // namespace mlir::halc

#endif // HALC_DISPATCHFORMATION_RESHAPES_H
