//===- ConvertPatchConvolutions.cpp - Patchify convolutions as matmuls ----===//
//
// A convolution whose stride equals its kernel (a vision transformer's
// patch embedding: 16x16 windows, stride 16) reads each input element
// once: its windows do not overlap, so the im2col matrix is the input
// itself with its patches' elements brought together, a transpose. The
// convolution becomes that transpose and a matmul, which the contraction
// strategies run at their speed, instead of an implicit GEMM gathering a
// long K of strided windows a step at a time.
//
//===----------------------------------------------------------------------===//

#include "compiler/DispatchFormation/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::halc {
#define GEN_PASS_DEF_CONVERTPATCHCONVOLUTIONSPASS
#include "compiler/DispatchFormation/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// `value` transposed by `permutation` (result dimension i is dimension
/// permutation[i] of `value`).
Value transpose(PatternRewriter &rewriter, Location loc, Value value,
                ArrayRef<int64_t> permutation) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<OpFoldResult> sizes;
  SmallVector<OpFoldResult> sourceSizes =
      tensor::getMixedSizes(rewriter, loc, value);
  for (int64_t dim : permutation)
    sizes.push_back(sourceSizes[dim]);
  Value empty =
      tensor::EmptyOp::create(rewriter, loc, sizes, type.getElementType());
  return linalg::TransposeOp::create(rewriter, loc, value, empty, permutation)
      .getResult()[0];
}

/// `value` [A, B, C, D] as [A, C, B, D], its loops ordered (C, A, B, D):
/// the three innermost, which workgroups take, are the larger ones (a
/// patch's columns: C is a row of patches).
Value swapMiddleLoopsOutermost(PatternRewriter &rewriter, Location loc,
                               Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, value);
  Value empty = tensor::EmptyOp::create(
      rewriter, loc,
      SmallVector<OpFoldResult>{sizes[0], sizes[2], sizes[1], sizes[3]},
      type.getElementType());
  MLIRContext *context = rewriter.getContext();
  // Loops (c, a, b, d): read [a, b, c, d], write [a, c, b, d].
  AffineExpr c = getAffineDimExpr(0, context), a = getAffineDimExpr(1, context),
             b = getAffineDimExpr(2, context), d = getAffineDimExpr(3, context);
  SmallVector<AffineMap> maps = {AffineMap::get(4, 0, {a, b, c, d}, context),
                                 AffineMap::get(4, 0, {a, c, b, d}, context)};
  return linalg::GenericOp::create(
             rewriter, loc, empty.getType(), value, empty, maps,
             SmallVector<utils::IteratorType>(4, utils::IteratorType::parallel),
             [](OpBuilder &b, Location l, ValueRange arguments) {
               linalg::YieldOp::create(b, l, arguments[0]);
             })
      .getResult(0);
}

