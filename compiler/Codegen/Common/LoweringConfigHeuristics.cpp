//===- LoweringConfigHeuristics.cpp - Default tile and workgroup sizes ----===//
//
// The strategy: the innermost (up to three) parallel loops of the tiled op are
// distributed over workgroup dimensions x, y, z; each thread of a workgroup
// computes `perThread` consecutive elements along each of them; reductions
// run serially inside each thread. Tiles that divide the loops evenly are
// preferred: a thread's work then has a static shape and is vectorized.
// A reduction along the innermost, contiguous loop is instead shared by the
// lanes of a subgroup (x), where the target's subgroup size is fixed: each
// row's loads are then coalesced; rows go to y and z. Few long rows, or a
// target without a fixed subgroup size, get a workgroup per row; so do the
// rows of a row chain (a softmax), whose lanes share each op of a row in
// turn. A column's reduction is shared by lanes along y of a workgroup of 32
// columns.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/LoweringConfigHeuristics.h"
#include "compiler/Codegen/Common/EdgeTiles.h"
#include "compiler/Codegen/Common/PromoteOperands.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Analysis/SliceAnalysis.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::halc;

namespace {

enum class Kind { Elementwise, Reduction, Contraction };

/// What the heuristic assumes of a dynamic extent: a multiple of every
/// workgroup size it considers.
constexpr int64_t kDynamicExtentStandIn = 1024;

/// The dispatch's contraction (matmul-like op), or null.
linalg::LinalgOp findContraction(func::FuncOp dispatch) {
  linalg::LinalgOp contraction;
  dispatch.walk([&](linalg::LinalgOp op) {
    if (linalg::isaContractionOpInterface(op))
      contraction = op;
  });
  return contraction;
}

Kind classify(linalg::LinalgOp root, func::FuncOp dispatch) {
  if (findContraction(dispatch))
    return Kind::Contraction;
  return root.getNumReductionLoops() > 0 ? Kind::Reduction : Kind::Elementwise;
}

/// Threads along a loop of `size` elements, `perThread` each, at most
/// `limit`: the most whose tiles divide the loop, unless that leaves more
/// than half of the power-of-two choice idle; else that power of two (with a
/// partial tile at the edge).
int64_t chooseThreads(int64_t size, int64_t perThread, int64_t limit) {
  int64_t chunks = llvm::divideCeil(size, perThread);
  int64_t fallback = std::max<int64_t>(
      1, std::min<int64_t>(llvm::PowerOf2Ceil(chunks), limit));
  if (size % perThread != 0)
    return fallback;
  for (int64_t threads = std::min(chunks, limit); 2 * threads > fallback;
       --threads)
    if (chunks % threads == 0)
      return threads;
  return fallback;
}

/// The dispatch's last op with reduction loops, or null (a dispatch has at
/// most one, or, in a row chain, several over rows of the same length).
linalg::LinalgOp findReduction(func::FuncOp dispatch) {
  linalg::LinalgOp reduction;
  dispatch.walk([&](linalg::LinalgOp op) {
    if (op.getNumReductionLoops() > 0)
      reduction = op;
  });
  return reduction;
}

/// Serial steps over the reduction loops: a few elements at a time, so that
/// a thread's slices of the operands fit in registers and its accumulator is
/// carried in registers; a step that divides the loop keeps every step the
/// same static shape. Only the innermost reduction loop takes several
/// elements a step: a slice of several along an outer one (vector<1x4x1>
/// over a 3x4x5 input's [1, 2]) is strided, and upstream's lowering of its
/// reduction and the unrolling that follows rewrote each other forever.
SmallVector<int64_t> chooseReductionTile(func::FuncOp dispatch) {
  linalg::LinalgOp reduction = findReduction(dispatch);
  if (!reduction)
    return {};
  SmallVector<int64_t> ranges = reduction.getStaticLoopRanges();
  SmallVector<unsigned> reductions;
  reduction.getReductionDims(reductions);
  SmallVector<int64_t> steps(reductions.size(), 1);
  int64_t size = ranges[reductions.back()];
  for (int64_t candidate : {4, 2})
    if (size % candidate == 0) {
      steps.back() = candidate;
      break;
    }
  return steps;
}

/// Elements per thread along workgroup dimension `dim` of a loop of `size`:
/// four consecutive ones where they divide evenly (a vector of four), along
/// x, and for contractions along y too (a 4x4 block of outputs); else one.
int64_t elementsPerThread(Kind kind, unsigned dim, int64_t size) {
  bool blocked = (kind == Kind::Elementwise && dim == 0) ||
                 (kind == Kind::Contraction && dim < 2);
  if (!blocked || ShapedType::isDynamic(size))
    return 1;
  return size % 4 == 0 ? 4 : 1;
}

/// Whether `root` is a contraction of few rows ordered (m, k, n), as
/// halc-reduce-few-rows leaves one.
bool hasFewRows(linalg::LinalgOp root) {
  if (!linalg::isaContractionOpInterface(root))
    return false;
  SmallVector<utils::IteratorType> iterators = root.getIteratorTypesArray();
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  return iterators.size() == 3 &&
         iterators[1] == utils::IteratorType::reduction &&
         !ShapedType::isDynamic(ranges[0]) && ranges[0] <= kMaxFewRows;
}

/// Which way the lanes of a workgroup can share each reduction of `root`.
enum class Lanes { None, AlongRow, AlongColumn };

/// Rows below which a column's reduction runs in one thread: lanes that
/// would add up fewer than two rows each (split-K's partial sums) idle.
constexpr int64_t kMinColumnLength = 64;

/// The way lanes share `root`'s reductions: along a row when `root` is the
/// dispatch's reduction with one reduction loop, innermost, that every input
/// reads contiguously; along a column when its one reduction loop is outer
/// and the innermost loop is parallel, read contiguously and a multiple of
/// the 32 columns of a workgroup (whose tiles must be full). Either needs a
/// combiner that is one op a subgroup reduction has and at most two
/// parallel loops; a column, at least kMinColumnLength rows.
Lanes getLanes(linalg::LinalgOp root, func::FuncOp dispatch) {
  if (findReduction(dispatch) != root || root.getNumReductionLoops() != 1 ||
      root.getNumParallelLoops() < 1 || root.getNumParallelLoops() > 2 ||
      root.getNumDpsInits() != 1)
    return Lanes::None;
  SmallVector<Operation *> combiners;
  if (!matchReduction(root.getRegionOutputArgs(), 0, combiners) ||
      combiners.size() != 1 ||
      !isa<arith::AddFOp, arith::AddIOp, arith::MulFOp, arith::MulIOp,
           arith::MaxNumFOp, arith::MinNumFOp, arith::MaximumFOp,
           arith::MinimumFOp, arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp,
           arith::MinUIOp, arith::AndIOp, arith::OrIOp, arith::XOrIOp>(
          combiners.front()))
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
    return Lanes::AlongRow;
  SmallVector<unsigned> reductions;
  root.getReductionDims(reductions);
  int64_t columns = root.getStaticLoopRanges()[last];
  int64_t length = root.getStaticLoopRanges()[reductions.front()];
  return !ShapedType::isDynamic(columns) && columns % 32 == 0 &&
                 (ShapedType::isDynamic(length) ||
                  length >= kMinColumnLength)
             ? Lanes::AlongColumn
             : Lanes::None;
}

/// Whether `dispatch` is a row chain (see FormDispatches): besides `root`,
/// it has ops that reduce the innermost loop of each row of `root` (their one
/// reduction loop), whose results the ops after them read per row; at most
/// two loops of rows, which go to y and z.
bool isRowChain(linalg::LinalgOp root, func::FuncOp dispatch) {
  unsigned loops = root.getNumLoops();
  if (loops < 2 || loops > 3 || root.getNumParallelLoops() < loops - 1)
    return false;
  bool reducesBefore = false, others = false;
  dispatch.walk([&](linalg::LinalgOp op) {
    if (op == root || op.getNumReductionLoops() == 0)
      return;
    reducesBefore = true;
    others |= op.getNumLoops() != loops || op.getNumReductionLoops() != 1 ||
              op.getIteratorTypesArray().back() != utils::IteratorType::reduction;
  });
  return reducesBefore && !others;
}

/// Workgroups below which a GPU is left partly idle: two per compute unit
/// of a large GPU.
constexpr int64_t kWorkgroupsToFillGPU = 256;

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
    return std::min<int64_t>(
        {extent(row) < 512 ? 32 : 64, target.getMaxWorkgroupInvocations(),
         target.getMaxWorkgroupSize()[0]});
  int64_t rows = 1;
  for (unsigned loop = 0; loop < row; ++loop)
    rows *= extent(loop);
  int64_t rowsPerWorkgroup = std::max<int64_t>(1, 256 / subgroupSize);
  if (!rowChain && rows / rowsPerWorkgroup >= kWorkgroupsToFillGPU)
    return subgroupSize;
  int64_t limit = std::min({target.getMaxWorkgroupInvocations(),
                            target.getMaxWorkgroupSize()[0],
                            subgroupSize * subgroupSize});
  int64_t wanted = llvm::PowerOf2Ceil(extent(row) / (rowChain ? 16 : 8));
  int64_t lanes = std::min(limit, wanted) / subgroupSize * subgroupSize;
  return std::max(lanes, subgroupSize);
}

