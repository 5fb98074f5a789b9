//===- ConvertAccGemmToGemm.cpp - Accumulators added after the sum --------===//
//
// A contraction, convolution or reduction that accumulates into a tensor
// it did not fill (`C += A·B` with C an argument, a bias broadcast, another
// op's result; a sum starting from given values) would have its kernel
// write into the buffer it reads C from: a read-only binding when C comes
// from outside the dispatch. It becomes the same op on the combiner's
// identity (zeros for a sum) followed by an elementwise combination with C
// (an addition; the reduction's own combiner, a maximum say), which fuses
// into the op's dispatch as its epilogue: the kernel reads C once per
// output and writes the result to its own buffer (IREE's
// convert-accgemm-to-gemm does the same for contractions).
//
//===----------------------------------------------------------------------===//

#include "compiler/DispatchFormation/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
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

/// The op that combines each element into the accumulator of a reduction
/// (an addf, a maximumf, ...), if the body is one such combination.
Operation *getCombiner(linalg::LinalgOp op) {
  SmallVector<Operation *, 4> combiners;
  if (!matchReduction(op.getRegionOutputArgs(), 0, combiners) ||
      combiners.size() != 1 || combiners.front()->getNumOperands() != 2)
    return nullptr;
  return combiners.front();
}

struct ConvertAccGemmToGemm
    : public OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
        op.getNumReductionLoops() == 0)
      return failure();
    Value accumulator = op.getDpsInitOperand(0)->get();
    if (isMadeInPlace(accumulator))
      return failure();
    auto type = cast<RankedTensorType>(accumulator.getType());
    Type elementType = type.getElementType();
    if (!elementType.isIntOrFloat())
      return failure();
    // Contractions and convolutions sum; other reductions combine as
    // their body does, from that combination's identity.
    bool sums = linalg::isaContractionOpInterface(op) ||
                linalg::isaConvolutionOpInterface(op);
    Operation *combiner = sums ? nullptr : getCombiner(op);
    std::optional<TypedAttr> neutral =
        sums ? std::optional<TypedAttr>(rewriter.getZeroAttr(elementType))
        : combiner ? arith::getNeutralElement(combiner)
                   : std::nullopt;
    if (!neutral)
      return rewriter.notifyMatchFailure(op, "no combiner with an identity");
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, accumulator);
    Value empty = tensor::EmptyOp::create(rewriter, loc, sizes, elementType);
    Value start = arith::ConstantOp::create(rewriter, loc, *neutral);
    Value starts =
        linalg::FillOp::create(rewriter, loc, start, empty).getResult(0);
    Operation *sum = rewriter.clone(*op.getOperation());
    rewriter.modifyOpInPlace(sum, [&] {
      cast<linalg::LinalgOp>(sum).getDpsInitOperand(0)->set(starts);
    });
    AffineMap identity = rewriter.getMultiDimIdentityMap(type.getRank());
    SmallVector<utils::IteratorType> iterators(type.getRank(),
                                               utils::IteratorType::parallel);
    auto add = linalg::GenericOp::create(
        rewriter, loc, type, ValueRange{sum->getResult(0), accumulator},
        ValueRange{empty}, SmallVector<AffineMap>(3, identity), iterators,
        [&](OpBuilder &body, Location loc, ValueRange args) {
          Value result;
          if (combiner)
            result = body.create(loc, combiner->getName().getIdentifier(),
                                 {args[0], args[1]}, {elementType},
                                 combiner->getAttrs())
                         ->getResult(0);
          else if (isa<FloatType>(elementType))
            result = arith::AddFOp::create(body, loc, args[0], args[1]);
          else
            result = arith::AddIOp::create(body, loc, args[0], args[1]);
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
