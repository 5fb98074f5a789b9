//===- StagedContraction.cpp - Contractions staged in workgroup memory ----===//

#include "compiler/Codegen/Common/EdgeTiles.h"
#include "compiler/Codegen/Common/Strategies/StrategyUtils.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::halc;

namespace {

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

/// Threads of a split's partial-sum workgroup tiles that keep the target's
/// GPU busy: a quarter of its workgroups of 256.
int64_t getThreadsToFill(TargetAttr target) {
  return getWorkgroupsToFill(target) / 4 * 256;
}

/// The most workgroup tiles (`threads`: their threads) of the staged blocks
/// of `minOutputs` outputs or more over an `m` x `n` output.
int64_t countBestStagedTiles(int64_t m, int64_t n, int64_t minOutputs,
                             TargetAttr target, bool edges,
                             bool threads = false) {
  int64_t best = 0;
  for (const StagedBlock &block : kStagedBlocks)
    if (block.rows * block.columns >= minOutputs)
      best = std::max(
          best, countStagedTiles(block, m, n, target, edges) *
                    (threads ? block.threadsAlongN * block.threadsAlongM : 1));
  return best;
}

/// The share of the target's compute units its last wave of `workgroups`
/// keeps busy, taking each unit's workgroups to run one after another: 384
/// tiles on an H100's 132 SMs use 97% of three waves, 192 tiles 73% of two
/// (half of the SMs then wait for the other half's second tile). 1 where the
/// target does not say how many units it has.
double getWaveUse(int64_t workgroups, TargetAttr target) {
  int64_t units = target.getComputeUnits();
  if (units == 0)
    return 1.0;
  return double(workgroups) / (llvm::divideCeil(workgroups, units) * units);
}

/// Wave use below which a block whose tiles fill the GPU gives way to a
/// later one of at least kWholeWaveBlockOutputs outputs: BERT's 1024x768
/// projections ran 20% faster in 384 tiles of 4x4 blocks than in 192 tiles
/// of the same blocks; ResNet-50's 3x3 convolutions on 28x28 pixels (batch
/// 8, channels first) took 0.18 ms in 520 tiles of 2x4 blocks (98%) and
/// 0.11 ms in 208 of 4x4 (79%), which read half as much workgroup memory a
/// product.
constexpr double kMinWaveUse = 0.9;
constexpr int64_t kWholeWaveBlockOutputs = 16;

/// Outputs of a thread's block past which a contraction whose K loop is at
/// most kShortReduction gives way to smaller blocks: a workgroup then
/// spends most of its life loading its first step and writing its
/// outputs, which its neighbours on the SM hide only if there are several
/// (GPT-2's attention scores, K = 64 a head: 8x4 blocks, not 16x4).
constexpr int64_t kShortReduction = 64;
constexpr int64_t kShortReductionBlockOutputs = 32;

/// The block of a staged contraction over a `batch` of `m` x `n` outputs
/// (blocks of at most `maxOutputs` outputs):
/// the first whose tiles leave the GPU busy (large blocks: all of it,
/// smaller ones: half of it) in nearly full waves (after the first that
/// leaves it busy, blocks of 4x4 or more only), else the first that leaves
/// it busy, else the one that gives the most workgroups; tiles padded at the
/// output's edges where `edges`.
std::optional<StagedBlock> chooseStagedBlock(int64_t batch, int64_t m,
                                             int64_t n, TargetAttr target,
                                             bool edges, int64_t maxOutputs) {
  std::optional<StagedBlock> busy, most;
  int64_t mostWorkgroups = 0;
  for (StagedBlock candidate : kStagedBlocks) {
    if (candidate.rows * candidate.columns > maxOutputs)
      continue;
    bool large = candidate.rows * candidate.columns >= kLargeBlockOutputs;
    int64_t workgroups =
        batch * countStagedTiles(candidate, m, n, target, edges);
    if (workgroups == 0)
      continue;
    int64_t enough = getWorkgroupsToFill(target) / (large ? 1 : 2);
    if (workgroups >= enough) {
      if (getWaveUse(workgroups, target) >= kMinWaveUse &&
          (!busy ||
           candidate.rows * candidate.columns >= kWholeWaveBlockOutputs))
        return candidate;
      if (!busy)
        busy = candidate;
    }
    if (!large && workgroups > mostWorkgroups) {
      most = candidate;
      mostWorkgroups = workgroups;
    }
  }
  return busy ? busy : most;
}

} // namespace