/// Rows of a workgroup (its loops but the innermost, all parallel) whose
/// reductions `lanes` threads each share: 256 threads in all, fewer for
/// short loops; one row when the lanes span several subgroups.
LoweringConfigAttr chooseLanesPerRowConfig(linalg::LinalgOp root,
                                           func::FuncOp dispatch,
                                           TargetAttr target,
                                           int64_t subgroupSize,
                                           bool rowChain) {
  int64_t lanes = chooseLanesPerRow(root, target, subgroupSize, rowChain);
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  SmallVector<unsigned> parallel(root.getNumLoops() - 1);
  std::iota(parallel.begin(), parallel.end(), 0);
  int64_t budget =
      lanes != subgroupSize
          ? 1
          : std::max<int64_t>(
                1,
                std::min<int64_t>(256, target.getMaxWorkgroupInvocations()) /
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
  return LoweringConfigAttr::get(root.getContext(), workgroupTile,
                                 workgroupSize, chooseReductionTile(dispatch),
                                 lanes, /*promoteOperands=*/{},
                                 /*subgroupMatrix=*/{});
}

/// For a contraction of few rows ordered (m, k, n) (halc-reduce-few-rows):
/// a workgroup of 16 columns (x) by all the rows (z), whose lanes along y
/// (as many as fill 1024 threads, at most 32) share each column's K. The
/// threads of a column read the same row of B (once from memory), those
/// of a row 16 neighbouring columns.
LoweringConfigAttr chooseFewRowsConfig(linalg::LinalgOp root,
                                       TargetAttr target) {
  constexpr int64_t columns = 16;
  int64_t rows = root.getStaticLoopRanges()[0];
  ArrayRef<int64_t> maxSize = target.getMaxWorkgroupSize();
  int64_t budget = std::min<int64_t>(1024, target.getMaxWorkgroupInvocations());
  int64_t lanes = std::min<int64_t>(
      {32, maxSize[1],
       int64_t(llvm::bit_floor(
           uint64_t(std::max<int64_t>(1, budget / (columns * rows)))))});
  if (maxSize[2] < rows || maxSize[0] < columns ||
      columns * rows * lanes > target.getMaxWorkgroupInvocations())
    return {};
  return LoweringConfigAttr::get(root.getContext(), {rows, 0, columns},
                                 {columns, lanes, rows}, {1}, lanes,
                                 /*promoteOperands=*/{},
                                 /*subgroupMatrix=*/{});
}

/// A workgroup of 32 columns whose lanes along y (as many as fit, at most
/// 32) share each column's reduction: each lane reads every lanes-th row,
/// the 32 columns of a row coalesced; the other parallel loop goes to z,
/// one index per workgroup. A contraction's few rows: chooseFewRowsConfig.
LoweringConfigAttr chooseColumnReductionConfig(linalg::LinalgOp root,
                                               TargetAttr target) {
  constexpr int64_t columns = 32;
  int64_t lanes = std::min<int64_t>(
      {32, target.getMaxWorkgroupInvocations() / columns,
       target.getMaxWorkgroupSize()[1]});
  SmallVector<unsigned> parallel;
  root.getParallelDims(parallel);
  SmallVector<int64_t> workgroupTile(root.getNumLoops(), 0);
  if (hasFewRows(root))
    return chooseFewRowsConfig(root, target);
  for (unsigned loop : parallel)
    workgroupTile[loop] = 1;
  workgroupTile.back() = columns;
  return LoweringConfigAttr::get(root.getContext(), workgroupTile,
                                 {columns, lanes, 1}, {1}, lanes,
                                 /*promoteOperands=*/{},
                                 /*subgroupMatrix=*/{});
}

/// The side of a transpose's square tile.
constexpr int64_t kTransposeTile = 32;

/// For an elementwise `root` that reads an input across its rows (a
/// transpose: the input's innermost dimension is the root's next-to-last
/// loop, its innermost loop another dimension of the input), a workgroup
/// of 32x32 elements of the last two loops (one along any loop before),
/// whose input tile is promoted: the threads copy it to workgroup memory
/// along the input's rows and write the output along its own, both
/// coalesced. Null when there is no such input, the two loops have fewer
/// than 32 elements, or the target's workgroups are smaller than 256.
LoweringConfigAttr chooseTransposeConfig(linalg::LinalgOp root,
                                         TargetAttr target) {
  unsigned loops = root.getNumLoops();
  if (loops < 2 || loops > 3 || root.getNumReductionLoops() > 0)
    return {};
  SmallVector<int64_t> promoted;
  for (OpOperand *input : root.getDpsInputOperands()) {
    AffineMap map = root.getMatchingIndexingMap(input);
    if (map.isPermutation() && map.getDimPosition(loops - 1) == loops - 2)
      promoted.push_back(input->getOperandNumber());
  }
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  auto isLarge = [](int64_t extent) {
    return !ShapedType::isDynamic(extent) && extent >= kTransposeTile;
  };
  int64_t rows = kTransposeTile / 4;
  if (promoted.empty() || !isLarge(ranges[loops - 1]) ||
      !isLarge(ranges[loops - 2]) ||
      target.getMaxWorkgroupInvocations() < kTransposeTile * rows ||
      target.getMaxWorkgroupSize()[0] < kTransposeTile ||
      target.getMaxWorkgroupSize()[1] < rows)
    return {};
  SmallVector<int64_t> workgroupTile(loops, 1);
  workgroupTile[loops - 1] = kTransposeTile;
  workgroupTile[loops - 2] = kTransposeTile;
  return LoweringConfigAttr::get(root.getContext(), workgroupTile,
                                 {kTransposeTile, rows, 1},
                                 /*reductionTile=*/{}, /*reductionLanes=*/0,
                                 promoted, /*subgroupMatrix=*/{});
}

/// The bytes of the workgroup-memory copies of `config`'s promoted inputs
/// of `root`; none where an input cannot be copied so.
std::optional<int64_t> getWorkgroupMemoryBytes(linalg::LinalgOp root,
                                               LoweringConfigAttr config) {
  int64_t bytes = 0;
  for (int64_t operand : config.getPromoteOperands()) {
    OpOperand *input = root.getDpsInputOperand(operand);
    Type element = getElementTypeOrSelf(input->get().getType());
    if (!root.getMatchingIndexingMap(input).isProjectedPermutation() ||
        !element.isIntOrFloat())
      return std::nullopt;
    bytes += computeProduct(getPromotedShape(root, operand, config)) *
             llvm::divideCeil(element.getIntOrFloatBitWidth(), 8);
  }
  return bytes;
}

/// Whether the workgroup-memory copies of `config`'s promoted inputs of
/// `root` (and `otherBytes`) fit the target's workgroup memory.
bool fitsWorkgroupMemory(linalg::LinalgOp root, LoweringConfigAttr config,
                         TargetAttr target, int64_t otherBytes = 0) {
  std::optional<int64_t> bytes = getWorkgroupMemoryBytes(root, config);
  return bytes && *bytes + otherBytes <= target.getMaxSharedMemoryBytes();
}

/// A staged contraction's workgroup: threads along N (x) and M (y), and
/// each thread's block of rows (M) and columns (N). A thread's columns are
/// four: the threads of a subgroup then read 128-bit rows of B's tile side
/// by side (no two in one memory bank) and all read the same row of A's
/// (one broadcast).
struct StagedBlock {
  int64_t threadsAlongN, threadsAlongM, rows, columns;
};

/// In order of preference: 16x4 blocks, then 8x4, 4x4 and 2x4. Threads
/// along M are also 14 and 7 (workgroups of whole subgroups) so that a tile
/// divides M sizes like a convolution's 7 * 7 * 8 output pixels.
constexpr StagedBlock kStagedBlocks[] = {
    {32, 8, 16, 4}, {32, 7, 16, 4}, {32, 8, 8, 4}, {32, 7, 8, 4},
    {16, 16, 4, 4}, {16, 14, 4, 4}, {16, 8, 4, 4}, {16, 16, 2, 4},
    {16, 14, 2, 4}, {16, 8, 2, 4},
};

/// The K elements a staged workgroup copies to workgroup memory at a step.
constexpr int64_t kStagedStep = 32;

/// Outputs of a thread's block from which a tile needs a GPU's worth of
/// workgroups (smaller blocks: half of that) to be preferred.
constexpr int64_t kLargeBlockOutputs = 64;

/// The share of a padded tile's outputs that real ones must exceed for
/// tiles at the edges to be worth it: a 1000x1000 output in 64x128 tiles
/// uses 95% of what is computed, a 196-pixel row in 64-wide tiles 77%.
constexpr double kMinEdgeTileUse = 0.75;

/// The workgroup tiles of `block` over an `m` x `n` output; 0 where its
/// threads do not fit the target's workgroups, or where the tiles do not
/// divide the output (with `edges`: where the padded tiles would compute
/// too much more than the output).
int64_t countStagedTiles(const StagedBlock &block, int64_t m, int64_t n,
                         TargetAttr target, bool edges = false) {
  int64_t tileM = block.threadsAlongM * block.rows;
  int64_t tileN = block.threadsAlongN * block.columns;
  ArrayRef<int64_t> maxSize = target.getMaxWorkgroupSize();
  if (target.getMaxWorkgroupInvocations() <
          block.threadsAlongN * block.threadsAlongM ||
      maxSize[0] < block.threadsAlongN || maxSize[1] < block.threadsAlongM)
    return 0;
  int64_t tiles = llvm::divideCeil(m, tileM) * llvm::divideCeil(n, tileN);
  if (!edges)
    return m % tileM == 0 && n % tileN == 0 ? tiles : 0;
  return m * n > kMinEdgeTileUse * tiles * tileM * tileN ? tiles : 0;
}

/// Outputs of a thread's block that count as a good tile for split-K: the
/// threads of tiles of 4x4 blocks or larger decide whether a K loop is
/// split (fewer than a quarter of a GPU's worth of workgroups of 256: a
/// 1568x256 output has 112 tiles of 56x64, 224 threads each, and stays
/// whole, a 392x512 one 56 and is split, and so is a 512x392 one, whose
/// 112 padded tiles of 32x64 have 128 threads each); those of 8x4 blocks
/// or larger how many parts it gets (a block of 8x4 reads half as much
/// workgroup memory per product as one of 4x4).
constexpr int64_t kWholeBlockOutputs = 16;
constexpr int64_t kSplitBlockOutputs = 32;

/// K elements each part of a split keeps at least: its partial sums cost a
/// write and a read of the output per part.
constexpr int64_t kMinSplitReduction = 256;

/// Threads of a split's partial-sum workgroup tiles that keep a GPU busy.
constexpr int64_t kThreadsToFillGPU = kWorkgroupsToFillGPU / 4 * 256;

/// The most workgroup tiles (`threads`: their threads) of the staged blocks
/// of `minOutputs` outputs or more over an `m` x `n` output.
int64_t countBestStagedTiles(int64_t m, int64_t n, int64_t minOutputs,
                             TargetAttr target, bool edges,
                             bool threads = false) {
  int64_t best = 0;
  for (const StagedBlock &block : kStagedBlocks)
    if (block.rows * block.columns >= minOutputs)
      best = std::max(best,
                      countStagedTiles(block, m, n, target, edges) *
                          (threads ? block.threadsAlongN * block.threadsAlongM
                                   : 1));
  return best;
}

/// The block of a staged contraction over a `batch` of `m` x `n` outputs:
/// the first whose tiles leave the GPU busy (large blocks: all of it,
/// smaller ones: half of it), else the one that gives the most workgroups;
/// tiles padded at the output's edges where `edges`.
std::optional<StagedBlock> chooseStagedBlock(int64_t batch, int64_t m,
                                             int64_t n, TargetAttr target,
                                             bool edges) {
  std::optional<StagedBlock> block;
  int64_t mostWorkgroups = 0;
  for (StagedBlock candidate : kStagedBlocks) {
    bool large = candidate.rows * candidate.columns >= kLargeBlockOutputs;
    int64_t workgroups =
        batch * countStagedTiles(candidate, m, n, target, edges);
    if (workgroups == 0)
      continue;
    int64_t enough = large ? kWorkgroupsToFillGPU : kWorkgroupsToFillGPU / 2;
    if (workgroups >= enough)
      return candidate;
    if (!large && workgroups > mostWorkgroups) {
      block = candidate;
      mostWorkgroups = workgroups;
    }
  }
  return block;
}

/// For a contraction (a matmul, a batch matmul, a convolution's implicit
/// GEMM) whose tiles divide its loops, or whose tiles at the edges can be
/// padded (EdgeTiles.h; so can a dynamic M or batch's, N and K static): a
/// workgroup of 32 threads along N and 8 (7) along M computes a tile of the
/// output of up to 128x128 (a 16x4 block a thread, where that still leaves the
/// GPU busy; else smaller blocks and tiles), stepping through K 32 (16, 8, 4)
/// at a time. At each step all the threads copy the step's tiles of A and B to
/// workgroup memory, along their rows (coalesced, 128-bit where aligned), and
/// every thread reads its rows and columns from there: each input element
/// leaves global memory once a workgroup, not once a thread. Null where no tile
/// fits the shape (other shapes keep a thread's serial K loop) or the tiles
/// do not fit the target's workgroups or workgroup memory.
LoweringConfigAttr chooseStagedContractionConfig(linalg::LinalgOp root,
                                                 TargetAttr target,
                                                 bool allowEdges = true) {
  SmallVector<unsigned> parallel, reductions;
  root.getParallelDims(parallel);
  root.getReductionDims(reductions);
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  if (!linalg::isaContractionOpInterface(root) || reductions.size() != 1 ||
      parallel.size() < 2 || parallel.size() > 3)
    return {};
  unsigned m = parallel[parallel.size() - 2], n = parallel.back(),
           k = reductions.front();
  // Tiles that divide the output where some do; else tiles padded at its
  // edges, where the op's inputs can be read so. A dynamic M (or batch), a
  // multiple of the tile or not, is taken as large, its last tile padded.
  bool edges = allowEdges && canPadToTile(root);
  bool dynamic = llvm::any_of(ranges, ShapedType::isDynamic);
  if (dynamic && (!edges || ShapedType::isDynamic(ranges[n]) ||
                  ShapedType::isDynamic(ranges[k])))
    return {};
  for (int64_t &range : ranges)
    if (ShapedType::isDynamic(range))
      range = kDynamicExtentStandIn;
  int64_t batch = parallel.size() == 3 ? ranges[parallel.front()] : 1;
  std::optional<StagedBlock> block =
      chooseStagedBlock(batch, ranges[m], ranges[n], target, false);
  if (!block && edges)
    block = chooseStagedBlock(batch, ranges[m], ranges[n], target, true);
  // Steps of 32 where they divide K, or where the last one, padded, adds
  // at most an eighth to it (fewer, fuller steps than a smaller step that
  // divides it); else the largest step that divides K, else a padded one.
  int64_t step = 0;
  int64_t paddedK = llvm::alignTo(ranges[k], kStagedStep);
  if (ranges[k] % kStagedStep == 0 ||
      (edges && 8 * (paddedK - ranges[k]) <= ranges[k]))
    step = kStagedStep;
  for (int64_t candidate : {16, 8, 4})
    if (!step && ranges[k] % candidate == 0)
      step = candidate;
  if (!step && edges)
    step = std::min<int64_t>(kStagedStep, llvm::alignTo(ranges[k], 4));
  if (!block || !step)
    return {};
  SmallVector<int64_t> workgroupTile(ranges.size(), 0);
  workgroupTile[m] = block->threadsAlongM * block->rows;
  workgroupTile[n] = block->threadsAlongN * block->columns;
  workgroupTile[k] = step;
  if (parallel.size() == 3)
    workgroupTile[parallel.front()] = 1;
  auto config = LoweringConfigAttr::get(
      root.getContext(), workgroupTile,
      {block->threadsAlongN, block->threadsAlongM, 1},
      /*reductionTile=*/{4}, /*reductionLanes=*/0, /*promoteOperands=*/{0, 1},
      /*subgroupMatrix=*/{});
  return fitsWorkgroupMemory(root, config, target) ? config
                                                   : LoweringConfigAttr();
}

/// A workgroup of a contraction on cooperative matrices: its M x N tile,
/// its subgroups along M and N (each takes an equal block of the tile), and
/// how many of its workgroups a compute unit runs at once by their
/// registers where that was measured (else 0).
struct MatrixBlock {
  int64_t tileM, tileN, subgroupsAlongM, subgroupsAlongN, residentWorkgroups;
};

/// Largest first: 4 subgroups of 64 x 64 outputs (16 accumulators of
/// 16 x 16 each, A and B read from workgroup memory once per 4 x 4
/// products: the fastest of the shapes measured on an H100,
/// bench/results/2026-11-24-nvidia-h100-issue18.md; about 240 registers a
/// thread, two workgroups an SM); for outputs in multiples of 80 x 160 (a
/// 4000 x 4000 one), 5 subgroups of 80 x 32 (2.3x faster at 4000^3 than the
/// 32 x 32 tiles that divide it: bench/results/2026-11-25-nvidia-h100-
/// workgroup-memory-occupancy.md); then smaller tiles for outputs with fewer
/// of them.
constexpr MatrixBlock kMatrixBlocks[] = {{128, 128, 2, 2, 2},
                                         {80, 160, 1, 5, 0},
                                         {64, 64, 2, 2, 0},
                                         {32, 32, 1, 1, 0}};

/// The K elements a workgroup stages at a step of a contraction on
/// cooperative matrices; the longer step where the workgroups a compute
/// unit runs at once still fit its workgroup memory (half the steps, each
/// with its barriers: 10-13% faster through CUDA on the H100; where they do
/// not fit, a compute unit runs fewer of them, 40% slower through NVIDIA's
/// Vulkan driver: bench/results/2026-11-25-nvidia-h100-workgroup-memory-
/// occupancy.md).
constexpr int64_t kMatrixStep = 32;
constexpr int64_t kMatrixLongStep = 64;

/// The tile of a contraction on cooperative matrices that its tiles do not
/// divide: four subgroups of 32 x 32 outputs, whose padded result goes
/// through workgroup memory (EdgeTiles.h) next to the staged inputs, where
/// it fits. (128 x 64 tiles, 47 KiB of workgroup memory in all, lost the
/// H100's Vulkan device: bench/results/2026-11-24-nvidia-h100-issue18.md.)
constexpr MatrixBlock kMatrixEdgeBlock = {64, 64, 2, 2, 0};

/// The tiles of a contraction on cooperative matrices with an epilogue,
/// largest first: 64 x 128 (a 32 KiB f32 accumulator beside 14 KiB of
/// staged inputs) ran an f16 4096³ matmul + bias + ReLU in 1.40 ms through
/// Vulkan and 0.63 ms through CUDA on an H100, 64 x 64 in 2.46 and 0.79
/// (bench/results/2026-11-27-nvidia-h100-epilogues-few-rows.md).
constexpr MatrixBlock kMatrixEpilogueBlocks[] = {{64, 128, 2, 2, 0},
                                                 kMatrixEdgeBlock};

/// For a static contraction `C (m x n) += A (m x k) B (k x n)`, or a batch
/// of them (one to a workgroup), whose element types the target has a
/// cooperative-matrix operation for, the staged strategy of chooseStagedContractionConfig on
/// the target's tensor cores: each step the workgroup's threads copy the
/// tiles of A and B to workgroup memory, then each subgroup multiplies its
/// block with cooperative matrices (subgroup_matrix), its accumulators in
/// registers. The largest tile that still gives half a GPU's worth of
/// workgroups (or the smallest one), among those that divide the output
/// and K; where none does, tiles padded at the output's edges and K padded
/// to whole steps, where the op's inputs can be read so (measured slower
/// than dividing 32 x 32 tiles; not for batches); else null (the staged
/// strategy takes it).
LoweringConfigAttr chooseCooperativeMatrixConfig(linalg::LinalgOp root,
                                                 TargetAttr target,
                                                 bool epilogue = false) {
  int64_t subgroupSize = target.getFixedSubgroupSize();
  SmallVector<unsigned> parallel, reductions;
  root.getParallelDims(parallel);
  root.getReductionDims(reductions);
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  // Named matmuls only: a generic contraction's body widens its inputs
  // before the product (an implicit GEMM's, a hand-written one), which
  // vectorizes to a contraction of the widened values that upstream's MMA
  // conversion does not take.
  if (!subgroupSize || target.getCooperativeMatrices().empty() ||
      !isa<linalg::MatmulOp, linalg::BatchMatmulOp>(root.getOperation()) ||
      reductions.size() != 1 ||
      (parallel.size() != 2 && parallel.size() != 3) ||
      root.getNumDpsInputs() != 2 ||
      llvm::any_of(ranges, ShapedType::isDynamic))
    return {};
  // A batch is the outermost loop of all three operands.
  SmallVector<unsigned> batch(parallel.begin(), parallel.end() - 2);
  unsigned m = parallel[batch.size()], n = parallel[batch.size() + 1],
           k = reductions.front();
  // Row-major A, B and C: what cooperative loads and stores read.
  MLIRContext *context = root.getContext();
  auto dims = [&](ArrayRef<unsigned> loops) {
    SmallVector<AffineExpr> exprs;
    for (unsigned loop : llvm::concat<const unsigned>(batch, loops))
      exprs.push_back(getAffineDimExpr(loop, context));
    return AffineMap::get(root.getNumLoops(), 0, exprs, context);
  };
  if (root.getIndexingMapsArray() !=
      SmallVector<AffineMap>{dims({m, k}), dims({k, n}), dims({m, n})})
    return {};
  auto elementType = [](Value value) { return getElementTypeOrSelf(value); };
  CooperativeMatrixAttr matrix = target.findCooperativeMatrix(
      16, 16, 16, elementType(root.getDpsInputs()[0]),
      elementType(root.getDpsInputs()[1]), elementType(root.getDpsInits()[0]));
  if (!matrix)
    return {};
  std::optional<MatrixBlock> chosen;
  for (const MatrixBlock &block : kMatrixBlocks) {
    if (ranges[m] % block.tileM != 0 || ranges[n] % block.tileN != 0 ||
        block.subgroupsAlongM * block.subgroupsAlongN * subgroupSize >
            target.getMaxWorkgroupInvocations())
      continue;
    chosen = block;
    int64_t workgroups = (ranges[m] / block.tileM) * (ranges[n] / block.tileN);
    for (unsigned loop : batch)
      workgroups *= ranges[loop];
    if (workgroups >= kWorkgroupsToFillGPU / 2)
      break;
  }
  auto getConfig = [&](const MatrixBlock &block, int64_t step) {
    SmallVector<int64_t> workgroupTile(ranges.size(), 0);
    for (unsigned loop : batch)
      workgroupTile[loop] = 1;
    workgroupTile[m] = block.tileM;
    workgroupTile[n] = block.tileN;
    workgroupTile[k] = step;
    return LoweringConfigAttr::get(
        context, workgroupTile,
        {block.subgroupsAlongN * subgroupSize, block.subgroupsAlongM, 1},
        /*reductionTile=*/{matrix.getK()}, /*reductionLanes=*/0,
        /*promoteOperands=*/{0, 1},
        /*subgroupMatrix=*/{matrix.getM(), matrix.getN(), matrix.getK()});
  };
  int64_t accumulatorBytes =
      llvm::divideCeil(matrix.getC().getIntOrFloatBitWidth(), 8);
  // An epilogue reads the accumulator from workgroup memory: the largest
  // tile whose accumulator fits there beside the staged inputs and that
  // divides the output and K.
  if (epilogue) {
    for (const MatrixBlock &block : kMatrixEpilogueBlocks) {
      LoweringConfigAttr config = getConfig(block, kMatrixStep);
      if (batch.empty() && ranges[m] % block.tileM == 0 &&
          ranges[n] % block.tileN == 0 && ranges[k] % kMatrixStep == 0 &&
          fitsWorkgroupMemory(root, config, target,
                              block.tileM * block.tileN * accumulatorBytes))
        return config;
    }
    return {};
  }
  if (chosen && ranges[k] % matrix.getK() == 0) {
    LoweringConfigAttr config = getConfig(
        *chosen, ranges[k] % kMatrixStep == 0 ? kMatrixStep : matrix.getK());
    LoweringConfigAttr longer = getConfig(*chosen, kMatrixLongStep);
    std::optional<int64_t> bytes = getWorkgroupMemoryBytes(root, longer);
    if (ranges[k] % kMatrixLongStep == 0 && chosen->residentWorkgroups &&
        bytes && *bytes <= target.getMaxSharedMemoryBytes() &&
        chosen->residentWorkgroups * *bytes <=
            target.getComputeUnitSharedMemoryBytes())
      config = longer;
    return fitsWorkgroupMemory(root, config, target) ? config
                                                     : LoweringConfigAttr();
  }
  // At the edges the padded result goes through workgroup memory.
  if (!batch.empty() || !canPadToTile(root))
    return {};
  int64_t resultBytes =
      kMatrixEdgeBlock.tileM * kMatrixEdgeBlock.tileN * accumulatorBytes;
  LoweringConfigAttr config = getConfig(kMatrixEdgeBlock, kMatrixStep);
  return fitsWorkgroupMemory(root, config, target, resultBytes)
             ? config
             : LoweringConfigAttr();
}

} // namespace

