//===- CooperativeMatrices.cpp - Subgroup contractions on tensor cores ----===//

#include "compiler/Codegen/Common/CooperativeMatrices.h"

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/LoopCarriedVectors.h"

#include "mlir/Conversion/VectorToGPU/VectorToGPU.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The m x n x k operation and the accumulator type of a dispatch's marked
/// contractions (all are one tiled op's), and the unit dimensions in front
/// of their own (a batch of one: a workgroup's tile of a batch matmul).
struct MatrixShape {
  int64_t m, n, k;
  Type accumulator;
  int64_t unitDims;

  /// Whether `type` is a block of several m x n accumulators.
  bool isAccumulatorBlock(VectorType type) const {
    ArrayRef<int64_t> shape = type.getShape();
    return type.getRank() == 2 + unitDims &&
           llvm::all_of(shape.drop_back(2), [](int64_t d) { return d == 1; }) &&
           type.getElementType() == accumulator &&
           shape[unitDims] % m == 0 && shape[unitDims + 1] % n == 0 &&
           type.getNumElements() > m * n;
  }

  /// `piece` with the unit dimensions in front.
  SmallVector<int64_t> withUnitDims(ArrayRef<int64_t> piece) const {
    SmallVector<int64_t> shape(unitDims, 1);
    llvm::append_range(shape, piece);
    return shape;
  }
};

/// The shape each op of the subgroup's contraction is cut into: the
/// operation's on the contraction, its A (m x k) and B (k x n) pieces on
/// the reads of its operands, m x n on the accumulators' reads and writes.
std::optional<SmallVector<int64_t>> getMatrixPieceShape(Operation *op,
                                                        const MatrixShape &shape) {
  if (auto contract = dyn_cast<vector::ContractionOp>(op))
    if (contract->hasAttr(kSubgroupMatrixAttrName))
      return shape.withUnitDims({shape.m, shape.n, shape.k});
  if (auto read = dyn_cast<vector::TransferReadOp>(op)) {
    // Read by a contraction, or by the pieces that its unrolling took.
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : read->getUses()) {
      uses.push_back(&use);
      if (isa<vector::ExtractStridedSliceOp>(use.getOwner()))
        for (OpOperand &pieceUse : use.getOwner()->getUses())
          uses.push_back(&pieceUse);
    }
    for (OpOperand *use : uses) {
      auto contract = dyn_cast<vector::ContractionOp>(use->getOwner());
      if (!contract || !contract->hasAttr(kSubgroupMatrixAttrName))
        continue;
      if (use->getOperandNumber() == 0)
        return shape.withUnitDims({shape.m, shape.k});
      if (use->getOperandNumber() == 1)
        return shape.withUnitDims({shape.k, shape.n});
    }
    if (shape.isAccumulatorBlock(read.getVectorType()))
      return shape.withUnitDims({shape.m, shape.n});
  }
  if (auto write = dyn_cast<vector::TransferWriteOp>(op))
    if (shape.isAccumulatorBlock(write.getVectorType()))
      return shape.withUnitDims({shape.m, shape.n});
  return std::nullopt;
}

/// `type` (a memref, a vector) of f16 instead of bf16.
Type toF16(Type type) {
  Type f16 = Float16Type::get(type.getContext());
  if (auto memref = dyn_cast<MemRefType>(type))
    return MemRefType::Builder(memref).setElementType(f16);
  return cast<VectorType>(type).clone(f16);
}

/// Makes `alloc` (a workgroup tile of bf16 that marked contractions read)
/// an array of f16 holding the same bits: what is written into it is
/// bitcast to f16, what is read from it is read as f16.
LogicalResult retypeToF16(memref::AllocOp alloc) {
  SmallVector<Value> memrefs = {alloc.getResult()};
  OpBuilder builder(alloc.getContext());
  while (!memrefs.empty()) {
    Value memref = memrefs.pop_back_val();
    memref.setType(toF16(memref.getType()));
    for (Operation *user : llvm::make_early_inc_range(memref.getUsers())) {
      builder.setInsertionPoint(user);
      if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
        memrefs.push_back(view->getResult(0));
      } else if (auto write = dyn_cast<vector::TransferWriteOp>(user)) {
        write.getValueToStoreMutable().assign(arith::BitcastOp::create(
            builder, write.getLoc(), toF16(write.getVectorType()),
            write.getVector()));
      } else if (auto read = dyn_cast<vector::TransferReadOp>(user)) {
        read.getPaddingMutable().assign(arith::ConstantOp::create(
            builder, read.getLoc(), builder.getF16FloatAttr(0)));
        read.getResult().setType(cast<VectorType>(toF16(read.getVectorType())));
      } else {
        return user->emitError("uses a bf16 workgroup tile that halc carries "
                               "as f16 for cooperative matrices");
      }
    }
  }
  return success();
}

LogicalResult applyPatterns(func::FuncOp dispatch,
                            function_ref<void(RewritePatternSet &)> populate) {
  RewritePatternSet patterns(dispatch.getContext());
  populate(patterns);
  vector::populateVectorToVectorCanonicalizationPatterns(patterns);
  return applyPatternsGreedily(dispatch, std::move(patterns));
}

} // namespace

