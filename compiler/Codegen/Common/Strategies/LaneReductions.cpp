//===- LaneReductions.cpp - Reductions shared by lanes --------------------===//
//
// row_lanes: a reduction along the innermost, contiguous loop is shared by
// the lanes of a subgroup (x), where the target's subgroup size is fixed: each
// row's loads are then coalesced; rows go to y and z. Few long rows, or a
// target without a fixed subgroup size, get a workgroup per row; so do the
// rows of a row chain (a softmax), whose lanes share each op of a row in
// turn. column_lanes: a column's reduction is shared by lanes along y of a
// workgroup of 32 columns; so is each column of B of a contraction of few
// rows.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/Strategies/StrategyUtils.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/bit.h"

#include <numeric>

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Elements below which a row runs in one thread: a row of one element has
/// no serial loop for lanes to share.
constexpr int64_t kMinRowLength = 2;

/// Whether the rows (innermost loop) of `op` are long enough to share.
bool hasLongRows(linalg::LinalgOp op) {
  int64_t row = op.getStaticLoopRanges().back();
  return ShapedType::isDynamic(row) || row >= kMinRowLength;
}

/// Whether lanes can combine the partial results of `op`, a reduction: one
/// result, combined by one op that a subgroup reduction has, of values of
/// at most 32 bits (64-bit ones would need two shuffles a step).
bool combinesInLanes(linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 1)
    return false;
  Type element = getElementTypeOrSelf(op.getDpsInits()[0]);
  SmallVector<Operation *> combiners;
  return element.isIntOrFloat() && element.getIntOrFloatBitWidth() <= 32 &&
         matchReduction(op.getRegionOutputArgs(), 0, combiners) &&
         combiners.size() == 1 &&
         isa<arith::AddFOp, arith::AddIOp, arith::MulFOp, arith::MulIOp,
             arith::MaxNumFOp, arith::MinNumFOp, arith::MaximumFOp,
             arith::MinimumFOp, arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp,
             arith::MinUIOp, arith::AndIOp, arith::OrIOp, arith::XOrIOp>(
             combiners.front());
}

/// Rows below which a column's reduction runs in one thread: lanes that
/// would add up fewer than two rows each (split-K's partial sums) idle.
constexpr int64_t kMinColumnLength = 64;

/// Lanes sharing each row (the innermost loop) of `root`. A row chain
/// (`rowChain`) reads each row once per op: a workgroup per row with 16
/// elements a lane keeps few rows in flight, so that the rereads hit the
/// caches (rows of a subgroup each, all in flight at once, would not).
/// Otherwise, when rows of one subgroup's lanes,
/// 256 threads a workgroup, would leave too few workgroups: one row per
/// workgroup, the lanes of several subgroups sharing it (up to the
/// target's limits and 8 elements a lane); else `subgroupSize`. Without
/// subgroup operations (`subgroupSize` 0) lanes combine through workgroup
/// memory, which needs full tiles: one row per workgroup, 32 or 64 lanes.
int64_t chooseLanesPerRow(linalg::LinalgOp root, TargetAttr target,
                          int64_t subgroupSize, bool rowChain) {
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  auto extent = [&](unsigned loop) {
    return ShapedType::isDynamic(ranges[loop]) ? kDynamicExtentStandIn
                                               : ranges[loop];
  };
  unsigned row = ranges.size() - 1;
  if (subgroupSize == 0)
    return std::min<int64_t>({extent(row) < 512 ? 32 : 64,
                              target.getMaxWorkgroupInvocations(),
                              target.getMaxWorkgroupSize()[0]});
  int64_t rows = 1;
  for (unsigned loop = 0; loop < row; ++loop)
    rows *= extent(loop);
  int64_t rowsPerWorkgroup = std::max<int64_t>(1, 256 / subgroupSize);
  if (!rowChain && rows / rowsPerWorkgroup >= getWorkgroupsToFill(target))
    return subgroupSize;
  int64_t limit =
      std::min({target.getMaxWorkgroupInvocations(),
                target.getMaxWorkgroupSize()[0], subgroupSize * subgroupSize});
  int64_t wanted = llvm::PowerOf2Ceil(extent(row) / (rowChain ? 16 : 8));
  int64_t lanes = std::min(limit, wanted) / subgroupSize * subgroupSize;
  return std::max(lanes, subgroupSize);
}