LoweringConfigAttr mlir::halc::chooseLoweringConfig(linalg::LinalgOp root,
                                                    func::FuncOp dispatch,
                                                    TargetAttr target) {
  MLIRContext *context = root.getContext();
  Kind kind = classify(root, dispatch);
  if (kind == Kind::Contraction) {
    if (LoweringConfigAttr config = chooseCooperativeMatrixConfig(root, target))
      return config;
    if (LoweringConfigAttr config = chooseStagedContractionConfig(root, target))
      return config;
  }
  if (kind != Kind::Contraction && isRowChain(root, dispatch))
    return chooseLanesPerRowConfig(root, dispatch, target,
                                   target.getFixedSubgroupSize(),
                                   /*rowChain=*/true);
  if (kind == Kind::Elementwise)
    if (LoweringConfigAttr config = chooseTransposeConfig(root, target))
      return config;
  // A contraction with one parallel loop (a matvec or vecmat, once
  // halc-drop-unit-loops has run) is a reduction of rows or columns; so is
  // one with few rows that reduces the columns of B (halc-reduce-few-rows).
  if (kind == Kind::Reduction ||
      (kind == Kind::Contraction &&
       (root.getNumParallelLoops() == 1 || hasFewRows(root)))) {
    Lanes lanes = getLanes(root, dispatch);
    if (lanes == Lanes::AlongRow)
      return chooseLanesPerRowConfig(root, dispatch, target,
                                     target.getFixedSubgroupSize(),
                                     /*rowChain=*/false);
    if (lanes == Lanes::AlongColumn)
      if (LoweringConfigAttr config = chooseColumnReductionConfig(root, target))
        return config;
  }
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  SmallVector<unsigned> allParallel;
  root.getParallelDims(allParallel);
  // The innermost three parallel loops go to workgroups, but a dynamic one
  // (a batch) always does: a thread's tile must have a static bound. Where
  // dynamic loops take places, the largest static loops fill the rest: a
  // thread takes the smallest whole (a convolution's 4 columns, not its 128
  // channels, which lavapipe computed wrongly from one thread).
  SmallVector<unsigned> parallel;
  for (unsigned loop : allParallel)
    if (ShapedType::isDynamic(ranges[loop]))
      parallel.push_back(loop);
  SmallVector<unsigned> candidates = llvm::to_vector(llvm::reverse(allParallel));
  if (!parallel.empty())
    llvm::stable_sort(candidates, [&](unsigned a, unsigned b) {
      return ranges[a] > ranges[b];
    });
  for (unsigned loop : candidates)
    if (parallel.size() < 3 && !llvm::is_contained(parallel, loop))
      parallel.push_back(loop);
  llvm::sort(parallel);

  // A workgroup of four subgroups, at least 64 threads, within the limit.
  int64_t budget = std::min<int64_t>(
      target.getMaxWorkgroupInvocations(),
      std::max<int64_t>(64, 4 * target.getPreferredSubgroupSize()));
  ArrayRef<int64_t> maxSize = target.getMaxWorkgroupSize();

  SmallVector<int64_t> workgroupTile(ranges.size(), 0);
  SmallVector<int64_t> workgroupSize = {1, 1, 1};
  // x is the innermost parallel loop, y the next, z the one after.
  for (unsigned dim = 0; dim < 3 && dim < parallel.size(); ++dim) {
    unsigned loop = parallel[parallel.size() - 1 - dim];
    int64_t size = ranges[loop];
    int64_t perThread = elementsPerThread(kind, dim, size);
    // A dynamic extent (a batch) is taken as large: full workgroups, the
    // last one guarded.
    if (ShapedType::isDynamic(size))
      size = kDynamicExtentStandIn;
    int64_t limit = std::min(budget, maxSize[dim]);
    // Contractions keep the tile closer to square: x gets at most 16 threads.
    if (kind == Kind::Contraction && dim == 0 && parallel.size() > 1)
      limit = std::min<int64_t>(limit, 16);
    int64_t threads = chooseThreads(size, perThread, limit);
    workgroupSize[dim] = threads;
    workgroupTile[loop] = threads * perThread;
    budget /= threads;
  }
  return LoweringConfigAttr::get(context, workgroupTile, workgroupSize,
                                 chooseReductionTile(dispatch),
                                 /*reductionLanes=*/0, /*promoteOperands=*/{},
                                 /*subgroupMatrix=*/{});
}

