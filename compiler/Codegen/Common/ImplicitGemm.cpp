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

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"

namespace mlir::halc {
#define GEN_PASS_DEF_IMPLICITGEMMPASS
#include "compiler/Codegen/Common/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Whether the loops of `epilogue` (an elementwise op over a convolution's
/// output) collapse as the output does (`outputGroups`): a linalg.generic
/// (what upstream's collapsing takes) whose operands are tensors read
/// through projections of its loops (no constant index: a bias of shape
/// 1xCx1x1) that keep each group's loops together.
bool canCollapseEpilogue(linalg::LinalgOp epilogue,
                         ArrayRef<ReassociationIndices> outputGroups) {
  SmallVector<ReassociationIndices> folded;
  for (const ReassociationIndices &group : outputGroups)
    if (group.size() > 1)
      folded.push_back(group);
  SmallVector<AffineMap> maps = epilogue.getIndexingMapsArray();
  return isa<linalg::GenericOp>(epilogue) &&
         epilogue.getNumLoops() == epilogue.getNumParallelLoops() &&
         llvm::all_of(epilogue->getOperandTypes(),
                      [](Type type) { return isa<RankedTensorType>(type); }) &&
         llvm::all_of(
             maps,
             [](AffineMap map) { return map.isProjectedPermutation(); }) &&
         linalg::areDimSequencesPreserved(maps, folded);
}

/// `epilogue` over the loops of `conv`'s output collapsed by `outputGroups`
/// (canCollapseEpilogue), reading `gemm`'s result where it read `conv`'s;
/// its collapsed result.
FailureOr<Value> collapseEpilogue(RewriterBase &rewriter, linalg::LinalgOp conv,
                                  linalg::LinalgOp epilogue,
                                  linalg::GenericOp gemm,
                                  ArrayRef<ReassociationIndices> outputGroups) {
  SmallVector<ReassociationIndices> folded;
  for (const ReassociationIndices &group : outputGroups)
    if (group.size() > 1)
      folded.push_back(group);
  rewriter.setInsertionPoint(epilogue);
  FailureOr<linalg::CollapseResult> collapsed =
      linalg::collapseOpIterationDims(epilogue, folded, rewriter);
  if (failed(collapsed))
    return epilogue->emitError("could not collapse as its convolution's "
                               "implicit GEMM does");
  // It read the convolution through a collapse of its result: the matmul's.
  for (OpOperand *input : collapsed->collapsedOp.getDpsInputOperands()) {
    auto collapse = input->get().getDefiningOp<tensor::CollapseShapeOp>();
    if (!collapse || collapse.getSrc() != conv->getResult(0))
      continue;
    input->set(gemm.getResult(0));
    rewriter.eraseOp(collapse);
  }
  // The expansion back to the epilogue's shape is not read: the write
  // takes the collapsed result.
  for (Value result : collapsed->results)
    if (Operation *expand = result.getDefiningOp();
        expand && result.use_empty())
      rewriter.eraseOp(expand);
  return collapsed->collapsedOp->getResult(0);
}

/// Rewrites `conv`, whose result is written to `destination` by `write`
/// (or first goes through `epilogue`, an elementwise op whose result
/// `write` writes), as a matmul of its im2col matrix and its filter,
/// written to a collapsed view of the destination; the epilogue's loops
/// collapse the same way, so that it reads the matmul's result as it is.
LogicalResult
rewriteAsImplicitGemm(RewriterBase &rewriter, linalg::LinalgOp conv,
                      linalg::LinalgOp epilogue,
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
                                                        outputGroups) ||
      (epilogue && !canCollapseEpilogue(epilogue, outputGroups)))
    return failure();

  Location loc = conv.getLoc();
  rewriter.setInsertionPoint(conv);
  Value im2col = buildIm2Col(rewriter, conv, *shape);
  Value filter = collapseBindingRead(rewriter, conv.getDpsInputs()[1],
                                shape->filterGroups);
  // An epilogue's contraction starts from a fill of its own shape (where
  // its accumulator then lives: the result's tile).
  Value init = conv.getDpsInits()[0];
  auto fill = init.getDefiningOp<linalg::FillOp>();
  if (epilogue && fill) {
    auto type = tensor::CollapseShapeOp::inferCollapsedType(
        cast<RankedTensorType>(init.getType()), outputGroups);
    Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                          type.getElementType());
    init = linalg::FillOp::create(rewriter, fill.getLoc(),
                                  fill.getDpsInputs()[0], empty)
               .getResult(0);
  } else {
    init = tensor::CollapseShapeOp::create(rewriter, loc, init, outputGroups);
  }

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
  Value result = gemm.getResult(0);
  if (epilogue) {
    FailureOr<Value> collapsed =
        collapseEpilogue(rewriter, conv, epilogue, gemm, outputGroups);
    if (failed(collapsed))
      return failure();
    result = *collapsed;
  }
  rewriter.setInsertionPoint(write);
  Value view = collapseBinding(rewriter, destination, outputGroups);
  auto newWrite = bufferization::MaterializeInDestinationOp::create(
      rewriter, write.getLoc(), result, view);
  newWrite.setRestrict(write.getRestrict());
  newWrite.setWritable(write.getWritable());
  rewriter.eraseOp(write);
  if (epilogue)
    rewriter.eraseOp(epilogue);
  rewriter.eraseOp(conv);
  return success();
}

struct ImplicitGemmPass
    : public halc::impl::ImplicitGemmPassBase<ImplicitGemmPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    struct Convolution {
      linalg::LinalgOp conv, epilogue;
      bufferization::MaterializeInDestinationOp write;
    };
    SmallVector<Convolution> convolutions;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (!op->hasOneUse() || !getConvolutionShape(op))
        return;
      // Its result written, or first an elementwise epilogue of it (a
      // bias, an activation) that writes its own.
      Operation *user = *op->getUsers().begin();
      auto epilogue = dyn_cast<linalg::LinalgOp>(user);
      if (epilogue &&
          (!isElementwiseEpilogueOf(epilogue, op) || !epilogue->hasOneUse()))
        return;
      if (epilogue)
        user = *epilogue->getUsers().begin();
      auto write = dyn_cast<bufferization::MaterializeInDestinationOp>(user);
      if (write && isa<MemRefType>(write.getDest().getType()))
        convolutions.push_back({op, epilogue, write});
    });
    // A convolution of another kind or shape keeps its direct loops.
    for (auto [conv, epilogue, write] : convolutions)
      (void)rewriteAsImplicitGemm(rewriter, conv, epilogue, write);
  }
};

} // namespace