/// For a contraction of few rows ordered (m, k, n) (halc-reduce-few-rows):
/// a workgroup of 32 columns (x) whose lanes along y (up to 32, as many as
/// the workgroup memory that combines them holds) share each column's K;
/// each thread keeps all the rows of its column in registers. A step reads
/// B once (the lanes' rows of 32 neighbouring columns, coalesced) and a
/// column of A that every thread of a row of the workgroup reads alike.
LoweringConfigAttr chooseFewRowsConfig(linalg::LinalgOp root,
                                       TargetAttr target) {
  constexpr int64_t columns = 32;
  int64_t rows = root.getStaticLoopRanges()[0];
  ArrayRef<int64_t> maxSize = target.getMaxWorkgroupSize();
  // The lanes' partial columns meet in workgroup memory, f32 at most.
  int64_t slotBytes = columns * rows * 4;
  int64_t lanes = std::min<int64_t>(
      {32, maxSize[1], target.getMaxWorkgroupInvocations() / columns,
       int64_t(llvm::bit_floor(uint64_t(std::max<int64_t>(
           1, target.getMaxSharedMemoryBytes() / slotBytes))))});
  if (maxSize[0] < columns || lanes < 2)
    return {};
  // Four rows of B a step where they divide K: four loads of each thread in
  // flight at once, not one (measured: 8 rows twice as fast through Vulkan
  // on an H100; wider steps make vectors SPIR-V does not have).
  int64_t k = root.getStaticLoopRanges()[1];
  int64_t step = k % 4 == 0 ? 4 : k % 2 == 0 ? 2 : 1;
  return LoweringConfigAttr::get(root.getContext(), Strategy::ColumnLanes,
                                 {rows, 0, columns}, {columns, lanes, 1},
                                 {step}, lanes, /*promoteOperands=*/{},
                                 /*subgroupMatrix=*/{});
}

} // namespace

/// Whether `root` is a contraction of few rows ordered (m, k, n), as
/// halc-reduce-few-rows leaves one.
bool mlir::halc::hasFewRows(linalg::LinalgOp root) {
  if (!linalg::isaContractionOpInterface(root))
    return false;
  SmallVector<utils::IteratorType> iterators = root.getIteratorTypesArray();
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  return iterators.size() == 3 &&
         iterators[1] == utils::IteratorType::reduction &&
         !ShapedType::isDynamic(ranges[0]) && ranges[0] <= kMaxFewRows;
}

/// The way lanes share `root`'s reductions: along a row when `root` is the
/// dispatch's reduction with one reduction loop, innermost, that every input
/// reads contiguously, of at least kMinRowLength elements; along a column when
/// its one reduction loop is outer and the innermost loop is parallel, read
/// contiguously and a multiple of the 32 columns of a workgroup (whose tiles
/// must be full). Either needs a combiner that is one op a subgroup reduction
/// has, of values of at most 32 bits (64-bit ones would need two shuffles a
/// step), and at most two parallel loops; a column, at least kMinColumnLength
/// rows.
Lanes mlir::halc::getLanes(linalg::LinalgOp root, func::FuncOp dispatch) {
  if (findReduction(dispatch) != root || root.getNumReductionLoops() != 1 ||
      root.getNumParallelLoops() < 1 || root.getNumParallelLoops() > 2 ||
      !combinesInLanes(root))
    return Lanes::None;
  unsigned last = root.getNumLoops() - 1;
  AffineExpr innermost = getAffineDimExpr(last, root.getContext());
  for (OpOperand *input : root.getDpsInputOperands()) {
    AffineMap map = root.getMatchingIndexingMap(input);
    if (llvm::is_contained(map.getResults(), innermost) &&
        map.getResults().back() != innermost)
      return Lanes::None;
  }
  if (root.getIteratorTypesArray()[last] == utils::IteratorType::reduction)
    return hasLongRows(root) ? Lanes::AlongRow : Lanes::None;
  SmallVector<unsigned> reductions;
  root.getReductionDims(reductions);
  int64_t columns = root.getStaticLoopRanges()[last];
  int64_t length = root.getStaticLoopRanges()[reductions.front()];
  return !ShapedType::isDynamic(columns) && columns % 32 == 0 &&
                 (ShapedType::isDynamic(length) || length >= kMinColumnLength)
             ? Lanes::AlongColumn
             : Lanes::None;
}

