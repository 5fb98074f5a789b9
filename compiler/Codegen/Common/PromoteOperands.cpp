//===- PromoteOperands.cpp - Inputs copied to workgroup memory ------------===//

#include "compiler/Codegen/Common/PromoteOperands.h"

#include "compiler/Codegen/Common/DispatchUtils.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

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
  SmallVector<unsigned> reductionLoops;
  root.getReductionDims(reductionLoops);
  if (llvm::any_of(reductionLoops, [&](unsigned loop) {
        return config.getWorkgroupTile()[loop] == 0;
      }))
    return root->emitError("lowering_config promotes operands of an op whose "
                           "reduction loops its workgroup_tile does not step "
                           "through; a tile must bound every loop");
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

scf::SCFTilingOptions
mlir::halc::getCopyThreadOptions(linalg::CopyOp copy, linalg::LinalgOp root,
                                 int64_t operand, LoweringConfigAttr config) {
  MLIRContext *context = copy.getContext();
  AffineMap map = root.getMatchingIndexingMap(root.getDpsInputOperand(operand));
  SmallVector<int64_t> shape;
  for (unsigned dim = 0; dim < map.getNumResults(); ++dim)
    shape.push_back(getWorkgroupExtent(root, config, map.getDimPosition(dim)));
  SmallVector<Attribute> mapping;
  SmallVector<int64_t> tile = spreadOverThreads(
      context, shape, computeProduct(config.getWorkgroupSize()), mapping);
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
      .setTileSizes(getAsIndexOpFoldResult(context, tile))
      .setMapping(mapping);
  return options;
}
