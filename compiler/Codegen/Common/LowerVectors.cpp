//===- LowerVectors.cpp - Vector ops to 1-D vectors GPUs have -------------===//
//
// GPU shader languages have 1-D vectors of at most four elements. After
// bufferization this keeps accumulators in registers across serial loops,
// lowers contractions to fused multiply-adds, and unrolls every n-D vector op
// into 1-D pieces of up to four elements.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/CooperativeMatrices.h"
#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/LoopCarriedVectors.h"
#include "compiler/Codegen/Common/OutOfBoundsTransfers.h"
#include "compiler/Codegen/Common/Passes.h"
#include "compiler/Codegen/Common/WidenAccumulators.h"

#include "mlir/Dialect/Linalg/Transforms/Hoisting.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorTransforms.h"
#include "mlir/Interfaces/VectorInterfaces.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::halc {
#define GEN_PASS_DEF_LOWERVECTORSPASS
#include "compiler/Codegen/Common/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The widest GPU vector: four elements (128 bits of f32).
constexpr int64_t kMaxVectorWidth = 4;

/// The elements of each piece a row of `inner` elements is cut into: up to
/// four, dividing it.
int64_t getPieceWidth(int64_t inner) {
  int64_t width = kMaxVectorWidth;
  while (inner % width != 0)
    --width;
  return width;
}

/// A piece of a row of a vector of `type` (rank 1 or more): up to four
/// elements that divide the innermost dimension.
SmallVector<int64_t> getRowPiece(VectorType type) {
  SmallVector<int64_t> shape(type.getRank() - 1, 1);
  shape.push_back(getPieceWidth(type.getShape().back()));
  return shape;
}

/// The shape each unrollable op is cut into: a piece of a row.
std::optional<SmallVector<int64_t>> getNativeShape(Operation *op) {
  VectorType type;
  if (auto write = dyn_cast<vector::TransferWriteOp>(op))
    type = write.getVectorType();
  else if (op->getNumResults() == 1)
    type = dyn_cast<VectorType>(op->getResult(0).getType());
  if (!type || type.getRank() == 0)
    return std::nullopt;
  SmallVector<int64_t> piece = getRowPiece(type);
  // Upstream's shape_cast unrolling reads past an empty shape when its
  // pieces are single elements (isContiguous drops the front of the piece
  // less its unit dimensions), and never applies to them: such casts are
  // lowered element by element after.
  if (isa<vector::ShapeCastOp>(op) && computeProduct(piece) == 1)
    return std::nullopt;
  return piece;
}

/// A row read from an n-D vector that was assembled element by element (a
/// transposed read, lowered element-wise) is assembled from those elements
/// directly, so that the n-D vector goes away.
struct ExtractRowOfInsertedElements : OpRewritePattern<vector::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ExtractOp extract,
                                PatternRewriter &rewriter) const override {
    auto row = dyn_cast<VectorType>(extract.getResult().getType());
    if (!row || row.getRank() != 1 || extract.hasDynamicPosition())
      return failure();
    SmallVector<int64_t> prefix(extract.getStaticPosition());
    SmallVector<Value> elements(row.getNumElements());
    int64_t missing = elements.size();
    for (auto insert = extract.getSource().getDefiningOp<vector::InsertOp>();
         insert && missing > 0;
         insert = insert.getDest().getDefiningOp<vector::InsertOp>()) {
      if (insert.hasDynamicPosition())
        return failure();
      ArrayRef<int64_t> position = insert.getStaticPosition();
      // A sub-vector holding the whole row: upstream's folds take it.
      if (ArrayRef<int64_t>(prefix).take_front(position.size()) == position)
        return failure();
      if (position.size() != prefix.size() + 1 ||
          position.drop_back() != ArrayRef<int64_t>(prefix))
        continue;
      // The latest insert at a position wins.
      Value &element = elements[position.back()];
      if (!element) {
        element = insert.getValueToStore();
        --missing;
      }
    }
    if (missing > 0)
      return failure();
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(extract, row,
                                                        elements);
    return success();
  }
};