/// Whether `dispatch` is a row chain (see FormDispatchRegions): besides `root`,
/// it has ops that reduce the innermost loop of each row of `root` (their one
/// reduction loop), whose results the ops after them read per row; at most
/// two loops of rows, which go to y and z; rows of at least kMinRowLength
/// elements; reductions whose lanes can combine (combinesInLanes).
bool mlir::halc::isRowChain(linalg::LinalgOp root, func::FuncOp dispatch) {
  unsigned loops = root.getNumLoops();
  if (loops < 2 || loops > 3 || root.getNumParallelLoops() < loops - 1 ||
      !hasLongRows(root))
    return false;
  bool reducesBefore = false, others = false;
  dispatch.walk([&](linalg::LinalgOp op) {
    if (op == root || op.getNumReductionLoops() == 0)
      return;
    reducesBefore = true;
    others |=
        op.getNumLoops() != loops || op.getNumReductionLoops() != 1 ||
        op.getIteratorTypesArray().back() != utils::IteratorType::reduction ||
        !combinesInLanes(op);
  });
  return reducesBefore && !others;
}

/// Rows of a workgroup (its loops but the innermost, all parallel) whose
/// reductions `lanes` threads each share: 256 threads in all, fewer for
/// short loops; one row when the lanes span several subgroups.
LoweringConfigAttr mlir::halc::chooseRowLanesConfig(linalg::LinalgOp root,
                                                    func::FuncOp dispatch,
                                                    TargetAttr target,
                                                    bool rowChain) {
  int64_t subgroupSize = target.getFixedSubgroupSize();
  int64_t lanes = chooseLanesPerRow(root, target, subgroupSize, rowChain);
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  SmallVector<unsigned> parallel(root.getNumLoops() - 1);
  std::iota(parallel.begin(), parallel.end(), 0);
  int64_t budget =
      lanes != subgroupSize
          ? 1
          : std::max<int64_t>(
                1, std::min<int64_t>(256, target.getMaxWorkgroupInvocations()) /
                       lanes);
  SmallVector<int64_t> workgroupTile(ranges.size(), 0);
  SmallVector<int64_t> workgroupSize = {lanes, 1, 1};
  // y is the innermost parallel loop, z the next.
  for (unsigned dim = 1; dim <= parallel.size(); ++dim) {
    unsigned loop = parallel[parallel.size() - dim];
    int64_t size = ShapedType::isDynamic(ranges[loop]) ? kDynamicExtentStandIn
                                                       : ranges[loop];
    int64_t threads = chooseThreads(
        size, 1, std::min(budget, target.getMaxWorkgroupSize()[dim]));
    workgroupSize[dim] = threads;
    workgroupTile[loop] = threads;
    budget /= threads;
  }
  // Two steps a row at least: one step would fold the loop the lanes share.
  // A dynamic row in steps of one: each step's tile is static, vectorized
  // into the form halc-distribute-reduction-lanes shares.
  SmallVector<int64_t> steps = chooseReductionTile(dispatch);
  int64_t row = ranges.back();
  if (ShapedType::isDynamic(row))
    steps.back() = 1;
  while (!ShapedType::isDynamic(row) && steps.back() > 1 &&
         row < 2 * steps.back())
    steps.back() /= 2;
  return LoweringConfigAttr::get(root.getContext(), Strategy::RowLanes,
                                 workgroupTile, workgroupSize, steps, lanes,
                                 /*promoteOperands=*/{},
                                 /*subgroupMatrix=*/{});
}

/// A workgroup of 32 columns whose lanes along y (as many as fit, at most
/// 32) share each column's reduction: each lane reads every lanes-th row,
/// the 32 columns of a row coalesced; the other parallel loop goes to z,
/// one index per workgroup. A contraction's few rows: chooseFewRowsConfig.
LoweringConfigAttr mlir::halc::chooseColumnLanesConfig(linalg::LinalgOp root,
                                                       TargetAttr target) {
  constexpr int64_t columns = 32;
  int64_t lanes =
      std::min<int64_t>({32, target.getMaxWorkgroupInvocations() / columns,
                         target.getMaxWorkgroupSize()[1]});
  SmallVector<unsigned> parallel;
  root.getParallelDims(parallel);
  SmallVector<int64_t> workgroupTile(root.getNumLoops(), 0);
  if (hasFewRows(root))
    return chooseFewRowsConfig(root, target);
  if (lanes < 2 || target.getMaxWorkgroupSize()[0] < columns)
    return {};
  for (unsigned loop : parallel)
    workgroupTile[loop] = 1;
  workgroupTile.back() = columns;
  return LoweringConfigAttr::get(root.getContext(), Strategy::ColumnLanes,
                                 workgroupTile, {columns, lanes, 1}, {1}, lanes,
                                 /*promoteOperands=*/{},
                                 /*subgroupMatrix=*/{});
}
