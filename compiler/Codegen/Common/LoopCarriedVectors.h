//===- LoopCarriedVectors.h - Splitting vectors that loops carry -*- C++ -*-===//
//
// Unrolling cuts vector ops into pieces, but not the vectors an scf loop
// carries (a hoisted accumulator): those are split by a type conversion of
// the loops into one loop-carried value per piece, so that no wide vector is
// left between the pieces once the ops are unrolled.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_CODEGEN_COMMON_LOOPCARRIEDVECTORS_H
#define HALC_CODEGEN_COMMON_LOOPCARRIEDVECTORS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::halc {

/// Splits each vector that an scf loop in `dispatch` carries into pieces of
/// `getPieceShape(type)` (of its rank, dividing its shape; empty: left
/// whole), in row-major order of their offsets; each piece's leading unit
/// dimensions are dropped (a row of a 2-D vector is a 1-D piece).
LogicalResult splitLoopCarriedVectors(
    func::FuncOp dispatch,
    function_ref<SmallVector<int64_t>(VectorType)> getPieceShape);

} // namespace mlir::halc

#endif // HALC_CODEGEN_COMMON_LOOPCARRIEDVECTORS_H
