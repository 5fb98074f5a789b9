//===- EdgeTiles.cpp - Staged tiles at the edges of an output -------------===//

#include "compiler/Codegen/Common/EdgeTiles.h"

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/PromoteOperands.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::halc;

/// Whether `op` computes its result from its indices alone (an im2col
/// matrix, a padded input read by tensor.extract): a parallel generic with
/// no inputs that does not read its init. Such a producer extends to a
/// padded domain by clamping its indices.
static bool computesFromIndices(Operation *op) {
  auto generic = dyn_cast_if_present<linalg::GenericOp>(op);
  return generic && generic.getNumDpsInputs() == 0 &&
         generic.getNumDpsInits() == 1 &&
         generic.getNumParallelLoops() == generic.getNumLoops() &&
         generic.getIndexingMapsArray().front().isIdentity() &&
         generic.getRegionOutputArgs().front().use_empty();
}

bool mlir::halc::canPadToTile(linalg::LinalgOp root) {
  if (root.getNumDpsInits() != 1)
    return false;
  // A fill of a reshaped tensor is one of the tensor, once canonicalized.
  Value init = root.getDpsInits().front();
  while (isa_and_present<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(
      init.getDefiningOp()))
    init = init.getDefiningOp()->getOperand(0);
  if (!init.getDefiningOp<linalg::FillOp>())
    return false;
  return llvm::all_of(root.getDpsInputs(), [](Value input) {
    while (Operation *def = input.getDefiningOp()) {
      if (isa<bufferization::ToTensorOp>(def))
        return true;
      if (!isa<tensor::ExtractSliceOp, tensor::CollapseShapeOp,
               tensor::ExpandShapeOp>(def))
        return computesFromIndices(def);
      input = def->getOperand(0);
    }
    return true;
  });
}

/// The producer `generic` (computesFromIndices) over `shape`, a padded
/// domain: its indices clamped to its own domain, and zero outside it.
static Value padProducer(RewriterBase &rewriter, linalg::GenericOp generic,
                         ArrayRef<int64_t> shape) {
  Location loc = generic.getLoc();
  rewriter.setInsertionPoint(generic);
  SmallVector<OpFoldResult> sizes =
      tensor::getMixedSizes(rewriter, loc, generic.getResult(0));
  auto type = cast<RankedTensorType>(generic.getResult(0).getType());
  Value empty = tensor::EmptyOp::create(rewriter, loc, shape,
                                        type.getElementType());
  auto padded = cast<linalg::GenericOp>(rewriter.clone(*generic));
  rewriter.modifyOpInPlace(padded, [&] {
    padded.getDpsInitsMutable()[0].set(empty);
    padded.getResult(0).setType(empty.getType());
  });
  Block &body = padded.getRegion().front();
  SmallVector<linalg::IndexOp> indices(body.getOps<linalg::IndexOp>());
  rewriter.setInsertionPointToStart(&body);
  Value inside = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
  for (auto [dim, size] : llvm::enumerate(sizes)) {
    if (getConstantIntValue(size) == shape[dim])
      continue;
    Value extent = getValueOrCreateConstantIndexOp(rewriter, loc, size);
    Value index = linalg::IndexOp::create(rewriter, loc, dim);
    Value last = arith::SubIOp::create(
        rewriter, loc, extent, arith::ConstantIndexOp::create(rewriter, loc, 1));
    Value clamped = arith::MinSIOp::create(rewriter, loc, index, last);
    for (linalg::IndexOp use : indices)
      if (use.getDim() == dim)
        rewriter.replaceAllUsesWith(use, clamped);
    inside = arith::AndIOp::create(
        rewriter, loc, inside,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, index,
                              extent));
  }
  Operation *yield = body.getTerminator();
  rewriter.setInsertionPoint(yield);
  Value zero = arith::ConstantOp::create(
      rewriter, loc, rewriter.getZeroAttr(type.getElementType()));
  rewriter.modifyOpInPlace(yield, [&] {
    yield->setOperand(0, arith::SelectOp::create(rewriter, loc, inside,
                                                 yield->getOperand(0), zero));
  });
  return padded.getResult(0);
}