/// [N, C, H, W] by [F, C, kh, kw] with stride (kh, kw), H = P kh, W = Q kw:
/// the patches [N P Q, C kh kw] (a transpose of the input's view as
/// [N, C, P, kh, Q, kw]) times the weights [F, C kh kw] transposed, the
/// product [N, P, Q, F] transposed back to [N, F, P, Q].
struct ConvertPatchConvolution
    : public OpRewritePattern<linalg::Conv2DNchwFchwOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::Conv2DNchwFchwOp conv,
                                PatternRewriter &rewriter) const override {
    Value input = conv.getInputs()[0], weights = conv.getInputs()[1];
    auto inputType = cast<RankedTensorType>(input.getType());
    auto weightType = cast<RankedTensorType>(weights.getType());
    auto resultType = cast<RankedTensorType>(conv.getResultTypes()[0]);
    if (!weightType.hasStaticShape() || inputType.isDynamicDim(1) ||
        inputType.isDynamicDim(2) || inputType.isDynamicDim(3) ||
        !conv.hasPureTensorSemantics())
      return failure();
    int64_t filters = weightType.getDimSize(0),
            channels = weightType.getDimSize(1), kh = weightType.getDimSize(2),
            kw = weightType.getDimSize(3);
    SmallVector<int64_t> strides(conv.getStrides().getValues<int64_t>());
    if (!llvm::all_of(conv.getDilations().getValues<int64_t>(),
                      [](int64_t d) { return d == 1; }) ||
        strides[0] != kh || strides[1] != kw || kh * kw == 1)
      return rewriter.notifyMatchFailure(conv, "windows overlap or are 1x1");
    int64_t p = resultType.getDimSize(2), q = resultType.getDimSize(3);
    if (resultType.isDynamicDim(2) || resultType.isDynamicDim(3) ||
        inputType.getDimSize(2) != p * kh || inputType.getDimSize(3) != q * kw)
      return rewriter.notifyMatchFailure(conv, "rows or columns left over");
    // The product sums into zeros as the convolution did into its init
    // (a fill), read through the same value.
    auto fill = conv.getOutputs()[0].getDefiningOp<linalg::FillOp>();
    if (!fill)
      return rewriter.notifyMatchFailure(conv, "does not sum from a fill");
    Location loc = conv.getLoc();
    Type element = resultType.getElementType();
    int64_t batch = inputType.getDimSize(0);
    OpFoldResult batchSize = tensor::getMixedSize(rewriter, loc, input, 0);

    // The patches [N P Q, C kh kw] in two moves of four dimensions each (a
    // workgroup takes three loops; one permutation of six would leave the
    // other three to a few workgroups): the rows of patches first,
    // [N, C, P, kh W] -> [N, P, C, kh W], then the columns of each,
    // [N P, C kh, Q, kw] -> [N P, Q, C kh, kw].
    OpFoldResult rowCount = rewriter.getIndexAttr(p);
    Value rowsOfPatches = tensor::CollapseShapeOp::create(
        rewriter, loc,
        tensor::ExpandShapeOp::create(
            rewriter, loc,
            RankedTensorType::get(
                {batch, channels, p, kh, inputType.getDimSize(3)},
                inputType.getElementType()),
            input, SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}, {4}},
            SmallVector<OpFoldResult>{
                batchSize, rewriter.getIndexAttr(channels), rowCount,
                rewriter.getIndexAttr(kh),
                rewriter.getIndexAttr(inputType.getDimSize(3))}),
        SmallVector<ReassociationIndices>{{0}, {1}, {2}, {3, 4}});
    Value patchRows = transpose(rewriter, loc, rowsOfPatches, {0, 2, 1, 3});
    Value columnsOfPatches = tensor::CollapseShapeOp::create(
        rewriter, loc,
        tensor::ExpandShapeOp::create(
            rewriter, loc,
            RankedTensorType::get({batch, p, channels, kh, q, kw},
                                  inputType.getElementType()),
            patchRows,
            SmallVector<ReassociationIndices>{{0}, {1}, {2}, {3, 4, 5}},
            SmallVector<OpFoldResult>{
                batchSize, rowCount, rewriter.getIndexAttr(channels),
                rewriter.getIndexAttr(kh), rewriter.getIndexAttr(q),
                rewriter.getIndexAttr(kw)}),
        SmallVector<ReassociationIndices>{{0, 1}, {2, 3}, {4}, {5}});
    Value patches = swapMiddleLoopsOutermost(rewriter, loc, columnsOfPatches);
    Value rows = tensor::CollapseShapeOp::create(
        rewriter, loc, patches,
        SmallVector<ReassociationIndices>{{0, 1}, {2, 3}});
    Value columns = tensor::CollapseShapeOp::create(
        rewriter, loc, weights,
        SmallVector<ReassociationIndices>{{0}, {1, 2, 3}});

    SmallVector<OpFoldResult> productSizes = {
        tensor::getMixedSize(rewriter, loc, rows, 0),
        rewriter.getIndexAttr(filters)};
    Value productEmpty =
        tensor::EmptyOp::create(rewriter, loc, productSizes, element);
    Value zeros =
        linalg::FillOp::create(rewriter, loc, fill.value(), productEmpty)
            .getResult(0);
    Value product = linalg::MatmulTransposeBOp::create(
                        rewriter, loc, TypeRange{zeros.getType()},
                        ValueRange{rows, columns}, ValueRange{zeros})
                        .getResult(0);

    // [N P Q, F] -> [N, P, Q, F] -> [N, F, P, Q].
    auto pixelsType = RankedTensorType::get({batch, p, q, filters}, element);
    Value pixels = tensor::ExpandShapeOp::create(
        rewriter, loc, pixelsType, product,
        SmallVector<ReassociationIndices>{{0, 1, 2}, {3}},
        SmallVector<OpFoldResult>{batchSize, rewriter.getIndexAttr(p),
                                  rewriter.getIndexAttr(q),
                                  rewriter.getIndexAttr(filters)});
    rewriter.replaceOp(conv, transpose(rewriter, loc, pixels, {0, 3, 1, 2}));
    return success();
  }
};

struct ConvertPatchConvolutionsPass
    : public halc::impl::ConvertPatchConvolutionsPassBase<
          ConvertPatchConvolutionsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ConvertPatchConvolution>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