/// A piece of a row of an n-D vector that unrolling assembled from pieces
/// (an 8x8 block read as 4-element loads) is the piece inserted there, so
/// that the n-D vector goes away: upstream folds slices of slices of 1-D
/// vectors only.
struct ExtractPieceOfInsertedPieces
    : OpRewritePattern<vector::ExtractStridedSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ExtractStridedSliceOp slice,
                                PatternRewriter &rewriter) const override {
    if (slice.hasNonUnitStrides())
      return failure();
    // The slice's position in the assembled vector: a 1-D slice of one of
    // its rows, or an n-D slice of it with unit leading sizes.
    auto wanted = extractFromIntegerArrayAttr<int64_t>(slice.getOffsets());
    auto sizes = extractFromIntegerArrayAttr<int64_t>(slice.getSizes());
    if (static_cast<int64_t>(wanted.size()) !=
            slice.getSourceVectorType().getRank() ||
        llvm::any_of(ArrayRef<int64_t>(sizes).drop_back(),
                     [](int64_t size) { return size != 1; }))
      return failure();
    Value assembled = slice.getSource();
    if (auto row = assembled.getDefiningOp<vector::ExtractOp>();
        row && !row.hasDynamicPosition() && wanted.size() == 1) {
      wanted.insert(wanted.begin(), row.getStaticPosition().begin(),
                    row.getStaticPosition().end());
      assembled = row.getSource();
    }
    int64_t begin = wanted.back();
    int64_t size = sizes.back();
    using InsertOp = vector::InsertStridedSliceOp;
    for (auto insert = assembled.getDefiningOp<InsertOp>(); insert;
         insert = insert.getDest().getDefiningOp<InsertOp>()) {
      auto offsets = extractFromIntegerArrayAttr<int64_t>(insert.getOffsets());
      if (insert.getSourceVectorType().getRank() != 1 ||
          offsets.size() != wanted.size() || insert.hasNonUnitStrides())
        return failure();
      if (ArrayRef<int64_t>(offsets).drop_back() !=
          ArrayRef<int64_t>(wanted).drop_back())
        continue;
      int64_t at = offsets.back();
      int64_t length = insert.getSourceVectorType().getNumElements();
      if (at == begin && length == size) {
        rewriter.replaceOpWithNewOp<vector::BroadcastOp>(
            slice, slice.getType(), insert.getValueToStore());
        return success();
      }
      // A piece overlapping part of the slice: not one piece.
      if (at < begin + size && begin < at + length)
        return failure();
    }
    return failure();
  }
};

/// The element at `index` of the 1-D `vector`, where it was inserted or
/// assembled from elements; null where it is not known.
Value getKnownElement(Value vector, int64_t index) {
  while (auto insert = vector.getDefiningOp<vector::InsertOp>()) {
    if (insert.hasDynamicPosition() || insert.getStaticPosition().size() != 1)
      return nullptr;
    if (insert.getStaticPosition().front() == index)
      return insert.getValueToStore();
    vector = insert.getDest();
  }
  if (auto elements = vector.getDefiningOp<vector::FromElementsOp>())
    return elements.getElements()[index];
  return nullptr;
}

/// A shuffle of vectors assembled element by element is the vector of the
/// elements it picks: an 8-wide row of dot products (a contraction with B
/// transposed) is split into 4-element pieces so.
struct ShuffleOfElements : OpRewritePattern<vector::ShuffleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ShuffleOp shuffle,
                                PatternRewriter &rewriter) const override {
    if (shuffle.getV1VectorType().getRank() != 1)
      return failure();
    int64_t firstLength = shuffle.getV1VectorType().getNumElements();
    SmallVector<Value> picked;
    for (int64_t index : shuffle.getMask()) {
      Value element =
          index < 0 ? Value()
          : index < firstLength
              ? getKnownElement(shuffle.getV1(), index)
              : getKnownElement(shuffle.getV2(), index - firstLength);
      if (!element)
        return failure();
      picked.push_back(element);
    }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(
        shuffle, shuffle.getResultVectorType(), picked);
    return success();
  }
};

LogicalResult applyPatterns(func::FuncOp dispatch,
                            function_ref<void(RewritePatternSet &)> populate) {
  RewritePatternSet patterns(dispatch.getContext());
  populate(patterns);
  vector::populateVectorToVectorCanonicalizationPatterns(patterns);
  patterns.add<ExtractRowOfInsertedElements, ExtractPieceOfInsertedPieces,
               ShuffleOfElements>(dispatch.getContext());
  return applyPatternsGreedily(dispatch, std::move(patterns));
}

