//===- PromoteOperands.cpp - Inputs copied to workgroup memory ------------===//

#include "compiler/Codegen/Common/PromoteOperands.h"

#include "compiler/Codegen/Common/DispatchUtils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::halc;

/// The extent of `root`'s loop `loop` in a workgroup: its workgroup tile, or
/// the whole loop where it is not tiled (dynamic: ShapedType::kDynamic).
static int64_t getWorkgroupExtent(linalg::LinalgOp root,
                                  LoweringConfigAttr config, unsigned loop) {
  int64_t tile = config.getWorkgroupTile()[loop];
  return tile ? tile : root.getStaticLoopRanges()[loop];
}

/// The elements a thread copies at once along a row: four (a 128-bit load
/// of f32) where rows are whole groups of four, else one.
static int64_t getCopyVectorWidth(int64_t rowLength) {
  return rowLength % 4 == 0 ? 4 : 1;
}

/// The loop whose neighbouring elements neighbouring threads of a subgroup
/// take (x): the innermost loop that workgroups tile and is parallel.
static std::optional<unsigned> getLoopAlongX(linalg::LinalgOp root,
                                             LoweringConfigAttr config) {
  SmallVector<utils::IteratorType> iterators = root.getIteratorTypesArray();
  for (unsigned loop = root.getNumLoops(); loop-- > 0;)
    if (config.getWorkgroupTile()[loop] != 0 &&
        iterators[loop] == utils::IteratorType::parallel)
      return loop;
  return std::nullopt;
}

SmallVector<int64_t> mlir::halc::getPromotedShape(linalg::LinalgOp root,
                                                  int64_t operand,
                                                  LoweringConfigAttr config) {
  AffineMap map = root.getMatchingIndexingMap(root.getDpsInputOperand(operand));
  SmallVector<int64_t> shape;
  for (unsigned dim = 0; dim < map.getNumResults(); ++dim)
    shape.push_back(getWorkgroupExtent(root, config, map.getDimPosition(dim)));
  if (ShapedType::isDynamic(shape.back()))
    return shape;
  // Threads of a subgroup reading down a column (a transpose, a B^T: x
  // indexes an outer dimension) meet other memory banks at each row when
  // rows are one element longer; threads reading along rows keep rows
  // 16-byte aligned (as cooperative-matrix loads of rows need), 16 bytes
  // longer where they are whole 16-byte groups.
  unsigned rank = map.getNumResults();
  std::optional<unsigned> x = getLoopAlongX(root, config);
  bool downColumns = x && map.getDimPosition(rank - 1) != *x &&
                     map.isFunctionOfDim(*x);
  Type element =
      getElementTypeOrSelf(root.getDpsInputOperand(operand)->get().getType());
  int64_t aligned =
      element.isIntOrFloat()
          ? kBufferAlignment * 8 /
                std::max<int64_t>(8, element.getIntOrFloatBitWidth())
          : 0;
  if (downColumns)
    shape.back() += 1;
  else if (aligned && shape.back() % aligned == 0)
    shape.back() += aligned;
  else
    shape.back() += getCopyVectorWidth(shape.back());
  return shape;
}

