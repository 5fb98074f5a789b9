//===- StrategyUtils.h - What the strategies share --------------*- C++ -*-===//

#ifndef HALC_CODEGEN_COMMON_STRATEGIES_STRATEGYUTILS_H
#define HALC_CODEGEN_COMMON_STRATEGIES_STRATEGYUTILS_H

#include "compiler/Codegen/Common/Strategies/Strategies.h"

namespace mlir::halc {

/// What the heuristics assume of a dynamic extent: a multiple of every
/// workgroup size they consider, large enough that a dynamic N takes the
/// tiles of a large static one (a 512 x ? x 4096 matmul called with
/// 4096 columns: 64x64 tiles at a stand-in of 1024 ran 0.576 ms through
/// Vulkan on an H100, the 128x64 tiles of 4096 0.539 ms; the static
/// matmul's 0.465 ms: bench/results/2026-11-27-nvidia-h100-dynamic-sizes.md).
constexpr int64_t kDynamicExtentStandIn = 4096;

/// Workgroups below which the target's GPU is left partly idle: two a
/// compute unit, rounded down to a power of two (the counts of the tiles of
/// power-of-two outputs are powers of two: 256 fill an H100's 132 SMs
/// within 3%); where the target does not say, a large GPU's 256.
int64_t getWorkgroupsToFill(TargetAttr target);

/// Threads along a loop of `size` elements, `perThread` each, at most
/// `limit`: the most whose tiles divide the loop, unless that leaves more
/// than half of the power-of-two choice idle; else that power of two (with a
/// partial tile at the edge).
int64_t chooseThreads(int64_t size, int64_t perThread, int64_t limit);

/// The dispatch's last op with reduction loops, or null (a dispatch has at
/// most one, or, in a row chain, several over rows of the same length).
linalg::LinalgOp findReduction(func::FuncOp dispatch);

/// Serial steps over the reduction loops of the dispatch's reduction (none
/// without one): a few elements at a time, so that
/// a thread's slices of the operands fit in registers and its accumulator is
/// carried in registers; a step that divides the loop keeps every step the
/// same static shape. Only the innermost reduction loop takes several
/// elements a step: a slice of several along an outer one (vector<1x4x1>
/// over a 3x4x5 input's [1, 2]) is strided, and upstream's lowering of its
/// reduction and the unrolling that follows rewrote each other forever.
SmallVector<int64_t> chooseReductionTile(func::FuncOp dispatch);

/// The bytes of the workgroup-memory copies of `config`'s promoted inputs
/// of `root`; none where an input cannot be copied so.
std::optional<int64_t> getWorkgroupMemoryBytes(linalg::LinalgOp root,
                                               LoweringConfigAttr config);

/// Whether the workgroup-memory copies of `config`'s promoted inputs of
/// `root` (and `otherBytes`) fit the target's workgroup memory.
bool fitsWorkgroupMemory(linalg::LinalgOp root, LoweringConfigAttr config,
                         TargetAttr target, int64_t otherBytes = 0);

/// Which way the lanes of a workgroup can share each reduction of `root`.
enum class Lanes { None, AlongRow, AlongColumn };
Lanes getLanes(linalg::LinalgOp root, func::FuncOp dispatch);

/// Whether `dispatch` is a row chain (see FormDispatchRegions) that `root`
/// ends, of rows long enough for lanes to share.
bool isRowChain(linalg::LinalgOp root, func::FuncOp dispatch);

/// Whether `root` is a contraction of few rows ordered (m, k, n), as
/// halc-reduce-few-rows leaves one.
bool hasFewRows(linalg::LinalgOp root);

// The strategies, each in its own file; null where it does not fit.

/// thread_tiles: never null. `contraction`: `root` is one, or the dispatch
/// has one (its threads then take square-ish blocks of the output).
LoweringConfigAttr chooseThreadTilesConfig(linalg::LinalgOp root,
                                           func::FuncOp dispatch,
                                           TargetAttr target, bool contraction);
/// transpose.
LoweringConfigAttr chooseTransposeConfig(linalg::LinalgOp root,
                                         TargetAttr target);
/// row_lanes: a row's reduction, or each op of a row chain (`rowChain`).
LoweringConfigAttr chooseRowLanesConfig(linalg::LinalgOp root,
                                        func::FuncOp dispatch,
                                        TargetAttr target, bool rowChain);
/// column_lanes: a column's reduction, or a contraction of few rows.
LoweringConfigAttr chooseColumnLanesConfig(linalg::LinalgOp root,
                                           TargetAttr target);
/// staged_contraction; `allowEdges`: tiles padded at the output's edges.
LoweringConfigAttr chooseStagedContractionConfig(linalg::LinalgOp root,
                                                 TargetAttr target,
                                                 bool allowEdges = true);
/// cooperative_matrix; `epilogue`: its accumulator in workgroup memory.
LoweringConfigAttr chooseCooperativeMatrixConfig(linalg::LinalgOp root,
                                                 TargetAttr target,
                                                 bool epilogue = false);

} // namespace mlir::halc

#endif // HALC_CODEGEN_COMMON_STRATEGIES_STRATEGYUTILS_H
