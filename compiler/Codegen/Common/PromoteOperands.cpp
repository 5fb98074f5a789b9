//===- PromoteOperands.cpp - Inputs copied to workgroup memory ------------===//

#include "compiler/Codegen/Common/PromoteOperands.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
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

SmallVector<int64_t> mlir::halc::getPromotedShape(linalg::LinalgOp root,
                                                  int64_t operand,
                                                  LoweringConfigAttr config) {
  AffineMap map = root.getMatchingIndexingMap(root.getDpsInputOperand(operand));
  SmallVector<int64_t> shape;
  for (unsigned dim = 0; dim < map.getNumResults(); ++dim)
    shape.push_back(getWorkgroupExtent(root, config, map.getDimPosition(dim)));
  if (!ShapedType::isDynamic(shape.back()))
    shape.back() += 1;
  return shape;
}

/// Copies input `operand` of `tiledRoot` (a workgroup's tile of `root`) into
/// workgroup memory, which the op reads instead. The copy's rows are one
/// element longer than the tile's: a thread reading down a column of it (a
/// transpose) then meets a different memory bank at each row.
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
  Value buffer = bufferization::AllocTensorOp::create(
      rewriter, loc, RankedTensorType::get(bound, type.getElementType()),
      ValueRange{}, /*copy=*/Value(), /*size_hint=*/Value(),
      gpu::AddressSpaceAttr::get(rewriter.getContext(),
                                 gpu::AddressSpace::Workgroup));
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

/// The thread loop of the copy of `root`'s input `operand` (see
/// promoteOperand): x along the input's innermost dimension, where
/// neighbouring threads read neighbouring elements, then y and z; each
/// thread copies its share of the workgroup tile along each.
scf::SCFTilingOptions
mlir::halc::getCopyThreadOptions(linalg::CopyOp copy, linalg::LinalgOp root,
                                 int64_t operand, LoweringConfigAttr config) {
  MLIRContext *context = copy.getContext();
  AffineMap map = root.getMatchingIndexingMap(root.getDpsInputOperand(operand));
  unsigned rank = map.getNumResults();
  SmallVector<int64_t> tile(rank, 0);
  SmallVector<Attribute> mapping;
  for (unsigned axis = 0; axis < 3 && axis < rank; ++axis) {
    unsigned dim = rank - 1 - axis;
    int64_t extent = getWorkgroupExtent(root, config, map.getDimPosition(dim));
    tile[dim] = llvm::divideCeil(extent, config.getWorkgroupSize()[axis]);
    mapping.insert(mapping.begin(),
                   gpu::GPUThreadMappingAttr::get(
                       context, static_cast<gpu::MappingId>(axis)));
  }
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
      .setTileSizes(getAsIndexOpFoldResult(context, tile))
      .setMapping(mapping);
  return options;
}