LogicalResult mlir::halc::lowerToCooperativeMatrices(func::FuncOp dispatch) {
  std::optional<MatrixShape> shape;
  dispatch.walk([&](vector::ContractionOp contract) {
    if (auto mnk = contract->getAttrOfType<DenseI64ArrayAttr>(
            kSubgroupMatrixAttrName))
      shape = MatrixShape{mnk[0], mnk[1], mnk[2],
                          getElementTypeOrSelf(contract.getAccType()),
                          int64_t(contract.getIteratorTypes().size()) - 3};
  });
  if (!shape)
    return success();
  // bf16 A and B: their workgroup tiles become f16 arrays of the same bits.
  SetVector<memref::AllocOp> bf16Tiles;
  WalkResult unstaged = dispatch.walk([&](vector::ContractionOp contract) {
    if (!contract->hasAttr(kSubgroupMatrixAttrName) ||
        !getElementTypeOrSelf(contract.getLhsType()).isBF16())
      return WalkResult::advance();
    for (Value operand : {contract.getLhs(), contract.getRhs()}) {
      auto read = operand.getDefiningOp<vector::TransferReadOp>();
      auto alloc = read ? getViewedBuffer(read.getBase())
                              .getDefiningOp<memref::AllocOp>()
                        : nullptr;
      if (!alloc) {
        contract.emitError("reads bf16 matrices from outside workgroup "
                           "memory, which halc cannot load as bf16");
        return WalkResult::interrupt();
      }
      bf16Tiles.insert(alloc);
    }
    return WalkResult::advance();
  });
  if (unstaged.wasInterrupted())
    return failure();
  for (memref::AllocOp alloc : bf16Tiles)
    if (failed(retypeToF16(alloc)))
      return failure();
  // The accumulators the K loops carry, then every op, in pieces of the
  // operation's shape.
  if (failed(splitLoopCarriedVectors(
          dispatch, [&](VectorType type) -> SmallVector<int64_t> {
            if (!shape->isAccumulatorBlock(type))
              return {};
            return shape->withUnitDims({shape->m, shape->n});
          })))
    return dispatch.emitError("could not split the accumulators of its "
                              "cooperative matrices");
  if (failed(applyPatterns(dispatch, [&](RewritePatternSet &patterns) {
        vector::populateVectorUnrollPatterns(
            patterns, vector::UnrollVectorOptions().setNativeShapeFn(
                          [&](Operation *op) {
                            return getMatrixPieceShape(op, *shape);
                          }));
      })))
    return dispatch.emitError("could not cut its contraction into "
                              "cooperative matrices");
  // Pieces of a batch of one lose the batch: what upstream's conversion
  // takes are 2-D contractions and transfers.
  if (shape->unitDims &&
      failed(applyPatterns(dispatch, [](RewritePatternSet &patterns) {
        vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
      })))
    return dispatch.emitError("could not drop the batch of its cooperative "
                              "matrices");
  if (failed(applyPatterns(dispatch, [](RewritePatternSet &patterns) {
        populatePrepareVectorToMMAPatterns(patterns);
      })))
    return dispatch.emitError("could not prepare its cooperative matrices");
  // Upstream also converts chains of elementwise ops between transfers
  // that no contraction reads: an epilogue's, each thread's block of the
  // accumulator in workgroup memory. Its reads (of no piece's shape) go
  // through a shape_cast, which the conversion does not take (the pair
  // folds away after).
  IRRewriter rewriter(dispatch.getContext());
  SmallVector<SmallVector<int64_t>> pieces = {
      {shape->m, shape->k}, {shape->k, shape->n}, {shape->m, shape->n}};
  dispatch.walk([&](vector::TransferReadOp read) {
    VectorType type = read.getVectorType();
    if (type.getRank() != 2 ||
        llvm::is_contained(pieces, SmallVector<int64_t>(type.getShape())))
      return;
    rewriter.setInsertionPointAfter(read);
    auto flat = vector::ShapeCastOp::create(
        rewriter, read.getLoc(),
        VectorType::get({type.getNumElements()}, type.getElementType()),
        read.getResult());
    auto back = vector::ShapeCastOp::create(rewriter, read.getLoc(), type,
                                            flat.getResult());
    rewriter.replaceAllUsesExcept(read.getResult(), back.getResult(), flat);
  });
  // Upstream converts what it can (a failure may be an op outside the
  // contractions' slices) and leaves the vector ops it replaced; once they
  // are gone no contraction may be left.
  (void)convertVectorToMMAOps(rewriter, dispatch);
  if (failed(applyPatterns(dispatch, [](RewritePatternSet &patterns) {
        scf::ForOp::getCanonicalizationPatterns(patterns,
                                                patterns.getContext());
      })))
    return dispatch.emitError("could not clean up after lowering to "
                              "cooperative matrices");
  // Loads from the bf16 tiles load bf16 matrices (ConvertToSPIRV).
  dispatch.walk([&](gpu::SubgroupMmaLoadMatrixOp load) {
    auto alloc =
        getViewedBuffer(load.getSrcMemref()).getDefiningOp<memref::AllocOp>();
    if (alloc && bf16Tiles.contains(alloc))
      load->setLoc(NameLoc::get(
          StringAttr::get(load.getContext(), kBF16MatrixLocName),
          load.getLoc()));
  });
  WalkResult left = dispatch.walk([](vector::ContractionOp contract) {
    contract.emitError("is a subgroup's contraction that does not map to the "
                       "target's cooperative matrices");
    return WalkResult::interrupt();
  });
  return failure(left.wasInterrupted());
}
