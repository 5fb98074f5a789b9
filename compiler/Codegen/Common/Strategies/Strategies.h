//===- Strategies.h - How a dispatch runs on the GPU ------------*- C++ -*-===//
//
// A dispatch's strategy (LoweringConfigAttr's `strategy`) is chosen here,
// for its contraction, reduction or elementwise op, from the target
// description alone; one file a strategy, SelectStrategy.cpp the choice
// among them. Later passes read the recorded strategy, never infer it.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_CODEGEN_COMMON_STRATEGIES_STRATEGIES_H
#define HALC_CODEGEN_COMMON_STRATEGIES_STRATEGIES_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::halc {

/// The most rows (M) of a contraction that runs as a reduction of the
/// columns of B (halc-reduce-few-rows, strategy column_lanes): on an H100,
/// 8 rows ran at 136% (Vulkan) and 71% (CUDA) of PyTorch this way, 16 rows
/// at 156% and 100%; 32 rows at 39% and 12%, below the staged strategy
/// (bench/results/2026-11-27-nvidia-h100-strategies-few-rows.md).
constexpr int64_t kMaxFewRows = 16;

/// Chooses the lowering config of `root`, the op that `dispatch` tiles, from
/// the target description alone.
LoweringConfigAttr chooseLoweringConfig(linalg::LinalgOp root,
                                        func::FuncOp dispatch,
                                        TargetAttr target);

/// The config of `contraction` where an elementwise epilogue consumes its
/// result (getEpilogueContraction): on cooperative matrices, 64 x 128 or
/// 64 x 64 tiles whose accumulator goes through workgroup memory, from which
/// all the threads apply the epilogue; else the staged strategy, whose threads
/// apply it to their block of the accumulator in registers; either where
/// its tiles fit the output; else, for a contraction of `dispatch` whose
/// rows lanes can share (B read transposed), row lanes, lane 0 applying the
/// epilogue to each output; else null (the dispatch keeps a thread's tile of
/// the epilogue, the contraction fused into it).
LoweringConfigAttr chooseEpilogueContractionConfig(linalg::LinalgOp contraction,
                                                   func::FuncOp dispatch,
                                                   TargetAttr target);

/// Whether `config`'s strategy fits `op`, the op of `dispatch` it is on (a
/// staged contraction on a contraction, row lanes on a row's reduction,
/// ...); an error on `op` naming what does not where it does not.
LogicalResult verifyStrategy(linalg::LinalgOp op, func::FuncOp dispatch,
                             LoweringConfigAttr config);

/// The number of parts a contraction's K loop of `k` elements is cut into
/// (1: none) when its M x N output, `m` x `n`, has too few staged tiles to
/// keep the target busy: each part is a workgroup tile's partial sum of a
/// dispatch of its own, a second dispatch adds them up. With `edges` the
/// partial sums may have tiles padded at the output's edges (EdgeTiles.h),
/// counted where no tile divides the output.
int64_t chooseReductionSplit(int64_t m, int64_t n, int64_t k,
                             TargetAttr target, bool edges = false);

} // namespace mlir::halc

#endif // HALC_CODEGEN_COMMON_STRATEGIES_STRATEGIES_H
