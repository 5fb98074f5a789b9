//===- CooperativeMatrix.cpp - Contractions on cooperative matrices -------===//

#include "compiler/Codegen/Common/EdgeTiles.h"
#include "compiler/Codegen/Common/Strategies/StrategyUtils.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::halc;

namespace {

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

} // namespace

/// For a static contraction `C (m x n) += A (m x k) B (k x n)`, or a batch
/// of them (one to a workgroup), whose element types the target has a
/// cooperative-matrix operation for, the staged strategy of
/// chooseStagedContractionConfig on the target's tensor cores: each step the
/// workgroup's threads copy the tiles of A and B to workgroup memory, then each
/// subgroup multiplies its block with cooperative matrices (subgroup_matrix),
/// its accumulators in registers. The largest tile that still gives half a
/// GPU's worth of workgroups (or the smallest one), among those that divide the
/// output and K; where none does, tiles padded at the output's edges and K
/// padded to whole steps, where the op's inputs can be read so (measured slower
/// than dividing 32 x 32 tiles; not for batches); else null (the staged
/// strategy takes it).
LoweringConfigAttr
mlir::halc::chooseCooperativeMatrixConfig(linalg::LinalgOp root,
                                          TargetAttr target, bool epilogue) {
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
    if (workgroups >= getWorkgroupsToFill(target) / 2)
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
        context, Strategy::CooperativeMatrix, workgroupTile,
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