/// Copies input `operand` of `tiledRoot` (a workgroup's tile of `root`) into
/// workgroup memory, which the op reads instead. The copy's rows are longer
/// than the tile's (getPromotedShape), against bank conflicts.
FailureOr<linalg::CopyOp>
mlir::halc::promoteOperand(RewriterBase &rewriter, linalg::LinalgOp tiledRoot,
                           linalg::LinalgOp root, int64_t operand,
                           LoweringConfigAttr config, TargetAttr target) {
  if (operand >= root.getNumDpsInputs() ||
      !root.getMatchingIndexingMap(root.getDpsInputOperand(operand))
           .isProjectedPermutation())
    return root->emitError("lowering_config promotes operand ")
           << operand << ", which is not an input read through a "
           << "projection of the op's loops";
  SmallVector<int64_t> bound = getPromotedShape(root, operand, config);
  auto type = cast<RankedTensorType>(
      tiledRoot.getDpsInputOperand(operand)->get().getType());
  int64_t bytes = llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  for (int64_t extent : bound)
    bytes *= extent;
  if (llvm::any_of(bound, ShapedType::isDynamic) ||
      bytes > target.getMaxSharedMemoryBytes())
    return root->emitError("lowering_config promotes operand ")
           << operand << ", whose workgroup tile does not fit the "
           << target.getMaxSharedMemoryBytes() << " bytes of workgroup memory";
  OpOperand *input = tiledRoot.getDpsInputOperand(operand);
  Location loc = tiledRoot.getLoc();
  rewriter.setInsertionPoint(tiledRoot);
  Value buffer = createAllocTensor(
      rewriter, loc, RankedTensorType::get(bound, type.getElementType()),
      gpu::AddressSpace::Workgroup);
  SmallVector<OpFoldResult> sizes =
      tensor::getMixedSizes(rewriter, loc, input->get());
  SmallVector<OpFoldResult> zeros(sizes.size(), rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> ones(sizes.size(), rewriter.getIndexAttr(1));
  Value tile = tensor::ExtractSliceOp::create(rewriter, loc, type, buffer,
                                              zeros, sizes, ones);
  auto copy = linalg::CopyOp::create(rewriter, loc, input->get(), tile);
  rewriter.modifyOpInPlace(tiledRoot, [&] { input->set(copy->getResult(0)); });
  return copy;
}

SmallVector<int64_t> mlir::halc::spreadOverThreads(
    MLIRContext *context, ArrayRef<int64_t> shape, int64_t threads,
    SmallVector<Attribute> &mapping) {
  unsigned rank = shape.size();
  SmallVector<int64_t> tile(rank, 0);
  mapping.assign(rank, Attribute());
  for (unsigned axis = 0; axis < rank; ++axis) {
    unsigned dim = rank - 1 - axis;
    int64_t extent = shape[dim];
    int64_t width = axis == 0 ? getCopyVectorWidth(extent) : 1;
    int64_t along = std::clamp<int64_t>(extent / width, 1, threads);
    tile[dim] = width * llvm::divideCeil(extent / width, along);
    threads /= llvm::divideCeil(extent, tile[dim]);
    mapping[dim] = gpu::GPUThreadMappingAttr::get(
        context, static_cast<gpu::MappingId>(
                     static_cast<int64_t>(gpu::MappingId::LinearDim0) + axis));
  }
  return tile;
}

/// The wavefronts one phase of a subgroup's workgroup-memory accesses takes
/// (the lanes that move 128 bytes: 32 banks of 4 bytes), when `rowThreads`
/// lanes each move `vectorBytes` along a row and the next lanes take the
/// row `rowStep` rows further, rows `rowPitch` bytes apart: the most words
/// one bank serves.
static int64_t getPhaseWavefronts(int64_t rowThreads, int64_t vectorBytes,
                                  int64_t rowStep, int64_t rowPitch) {
  constexpr int64_t kBanks = 32, kBankBytes = 4;
  int64_t lanes = std::max<int64_t>(1, kBanks * kBankBytes / vectorBytes);
  SmallVector<llvm::SmallDenseSet<int64_t>> words(kBanks);
  for (int64_t lane = 0; lane < lanes; ++lane) {
    int64_t byte = lane / rowThreads * rowStep * rowPitch +
                   lane % rowThreads * vectorBytes;
    for (int64_t word = byte / kBankBytes;
         word * kBankBytes < byte + vectorBytes; ++word)
      words[word % kBanks].insert(word);
  }
  int64_t wavefronts = 1;
  for (const llvm::SmallDenseSet<int64_t> &bank : words)
    wavefronts = std::max<int64_t>(wavefronts, bank.size());
  return wavefronts;
}

/// The rows of each block a thread copies when each thread has `rows` rows
/// of a copy into rows `rowPitch` bytes apart, `rowThreads` threads to a
/// row, `vectorBytes` each: the divisor of `rows` whose blocks put the
/// lanes of one access phase on different banks, the largest among equals.
/// Smaller blocks are dealt to the threads in turn: where a thread's rows
/// were 8 apart from its neighbour's in 80-byte rows (f16 rows of 32, 16
/// bytes of padding), a 2-way conflict, blocks of 4 put them 320 bytes
/// apart, on the other half of the banks.
static int64_t getConflictFreeRows(int64_t rows, int64_t rowThreads,
                                   int64_t vectorBytes, int64_t rowPitch) {
  int64_t best = rows;
  int64_t fewest = getPhaseWavefronts(rowThreads, vectorBytes, rows, rowPitch);
  for (int64_t block = rows / 2; block >= 1; --block) {
    if (rows % block != 0)
      continue;
    int64_t wavefronts =
        getPhaseWavefronts(rowThreads, vectorBytes, block, rowPitch);
    if (wavefronts < fewest) {
      best = block;
      fewest = wavefronts;
    }
  }
  return best;
}

scf::SCFTilingOptions
mlir::halc::getCopyThreadOptions(linalg::CopyOp copy, linalg::LinalgOp root,
                                 int64_t operand, LoweringConfigAttr config) {
  MLIRContext *context = copy.getContext();
  AffineMap map = root.getMatchingIndexingMap(root.getDpsInputOperand(operand));
  SmallVector<int64_t> shape;
  for (unsigned dim = 0; dim < map.getNumResults(); ++dim)
    shape.push_back(getWorkgroupExtent(root, config, map.getDimPosition(dim)));
  SmallVector<Attribute> mapping;
  int64_t threads = computeProduct(config.getWorkgroupSize());
  SmallVector<int64_t> tile =
      spreadOverThreads(context, shape, threads, mapping);
  // Where each thread moves one vector of a row and several rows, the rows
  // are cut into blocks that keep an access phase's lanes on different
  // banks; the thread loop then has a multiple of the threads' iterations.
  unsigned rank = shape.size();
  int64_t iterations = 1;
  for (auto [extent, size] : llvm::zip(shape, tile))
    iterations *= llvm::divideCeil(extent, size);
  Type element = getElementTypeOrSelf(copy.getInputs().front().getType());
  if (rank >= 2 && !llvm::any_of(shape, ShapedType::isDynamic) &&
      iterations == threads && element.isIntOrFloat() &&
      tile.back() == getCopyVectorWidth(shape.back()) &&
      shape[rank - 2] % tile[rank - 2] == 0) {
    int64_t elementBytes = llvm::divideCeil(element.getIntOrFloatBitWidth(), 8);
    tile[rank - 2] = getConflictFreeRows(
        tile[rank - 2], shape.back() / tile.back(), tile.back() * elementBytes,
        getPromotedShape(root, operand, config).back() * elementBytes);
  }
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
      .setTileSizes(getAsIndexOpFoldResult(context, tile))
      .setMapping(mapping);
  return options;
}