LoweringConfigAttr
mlir::halc::chooseEpilogueContractionConfig(linalg::LinalgOp contraction,
                                            TargetAttr target) {
  if (LoweringConfigAttr config =
          chooseCooperativeMatrixConfig(contraction, target, /*epilogue=*/true))
    return config;
  return chooseStagedContractionConfig(contraction, target,
                                       /*allowEdges=*/false);
}

int64_t mlir::halc::chooseReductionSplit(int64_t m, int64_t n, int64_t k,
                                         TargetAttr target, bool edges) {
  // Tiles that divide the output where some do, else padded ones.
  edges = edges &&
          countBestStagedTiles(m, n, kSplitBlockOutputs, target, false) == 0;
  int64_t wholeThreads = countBestStagedTiles(m, n, kWholeBlockOutputs, target,
                                              edges, /*threads=*/true);
  int64_t splitTiles =
      countBestStagedTiles(m, n, kSplitBlockOutputs, target, edges);
  if (wholeThreads >= kThreadsToFillGPU || splitTiles == 0)
    return 1;
  // The fewest parts (a power of two) that give half a GPU's worth of
  // workgroups, each part whole K steps of 32.
  for (int64_t parts = 2; k / parts >= kMinSplitReduction; parts *= 2)
    if (k % (parts * kStagedStep) == 0 &&
        parts * splitTiles >= kWorkgroupsToFillGPU / 2)
      return parts;
  return 1;
}
