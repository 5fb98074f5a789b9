//===- ConvertAccGemmToGemm.cpp - Accumulators added after the sum --------===//
//
// A contraction or convolution that accumulates into a tensor it did not
// fill (`C += A·B` with C an argument, a bias broadcast, another op's
// result) would have its kernel write into the buffer it reads C from: a
// read-only binding when C comes from outside the dispatch. It becomes the
// same op on zeros followed by an elementwise addition of C, which fuses
// into the op's dispatch as its epilogue: the kernel reads C once per
// output and writes the sum to its own result (IREE's
// convert-accgemm-to-gemm does the same).
//
//===----------------------------------------------------------------------===//

#include "compiler/DispatchFormation/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::halc {
#define GEN_PASS_DEF_CONVERTACCGEMMTOGEMMPASS
#include "compiler/DispatchFormation/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Whether the kernel of a dispatch computes `init` itself: an empty
/// tensor or a fill (of any value) is never read from a buffer.
bool isMadeInPlace(Value init) {
  return init.getDefiningOp<tensor::EmptyOp>() ||
         init.getDefiningOp<linalg::FillOp>();
}

struct ConvertAccGemmToGemm
    : public OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
        !(linalg::isaContractionOpInterface(op) ||
          linalg::isaConvolutionOpInterface(op)))
      return failure();
    Value accumulator = op.getDpsInitOperand(0)->get();
    if (isMadeInPlace(accumulator))
      return failure();
    auto type = cast<RankedTensorType>(accumulator.getType());
    Type elementType = type.getElementType();
    if (!elementType.isIntOrFloat())
      return failure();
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, accumulator);
    Value empty = tensor::EmptyOp::create(rewriter, loc, sizes, elementType);
    Value zero = arith::ConstantOp::create(rewriter, loc, elementType,
                                           rewriter.getZeroAttr(elementType));
    Value zeros =
        linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);
    Operation *sum = rewriter.clone(*op.getOperation());
    rewriter.modifyOpInPlace(sum, [&] {
      cast<linalg::LinalgOp>(sum).getDpsInitOperand(0)->set(zeros);
    });
    AffineMap identity = rewriter.getMultiDimIdentityMap(type.getRank());
    SmallVector<utils::IteratorType> iterators(type.getRank(),
                                               utils::IteratorType::parallel);
    auto add = linalg::GenericOp::create(
        rewriter, loc, type, ValueRange{sum->getResult(0), accumulator},
        ValueRange{empty}, SmallVector<AffineMap>(3, identity), iterators,
        [&](OpBuilder &body, Location loc, ValueRange args) {
          Value result =
              isa<FloatType>(elementType)
                  ? arith::AddFOp::create(body, loc, args[0], args[1])
                        .getResult()
                  : arith::AddIOp::create(body, loc, args[0], args[1])
                        .getResult();
          linalg::YieldOp::create(body, loc, result);
        });
    rewriter.replaceOp(op, add.getResults());
    return success();
  }
};

struct ConvertAccGemmToGemmPass
    : public halc::impl::ConvertAccGemmToGemmPassBase<
          ConvertAccGemmToGemmPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ConvertAccGemmToGemm>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
