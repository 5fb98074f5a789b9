//===- SplitReductions.cpp - Long K loops of few output tiles in parts -----===//
//
// The staged contraction strategy gives each workgroup a tile of the
// output; an output of few tiles (a convolution on 7x7 pixels at batch 8)
// leaves most of a GPU idle however long its K loop. Cut into parts, the K
// loop becomes a batch of partial sums (a dispatch with parts times the
// tiles) that a second dispatch adds up, with the op's consumers fused.
// Matmul-like ops are split by upstream's linalg::splitReduction; a
// convolution's partial sums are a matmul over its im2col matrix
// (Im2Col.h) cut in parts, which a convolution op cannot express.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/Im2Col.h"
#include "compiler/Codegen/Common/Strategies/Strategies.h"
#include "compiler/DispatchFormation/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"

namespace mlir::halc {
#define GEN_PASS_DEF_SPLITREDUCTIONSPASS
#include "compiler/DispatchFormation/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Splits a static matmul-like op (two parallel loops, one reduction) into
/// partial sums with the parts as their outermost loop, and their sum.
LogicalResult splitContraction(RewriterBase &rewriter, linalg::LinalgOp op,
                               TargetAttr target) {
  SmallVector<unsigned> parallel, reductions;
  op.getParallelDims(parallel);
  op.getReductionDims(reductions);
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (!op.hasPureTensorSemantics() || !linalg::isaContractionOpInterface(op) ||
      parallel.size() != 2 || reductions.size() != 1 ||
      !op.hasOnlyProjectedPermutations() ||
      llvm::any_of(ranges, ShapedType::isDynamic))
    return failure();
  int64_t parts = chooseReductionSplit(ranges[parallel[0]], ranges[parallel[1]],
                                       ranges[reductions[0]], target);
  if (parts == 1)
    return failure();
  rewriter.setInsertionPoint(op);
  return linalg::splitReduction(rewriter, op, [&](linalg::LinalgOp) {
    return linalg::SplitReductionOptions{parts, /*index=*/0,
                                         /*innerParallel=*/false};
  });
}

/// Splits a static convolution into partial sums (loops part, m, n, k over
/// its im2col matrix in parts and its filter collapsed and cut alike) and
/// their sum into the convolution's output. Channels last, M is the images'
/// pixels and N the output channels; channels first, M is the output
/// channels (the filter's rows, read along K) and N the images' pixels side
/// by side (the im2col matrix's rows, read along the input's rows).
LogicalResult splitConvolution(RewriterBase &rewriter, linalg::LinalgOp conv,
                               const ConvolutionShape &shape,
                               TargetAttr target) {
  auto output = cast<RankedTensorType>(conv.getDpsInits()[0].getType());
  bool first = shape.channelsFirst;
  int64_t pixels = shape.batch * shape.getPixels(),
          k = shape.getReductionSize(),
          f = output.getShape()[first ? 1 : 3];
  int64_t m = first ? f : pixels, n = first ? pixels : f;
  // The partial sums' tiles may have edges: their inputs are the im2col
  // matrix (indices only) and the filter, their accumulator a fill.
  int64_t parts = chooseReductionSplit(m, n, k, target, /*edges=*/true);
  SmallVector<Operation *> combiners;
  if (parts == 1 || !matchReduction(conv.getRegionOutputArgs(), 0, combiners) ||
      combiners.size() != 1)
    return failure();
  Operation *combiner = combiners.front();
  std::optional<TypedAttr> identity = arith::getNeutralElement(combiner);
  if (!identity)
    return failure();

  Location loc = conv.getLoc();
  MLIRContext *context = rewriter.getContext();
  rewriter.setInsertionPoint(conv);
  Value im2col = buildIm2Col(rewriter, conv, shape, parts);
  Value filter = tensor::CollapseShapeOp::create(
      rewriter, loc, conv.getDpsInputs()[1], shape.filterGroups);
  Type filterElement = getElementTypeOrSelf(filter.getType());
  SmallVector<int64_t> filterShape = {parts, k / parts, f};
  SmallVector<ReassociationIndices> filterGroups = {{0, 1}, {2}};
  if (shape.filterOutputChannelsFirst) {
    filterShape = {f, parts, k / parts};
    filterGroups = {{0}, {1, 2}};
  }
  filter = tensor::ExpandShapeOp::create(
      rewriter, loc, RankedTensorType::get(filterShape, filterElement), filter,
      filterGroups);
  Type accumulator = output.getElementType();
  Value empty = tensor::EmptyOp::create(
      rewriter, loc, ArrayRef<int64_t>{parts, m, n}, accumulator);
  Value zero = arith::ConstantOp::create(rewriter, loc, *identity);
  Value partialInit =
      linalg::FillOp::create(rewriter, loc, zero, empty).getResult(0);

  AffineExpr part, row, column, reduced;
  bindDims(context, part, row, column, reduced);
  auto makeMap = [&](ArrayRef<AffineExpr> results) {
    return AffineMap::get(4, 0, results, context);
  };
  AffineExpr channel = first ? row : column;
  AffineMap filterMap = shape.filterOutputChannelsFirst
                            ? makeMap({channel, part, reduced})
                            : makeMap({part, reduced, channel});
  AffineMap im2colMap = first ? makeMap({part, reduced, column})
                              : makeMap({part, row, reduced});
  SmallVector<utils::IteratorType> iterators(4, utils::IteratorType::parallel);
  iterators.back() = utils::IteratorType::reduction;
  linalg::GenericOp partials = buildConvolutionProduct(
      rewriter, conv, im2col, im2colMap, filter, filterMap, partialInit,
      makeMap({part, row, column}), iterators, /*filterFirst=*/first);

  // Their sum: loops part, then the output's.
  SmallVector<int64_t> sumsShape = {parts, shape.batch, shape.outputRows,
                                    shape.outputColumns, f};
  SmallVector<ReassociationIndices> sumsGroups = {{0}, {1, 2, 3}, {4}};
  AffineMap sumsMap = AffineMap::getMultiDimIdentityMap(5, context);
  if (first) {
    sumsShape = {parts, f, shape.batch, shape.outputRows, shape.outputColumns};
    sumsGroups = {{0}, {1}, {2, 3, 4}};
    sumsMap = AffineMap::getPermutationMap(ArrayRef<unsigned>{0, 2, 1, 3, 4},
                                           context);
  }
  Value sums = tensor::ExpandShapeOp::create(
      rewriter, loc, RankedTensorType::get(sumsShape, accumulator),
      partials.getResult(0), sumsGroups);
  SmallVector<AffineMap> maps = {
      sumsMap, AffineMap::getMultiDimIdentityMap(5, context).dropResult(0)};
  SmallVector<utils::IteratorType> sumIterators(5,
                                                utils::IteratorType::parallel);
  sumIterators.front() = utils::IteratorType::reduction;
  auto sum = linalg::GenericOp::create(
      rewriter, loc, output, sums, conv.getDpsInits()[0], maps, sumIterators,
      [&](OpBuilder &body, Location loc, ValueRange args) {
        Operation *add = body.clone(*combiner);
        add->setOperands(args);
        linalg::YieldOp::create(body, loc, add->getResult(0));
      });
  rewriter.replaceOp(conv, sum.getResults());
  return success();
}

struct SplitReductionsPass
    : public halc::impl::SplitReductionsPassBase<SplitReductionsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto target = module->getAttrOfType<TargetAttr>(kModuleTargetAttrName);
    if (!target)
      return;
    SmallVector<linalg::LinalgOp> ops;
    module.walk([&](linalg::LinalgOp op) { ops.push_back(op); });
    IRRewriter rewriter(&getContext());
    // Ops of other kinds or shapes stay whole.
    for (linalg::LinalgOp op : ops) {
      std::optional<ConvolutionShape> shape = getConvolutionShape(op);
      if (shape)
        (void)splitConvolution(rewriter, op, *shape, target);
      else
        (void)splitContraction(rewriter, op, target);
    }
  }
};

} // namespace
