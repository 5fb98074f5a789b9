//===- ImplicitGemm.cpp - Convolutions as matmuls over im2col indices ------===//
//
// The im2col matrix (Im2Col.h) is a generic with no inputs, so it fuses
// into the tiles of the matmul like a pad does and is never written: the
// contraction strategies (workgroup tiles staged through shared memory)
// then apply to convolutions unchanged. Upstream's
// linalg::rewriteInIm2Col has neither dilations nor padding, and keeps the
// batch out of M (a 7x7 image at batch 8 would be eight 49-row matmuls).
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/Im2Col.h"
#include "compiler/Codegen/Common/Passes.h"

namespace mlir::halc {
#define GEN_PASS_DEF_IMPLICITGEMMPASS
#include "compiler/Codegen/Common/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Rewrites `conv`, whose result is written to `destination` by `write`,
/// as a matmul of its im2col matrix and its filter, written to a collapsed
/// view of the destination.
LogicalResult rewriteAsImplicitGemm(
    RewriterBase &rewriter, linalg::LinalgOp conv,
    bufferization::MaterializeInDestinationOp write) {
  std::optional<ConvolutionShape> shape = getConvolutionShape(conv);
  if (!shape)
    return failure();
  auto destination = cast<TypedValue<MemRefType>>(write.getDest());
  SmallVector<ReassociationIndices> outputGroups =
      shape->channelsFirst
          ? SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}}
          : SmallVector<ReassociationIndices>{{0, 1, 2}, {3}};
  if (!memref::CollapseShapeOp::isGuaranteedCollapsible(destination.getType(),
                                                        outputGroups))
    return failure();

  Location loc = conv.getLoc();
  rewriter.setInsertionPoint(conv);
  Value im2col = buildIm2Col(rewriter, conv, *shape);
  Value filter = collapseBindingRead(rewriter, conv.getDpsInputs()[1],
                                shape->filterGroups);
  Value init = tensor::CollapseShapeOp::create(rewriter, loc,
                                               conv.getDpsInits()[0],
                                               outputGroups);

  // Loops (m, f, k) channels last, (n, f, pixel, k) channels first.
  MLIRContext *context = rewriter.getContext();
  unsigned loops = shape->channelsFirst ? 4 : 3;
  SmallVector<AffineExpr> d;
  for (unsigned i = 0; i < loops; ++i)
    d.push_back(getAffineDimExpr(i, context));
  AffineExpr k = d.back(), f = d[1];
  auto makeMap = [&](ArrayRef<AffineExpr> results) {
    return AffineMap::get(loops, 0, results, context);
  };
  AffineMap filterMap = shape->filterOutputChannelsFirst ? makeMap({f, k})
                                                         : makeMap({k, f});
  AffineMap im2colMap = shape->channelsFirst ? makeMap({d[0], k, d[2]})
                                             : makeMap({d[0], k});
  AffineMap initMap = shape->channelsFirst ? makeMap({d[0], f, d[2]})
                                           : makeMap({d[0], f});
  SmallVector<utils::IteratorType> iterators(loops,
                                             utils::IteratorType::parallel);
  iterators.back() = utils::IteratorType::reduction;
  linalg::GenericOp gemm = buildConvolutionProduct(
      rewriter, conv, im2col, im2colMap, filter, filterMap, init, initMap,
      iterators, /*filterFirst=*/shape->channelsFirst);
  rewriter.setInsertionPoint(write);
  Value view = collapseBinding(rewriter, destination, outputGroups);
  auto newWrite = bufferization::MaterializeInDestinationOp::create(
      rewriter, write.getLoc(), gemm.getResult(0), view);
  newWrite.setRestrict(write.getRestrict());
  newWrite.setWritable(write.getWritable());
  rewriter.eraseOp(write);
  rewriter.eraseOp(conv);
  return success();
}

struct ImplicitGemmPass
    : public halc::impl::ImplicitGemmPassBase<ImplicitGemmPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    SmallVector<std::pair<linalg::LinalgOp,
                          bufferization::MaterializeInDestinationOp>>
        convolutions;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (!op->hasOneUse() || !getConvolutionShape(op))
        return;
      auto write = dyn_cast<bufferization::MaterializeInDestinationOp>(
          *op->getUsers().begin());
      if (write && isa<MemRefType>(write.getDest().getType()))
        convolutions.emplace_back(op, write);
    });
    // A convolution of another kind or shape keeps its direct loops.
    for (auto [conv, write] : convolutions)
      (void)rewriteAsImplicitGemm(rewriter, conv, write);
  }
};

} // namespace
