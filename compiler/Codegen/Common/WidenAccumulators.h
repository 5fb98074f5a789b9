//===- WidenAccumulators.h - 16-bit float sums carried in f32 ---*- C++ -*-===//
//
// A sum or product of f16 or bf16 that a serial loop carries in registers
// (a column reduction, a whole tensor summed by one thread, the steps of a
// thread's share of a row) is carried in f32 and rounded once after the
// loop: a 16-bit accumulator stops growing once it is large next to each
// step (4,096 f16 steps of 0.001 stop near 4.008 instead of 4.098). Maxima
// and minima (argmax too) are exact in any precision and stay as they are;
// contractions keep the accumulator type the input gives.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_CODEGEN_COMMON_WIDENACCUMULATORS_H
#define HALC_CODEGEN_COMMON_WIDENACCUMULATORS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::halc {

/// Widens the f16 and bf16 sum and product accumulators of the serial loops
/// in `dispatch`.
void widenF16Accumulators(func::FuncOp dispatch);

} // namespace mlir::halc

#endif // HALC_CODEGEN_COMMON_WIDENACCUMULATORS_H