/// The pieces of up to four elements of each row of a vector of `type`
/// (empty: a native vector, left whole).
SmallVector<int64_t> getRowPieceShape(VectorType type) {
  if (type.getRank() == 0 ||
      (type.getRank() == 1 && type.getShape().back() <= kMaxVectorWidth))
    return {};
  return getRowPiece(type);
}

/// A multiply with a double-width result (tosa.rescale's scaling) on a
/// vector that unrolling cannot split (it has two results) is done element
/// by element.
template <typename OpTy>
struct ScalarizeExtendedMul : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getLhs().getType());
    if (!type || type.getRank() == 0 ||
        (type.getRank() == 1 &&
         type.getDimSize(0) == getPieceWidth(type.getDimSize(0))))
      return rewriter.notifyMatchFailure(op, "a native vector already");
    Location loc = op.getLoc();
    SmallVector<Value> lows, highs;
    SmallVector<int64_t> strides = computeStrides(type.getShape());
    for (int64_t i = 0; i < type.getNumElements(); ++i) {
      SmallVector<int64_t> position = delinearize(i, strides);
      Value lhs = vector::ExtractOp::create(rewriter, loc, op.getLhs(), position);
      Value rhs = vector::ExtractOp::create(rewriter, loc, op.getRhs(), position);
      auto scalar = OpTy::create(rewriter, loc, lhs, rhs);
      lows.push_back(scalar.getLow());
      highs.push_back(scalar.getHigh());
    }
    rewriter.replaceOp(
        op, {vector::FromElementsOp::create(rewriter, loc, type, lows),
             vector::FromElementsOp::create(rewriter, loc, type, highs)});
    return success();
  }
};

/// An unsigned division or remainder of one-element vectors is one of their
/// elements: upstream's SPIR-V conversion takes vector<1xi32> (which becomes
/// a scalar) for an emulated bit width, which it has not for unsigned ops.
template <typename OpTy>
struct ScalarizeOneElementUnsigned : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getType());
    if (!type || type.getRank() != 1 || type.getDimSize(0) != 1)
      return rewriter.notifyMatchFailure(op, "not a one-element vector");
    Location loc = op.getLoc();
    Value lhs = vector::ExtractOp::create(rewriter, loc, op.getLhs(), 0);
    Value rhs = vector::ExtractOp::create(rewriter, loc, op.getRhs(), 0);
    Value scalar = OpTy::create(rewriter, loc, lhs, rhs);
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, type, scalar);
    return success();
  }
};

/// A 0-d vector load is a scalar load: LLVM has no 0-d vectors, and the
/// broadcast that usually follows folds into one from the scalar.
struct ScalarizeZeroDLoad : OpRewritePattern<vector::LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::LoadOp load,
                                PatternRewriter &rewriter) const override {
    VectorType type = load.getVectorType();
    if (type.getRank() != 0)
      return failure();
    Value scalar = memref::LoadOp::create(rewriter, load.getLoc(),
                                          load.getBase(), load.getIndices());
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(load, type, scalar);
    return success();
  }
};

/// A 0-d vector store is a scalar store.
struct ScalarizeZeroDStore : OpRewritePattern<vector::StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::StoreOp store,
                                PatternRewriter &rewriter) const override {
    if (store.getVectorType().getRank() != 0)
      return failure();
    Value scalar = vector::ExtractOp::create(rewriter, store.getLoc(),
                                             store.getValueToStore(),
                                             ArrayRef<int64_t>{});
    rewriter.replaceOpWithNewOp<memref::StoreOp>(
        store, scalar, store.getBase(), store.getIndices());
    return success();
  }
};