/// For a contraction (a matmul, a batch matmul, a convolution's implicit
/// GEMM) whose tiles divide its loops, or whose tiles at the edges can be
/// padded (EdgeTiles.h; so can a dynamic M, N or batch's, K static): a
/// workgroup of 32 threads along N and 8 (7) along M computes a tile of the
/// output of up to 128x128 (a 16x4 block a thread, where that still leaves the
/// GPU busy; else smaller blocks and tiles), stepping through K 32 (16, 8, 4)
/// at a time. At each step all the threads copy the step's tiles of A and B to
/// workgroup memory, along their rows (coalesced, 128-bit where aligned), and
/// every thread reads its rows and columns from there: each input element
/// leaves global memory once a workgroup, not once a thread. Null where no tile
/// fits the shape (other shapes keep a thread's serial K loop) or the tiles
/// do not fit the target's workgroups or workgroup memory.
LoweringConfigAttr
mlir::halc::chooseStagedContractionConfig(linalg::LinalgOp root,
                                          TargetAttr target, bool allowEdges) {
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
  // edges, where the op's inputs can be read so. A dynamic M, N (or batch),
  // a multiple of the tile or not, is taken as large, its last tile padded.
  bool edges = allowEdges && canPadToTile(root);
  bool dynamic = llvm::any_of(ranges, ShapedType::isDynamic);
  // A dynamic K is not: its last step would be partial, and the steps of
  // dynamic shape would not vectorize.
  if (dynamic && (!edges || ShapedType::isDynamic(ranges[k])))
    return {};
  for (int64_t &range : ranges)
    if (ShapedType::isDynamic(range))
      range = kDynamicExtentStandIn;
  int64_t batch = parallel.size() == 3 ? ranges[parallel.front()] : 1;
  int64_t maxOutputs = ranges[k] <= kShortReduction
                           ? kShortReductionBlockOutputs
                           : std::numeric_limits<int64_t>::max();
  std::optional<StagedBlock> block =
      chooseStagedBlock(batch, ranges[m], ranges[n], target, false, maxOutputs);
  if (!block && edges)
    block = chooseStagedBlock(batch, ranges[m], ranges[n], target, true,
                              maxOutputs);
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
      root.getContext(), Strategy::StagedContraction, workgroupTile,
      {block->threadsAlongN, block->threadsAlongM, 1},
      /*reductionTile=*/{4}, /*reductionLanes=*/0, /*promoteOperands=*/{0, 1},
      /*subgroupMatrix=*/{});
  return fitsWorkgroupMemory(root, config, target) ? config
                                                   : LoweringConfigAttr();
}

int64_t mlir::halc::chooseReductionSplit(int64_t m, int64_t n, int64_t k,
                                         TargetAttr target, bool edges) {
  // Tiles that divide the output where some do, else padded ones.
  edges = edges &&
          countBestStagedTiles(m, n, kSplitBlockOutputs, target, false) == 0;
  int64_t wholeThreads = countBestStagedTiles(m, n, kWholeBlockOutputs, target,
                                              edges, /*threads=*/true);
  // An output too narrow for any tile of 8x4 blocks (49 pixels of a
  // channels-first image) counts the tiles of 4x4 blocks.
  int64_t splitTiles =
      countBestStagedTiles(m, n, kSplitBlockOutputs, target, edges);
  if (splitTiles == 0)
    splitTiles = countBestStagedTiles(m, n, kWholeBlockOutputs, target, edges);
  if (wholeThreads >= getThreadsToFill(target) || splitTiles == 0)
    return 1;
  // The fewest parts (a power of two) that give half a GPU's worth of
  // workgroups, each part whole K steps of 32.
  for (int64_t parts = 2; k / parts >= kMinSplitReduction; parts *= 2)
    if (k % (parts * kStagedStep) == 0 &&
        parts * splitTiles >= getWorkgroupsToFill(target) / 2)
      return parts;
  return 1;
}