/// `input` over `shape`: zeros past its edges.
static Value padInput(RewriterBase &rewriter, Location loc, Value input,
                      ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(input.getType());
  if (type.getShape() == shape)
    return input;
  if (computesFromIndices(input.getDefiningOp()))
    return padProducer(rewriter, cast<linalg::GenericOp>(input.getDefiningOp()),
                       shape);
  SmallVector<OpFoldResult> low(shape.size(), rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> high;
  for (auto [dim, extent] : llvm::enumerate(shape)) {
    OpFoldResult size = tensor::getMixedSize(rewriter, loc, input, dim);
    if (std::optional<int64_t> known = getConstantIntValue(size)) {
      high.push_back(rewriter.getIndexAttr(extent - *known));
      continue;
    }
    high.push_back(arith::SubIOp::create(
                       rewriter, loc,
                       arith::ConstantIndexOp::create(rewriter, loc, extent),
                       cast<Value>(size))
                       .getResult());
  }
  Value zero = arith::ConstantOp::create(
      rewriter, loc, rewriter.getZeroAttr(type.getElementType()));
  return tensor::PadOp::create(
      rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
      input, low, high, zero);
}

/// Each thread's block of `padded` (the padded op's result; `threadTile`
/// of each dimension, 0 where a thread has all of it), written into
/// `output` (the original result's destination) where it lies inside it:
/// a static read of the block, and a transfer whose out-of-bounds lanes
/// (past the output's edges) are not written. The thread loop is the one
/// the padded op's threads get, so each reads the block it computed.
static Value writeInside(RewriterBase &rewriter, Location loc, Value padded,
                         Value output, ArrayRef<int64_t> threadTile,
                         ArrayRef<Attribute> threadMapping) {
  auto type = cast<RankedTensorType>(padded.getType());
  unsigned rank = type.getRank();
  SmallVector<int64_t> blockShape;
  SmallVector<OpFoldResult> lbs, ubs, steps;
  for (unsigned dim = 0; dim < rank; ++dim) {
    blockShape.push_back(threadTile[dim] ? threadTile[dim]
                                         : type.getDimSize(dim));
    if (!threadTile[dim])
      continue;
    lbs.push_back(rewriter.getIndexAttr(0));
    ubs.push_back(rewriter.getIndexAttr(type.getDimSize(dim)));
    steps.push_back(rewriter.getIndexAttr(blockShape[dim]));
  }
  auto forall = scf::ForallOp::create(rewriter, loc, lbs, ubs, steps,
                                      ValueRange{output},
                                      rewriter.getArrayAttr(threadMapping));
  rewriter.setInsertionPointToStart(forall.getBody());
  Value destination = forall.getRegionIterArgs().front();
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<Value> offsets;
  SmallVector<OpFoldResult> sizes, ones(rank, rewriter.getIndexAttr(1));
  SmallVector<Value> ivs(forall.getInductionVars());
  auto iv = ivs.begin();
  for (unsigned dim = 0; dim < rank; ++dim) {
    Value offset = threadTile[dim] ? *iv++ : zero;
    offsets.push_back(offset);
    // What is left of the output from this block on, at most a block.
    Value extent = tensor::DimOp::create(rewriter, loc, destination, dim);
    Value left = arith::SubIOp::create(rewriter, loc, extent, offset);
    Value block = arith::ConstantIndexOp::create(rewriter, loc, blockShape[dim]);
    sizes.push_back(arith::MaxSIOp::create(
                        rewriter, loc, zero,
                        arith::MinSIOp::create(rewriter, loc, left, block))
                        .getResult());
  }
  auto vectorType = VectorType::get(blockShape, type.getElementType());
  Value padding = arith::ConstantOp::create(
      rewriter, loc, rewriter.getZeroAttr(type.getElementType()));
  SmallVector<bool> allInBounds(rank, true), noneInBounds(rank, false);
  AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
  Value block = vector::TransferReadOp::create(
      rewriter, loc, vectorType, padded, offsets, padding, identity,
      ArrayRef<bool>(allInBounds));
  SmallVector<OpFoldResult> offsetsFolded = getAsOpFoldResult(offsets);
  Value inside = tensor::ExtractSliceOp::create(rewriter, loc, destination,
                                                offsetsFolded, sizes, ones);
  SmallVector<Value> origin(rank, zero);
  Value written =
      vector::TransferWriteOp::create(rewriter, loc, block, inside, origin,
                                      identity, ArrayRef<bool>(noneInBounds))
          .getResult();
  rewriter.setInsertionPointToStart(forall.getTerminator().getBody());
  tensor::ParallelInsertSliceOp::create(rewriter, loc, written, destination,
                                        offsetsFolded, sizes, ones);
  return forall.getResult(0);
}

FailureOr<linalg::LinalgOp>
mlir::halc::padToTile(RewriterBase &rewriter, linalg::LinalgOp tiledRoot,
                      ArrayRef<int64_t> paddedRanges,
                      ArrayRef<int64_t> threadTile,
                      ArrayRef<Attribute> threadMapping,
                      int64_t workgroupThreads) {
  Location loc = tiledRoot.getLoc();
  auto fill = tiledRoot.getDpsInits().front().getDefiningOp<linalg::FillOp>();
  if (!fill || tiledRoot->getNumResults() != 1)
    return tiledRoot->emitError("has edge tiles but does not start from a "
                                "fill; halc cannot pad it to its tile");
  auto getShape = [&](OpOperand &operand) {
    AffineMap map = tiledRoot.getMatchingIndexingMap(&operand);
    return llvm::map_to_vector(map.getResults(), [&](AffineExpr expr) {
      return paddedRanges[cast<AffineDimExpr>(expr).getPosition()];
    });
  };
  if (llvm::any_of(tiledRoot->getOpOperands(), [&](OpOperand &operand) {
        return !tiledRoot.getMatchingIndexingMap(&operand)
                    .isProjectedPermutation();
      }))
    return tiledRoot->emitError("has edge tiles and an operand read through "
                                "more than a projection of its loops");
  SmallVector<Value> operands;
  for (OpOperand *input : tiledRoot.getDpsInputOperands()) {
    rewriter.setInsertionPoint(tiledRoot);
    operands.push_back(padInput(rewriter, loc, input->get(), getShape(*input)));
  }
  OpOperand &init = *tiledRoot.getDpsInitOperand(0);
  SmallVector<int64_t> resultShape = getShape(init);
  rewriter.setInsertionPoint(tiledRoot);
  auto resultType = RankedTensorType::get(
      resultShape, getElementTypeOrSelf(init.get().getType()));
  Value empty = workgroupThreads
                    ? createAllocTensor(rewriter, loc, resultType,
                                        gpu::AddressSpace::Workgroup)
                    : tensor::EmptyOp::create(rewriter, loc, resultShape,
                                              resultType.getElementType())
                          .getResult();
  operands.push_back(linalg::FillOp::create(rewriter, loc,
                                            fill.getInputs().front(), empty)
                         .getResult(0));
  Operation *padded = rewriter.clone(*tiledRoot);
  rewriter.modifyOpInPlace(padded, [&] {
    padded->setOperands(operands);
    padded->getResult(0).setType(resultType);
  });
  AffineMap resultMap = tiledRoot.getMatchingIndexingMap(&init);
  SmallVector<int64_t> resultThreadTile;
  SmallVector<Attribute> writeMapping(threadMapping);
  if (workgroupThreads) {
    resultThreadTile = spreadOverThreads(rewriter.getContext(), resultShape,
                                         workgroupThreads, writeMapping);
  } else {
    for (AffineExpr expr : resultMap.getResults())
      resultThreadTile.push_back(
          threadTile[cast<AffineDimExpr>(expr).getPosition()]);
  }
  rewriter.setInsertionPointAfter(padded);
  Value written = writeInside(rewriter, loc, padded->getResult(0),
                              fill.getOutputs().front(), resultThreadTile,
                              writeMapping);
  rewriter.replaceOp(tiledRoot, written);
  return cast<linalg::LinalgOp>(padded);
}