LogicalResult lowerVectors(ExportOp, func::FuncOp dispatch) {
  // Accumulators: read before a serial loop, carried in registers, written
  // after it; then forward writes to the reads of the same memory. Hoisting
  // needs transfers on the buffers themselves, not on views of them.
  {
    // As upstream's fold-memref-alias-ops does, whatever folds is taken:
    // some views (expand_shape under a 3-D transfer) keep a pattern busy
    // without a change, which is no error.
    RewritePatternSet patterns(dispatch.getContext());
    memref::populateFoldMemRefAliasOpPatterns(patterns);
    (void)applyPatternsGreedily(dispatch, std::move(patterns));
  }
  IRRewriter rewriter(dispatch.getContext());
  DominanceInfo dominance;
  eliminateCommonSubExpressions(rewriter, dominance, dispatch);
  linalg::hoistRedundantVectorTransfers(dispatch);
  vector::transferOpflowOpt(rewriter, dispatch);
  // A subgroup's contraction on cooperative matrices, its accumulators
  // those matrices (their element type is the operation's).
  if (failed(lowerToCooperativeMatrices(dispatch)))
    return failure();
  widenF16Accumulators(dispatch);
  // Transfers across a memref's edges (a staged tile's at the edges of its
  // operands and result), guarded before unrolling loses their rows' bounds.
  lowerOutOfBoundsTransfers(dispatch);

  // Transfers to minor identities (reads along the innermost dimension), then
  // broadcasts and transposes in registers.
  if (failed(applyPatterns(dispatch, [](RewritePatternSet &patterns) {
        vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
      })))
    return dispatch.emitError("could not lower the vector transfers' maps");

  // Contractions to outer products to FMAs. Unit dimensions (a batch of one)
  // go first, so that a batched contraction is a plain one.
  if (failed(applyPatterns(dispatch, [](RewritePatternSet &patterns) {
        vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
        vector::populateVectorContractLoweringPatterns(
            patterns, vector::VectorContractLowering::OuterProduct);
        vector::populateVectorOuterProductLoweringPatterns(patterns);
        vector::populateVectorMultiReductionLoweringPatterns(
            patterns, vector::VectorMultiReductionLowering::InnerReduction);
        vector::populateVectorTransposeLoweringPatterns(
            patterns, vector::VectorTransposeLowering::EltWise);
      })))
    return dispatch.emitError("could not lower the vector contractions");

  if (failed(splitLoopCarriedVectors(dispatch, getRowPieceShape)))
    return dispatch.emitError("could not split the vectors loops carry");

  // n-D to 1-D pieces of at most four elements. The slices that unrolling
  // puts between pieces cancel out first; what is left of them (and of the
  // loop-carried pieces' slices) becomes shuffles after.
  if (failed(applyPatterns(dispatch, [](RewritePatternSet &patterns) {
        vector::populateVectorUnrollPatterns(
            patterns,
            vector::UnrollVectorOptions().setNativeShapeFn(getNativeShape));
        vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
        patterns.add<ScalarizeExtendedMul<arith::MulSIExtendedOp>,
                     ScalarizeExtendedMul<arith::MulUIExtendedOp>>(
            patterns.getContext());
      })) ||
      failed(applyPatterns(dispatch, [](RewritePatternSet &patterns) {
        vector::populateVectorInsertExtractStridedSliceTransforms(patterns);
        vector::populateVectorShapeCastLoweringPatterns(patterns);
      })))
    return dispatch.emitError("could not unroll the vector ops");

  // 1-D transfers to loads and stores; single elements (0-d vectors, which
  // LLVM has no type for) to scalar loads and stores.
  if (failed(applyPatterns(dispatch, [](RewritePatternSet &patterns) {
        vector::populateVectorTransferLoweringPatterns(patterns,
                                                       /*maxTransferRank=*/1);
        // Gathers (a 1-D tensor.extract by computed index) become a load
        // per element, under its mask.
        vector::populateVectorGatherLoweringPatterns(patterns);
        vector::populateVectorGatherToConditionalLoadPatterns(patterns);
        // Indices of a vectorized linalg.index: a constant vector (LLVM
        // has no lowering of vector.step).
        vector::populateVectorStepLoweringPatterns(patterns);
        patterns.add<ScalarizeZeroDLoad, ScalarizeZeroDStore,
                     ScalarizeOneElementUnsigned<arith::DivUIOp>,
                     ScalarizeOneElementUnsigned<arith::RemUIOp>>(
            patterns.getContext());
      })))
    return dispatch.emitError("could not lower the vector transfers");
  // Temporaries whose every read was forwarded from a register, and values
  // the unrolling left unused.
  memref::eraseDeadAllocAndStores(rewriter, dispatch);
  dispatch.walk<WalkOrder::PostOrder, ReverseIterator>([](Operation *op) {
    if (isOpTriviallyDead(op))
      op->erase();
  });
  return success();
}

struct LowerVectorsPass
    : public halc::impl::LowerVectorsPassBase<LowerVectorsPass> {
  void runOnOperation() override {
    if (failed(forEachDispatch(getOperation(), lowerVectors)))
      signalPassFailure();
  }
};

} // namespace
