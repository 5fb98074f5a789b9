//===- ImplicitGemm.cpp - Convolutions as matmuls over im2col indices ------===//
//
// A 2-D convolution is a matmul whose left operand (the im2col matrix) is
// the input read at computed indices. The matrix is a generic with no
// inputs, so it fuses into the tiles of the matmul like a pad does and is
// never written: the contraction strategies (workgroup tiles staged through
// shared memory) then apply to convolutions unchanged. Upstream's
// linalg::rewriteInIm2Col has neither dilations nor padding, and keeps the
// batch out of M (a 7x7 image at batch 8 would be eight 49-row matmuls).
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::halc {
#define GEN_PASS_DEF_IMPLICITGEMMPASS
#include "compiler/Codegen/Common/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Whether `generic` computes each element of its result from the same
/// element of its inputs and its indices (an elementwise op, a pad): its
/// body can then be run at any index instead of reading its result.
bool isElementwise(linalg::GenericOp generic) {
  return generic.getNumDpsInits() == 1 &&
         generic.getNumParallelLoops() == generic.getNumLoops() &&
         llvm::all_of(generic.getIndexingMapsArray(),
                      [](AffineMap map) { return map.isIdentity(); }) &&
         generic.getMatchingBlockArgument(generic.getDpsInitOperand(0))
             .use_empty() &&
         llvm::all_of(generic.getBody()->without_terminator(),
                      [](Operation &op) { return op.getNumRegions() == 0; });
}

/// The element of `tensor` at `indices`: the body of the elementwise ops
/// that produce it, run at those indices, down to a tensor read by index.
Value buildElementAt(OpBuilder &builder, Location loc, Value tensor,
                     ValueRange indices) {
  auto generic = tensor.getDefiningOp<linalg::GenericOp>();
  if (!generic || !isElementwise(generic))
    return tensor::ExtractOp::create(builder, loc, tensor, indices);
  Block *body = generic.getBody();
  IRMapping mapping;
  for (OpOperand *input : generic.getDpsInputOperands())
    mapping.map(generic.getMatchingBlockArgument(input),
                buildElementAt(builder, loc, input->get(), indices));
  for (Operation &op : body->without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(op))
      mapping.map(index.getResult(), indices[index.getDim()]);
    else
      builder.clone(op, mapping);
  }
  return mapping.lookupOrDefault(body->getTerminator()->getOperand(0));
}

/// `index` split into digits of the static `sizes`, most significant first.
SmallVector<Value> delinearize(OpBuilder &builder, Location loc, Value index,
                               ArrayRef<int64_t> sizes) {
  SmallVector<Value> digits(sizes.size());
  for (int64_t i = sizes.size() - 1; i >= 0; --i) {
    Value size = arith::ConstantIndexOp::create(builder, loc, sizes[i]);
    digits[i] = i ? arith::RemUIOp::create(builder, loc, index, size)
                  : index;
    if (i)
      index = arith::DivUIOp::create(builder, loc, index, size);
  }
  return digits;
}

/// `output * stride + filter * dilation`: the input index one output and
/// filter position read.
Value convolvedIndex(OpBuilder &builder, Location loc, Value output,
                     Value filter, int64_t stride, int64_t dilation) {
  auto scaled = [&](Value value, int64_t factor) -> Value {
    if (factor == 1)
      return value;
    Value constant = arith::ConstantIndexOp::create(builder, loc, factor);
    return arith::MulIOp::create(builder, loc, value, constant);
  };
  return arith::AddIOp::create(builder, loc, scaled(output, stride),
                               scaled(filter, dilation));
}

/// A convolution's layouts: channels last (NHWC input and output, M the
/// batch and pixels, K the filter's rows, columns and channels) or first
/// (NCHW, a matmul per image: the filter's output channels are M, the
/// pixels N, K the channels, rows and columns).
struct ConvolutionShape {
  bool channelsFirst;
  /// The filter's dimensions collapsed into the matmul's two.
  SmallVector<ReassociationIndices> filterGroups;
  /// Whether the collapsed filter is F x K (else K x F).
  bool filterOutputChannelsFirst;
  int64_t batch, outputRows, outputColumns;
  int64_t filterRows, filterColumns, inputChannels;
};

std::optional<ConvolutionShape> getConvolutionShape(linalg::LinalgOp conv) {
  if (!isa<linalg::Conv2DNhwcHwcfOp, linalg::Conv2DNhwcFhwcOp,
           linalg::Conv2DNchwFchwOp>(conv))
    return std::nullopt;
  auto filter = cast<RankedTensorType>(conv.getDpsInputs()[1].getType());
  auto output = cast<RankedTensorType>(conv.getDpsInits()[0].getType());
  ArrayRef<int64_t> f = filter.getShape(), o = output.getShape();
  ConvolutionShape shape;
  if (isa<linalg::Conv2DNhwcHwcfOp>(conv)) {
    shape = {false, {{0, 1, 2}, {3}}, false, o[0], o[1], o[2],
             f[0], f[1], f[2]};
  } else if (isa<linalg::Conv2DNhwcFhwcOp>(conv)) {
    shape = {false, {{0}, {1, 2, 3}}, true, o[0], o[1], o[2],
             f[1], f[2], f[3]};
  } else {
    shape = {true, {{0}, {1, 2, 3}}, true, o[0], o[2], o[3],
             f[2], f[3], f[1]};
  }
  return shape;
}

/// The im2col matrix of `conv`: M x K (channels last, K innermost as the
/// input's channels are) or batch x K x pixels (channels first, pixels
/// innermost as the input's columns are).
Value buildIm2Col(OpBuilder &builder, linalg::LinalgOp conv,
                  const ConvolutionShape &shape, ArrayRef<int64_t> strides,
                  ArrayRef<int64_t> dilations) {
  Location loc = conv.getLoc();
  Value input = conv.getDpsInputs()[0];
  Type element = getElementTypeOrSelf(input.getType());
  int64_t pixels = shape.outputRows * shape.outputColumns;
  int64_t k = shape.filterRows * shape.filterColumns * shape.inputChannels;
  SmallVector<int64_t> matrixShape =
      shape.channelsFirst
          ? SmallVector<int64_t>{shape.batch, k, pixels}
          : SmallVector<int64_t>{shape.batch * pixels, k};
  auto type = RankedTensorType::get(matrixShape, element);
  Value empty = tensor::EmptyOp::create(builder, loc, matrixShape, element);
  unsigned rank = matrixShape.size();
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto map = AffineMap::getMultiDimIdentityMap(rank, builder.getContext());
  auto generic = linalg::GenericOp::create(
      builder, loc, type, ValueRange{}, ValueRange{empty}, map, iterators,
      [&](OpBuilder &body, Location loc, ValueRange) {
        Value batch, pixel, column;
        SmallVector<Value> filterIndex;
        if (shape.channelsFirst) {
          batch = linalg::IndexOp::create(body, loc, 0);
          column = linalg::IndexOp::create(body, loc, 1);
          pixel = linalg::IndexOp::create(body, loc, 2);
          filterIndex = delinearize(
              body, loc, column,
              {shape.inputChannels, shape.filterRows, shape.filterColumns});
          std::rotate(filterIndex.begin(), filterIndex.begin() + 1,
                      filterIndex.end());
        } else {
          Value row = linalg::IndexOp::create(body, loc, 0);
          column = linalg::IndexOp::create(body, loc, 1);
          SmallVector<Value> digits =
              delinearize(body, loc, row, {shape.batch, pixels});
          batch = digits[0];
          pixel = digits[1];
          filterIndex = delinearize(
              body, loc, column,
              {shape.filterRows, shape.filterColumns, shape.inputChannels});
        }
        // filterIndex: filter row, filter column, input channel.
        SmallVector<Value> outputIndex = delinearize(
            body, loc, pixel, {shape.outputRows, shape.outputColumns});
        Value inputRow = convolvedIndex(body, loc, outputIndex[0],
                                        filterIndex[0], strides[0],
                                        dilations[0]);
        Value inputColumn = convolvedIndex(body, loc, outputIndex[1],
                                           filterIndex[1], strides[1],
                                           dilations[1]);
        SmallVector<Value> indices =
            shape.channelsFirst
                ? SmallVector<Value>{batch, filterIndex[2], inputRow,
                                     inputColumn}
                : SmallVector<Value>{batch, inputRow, inputColumn,
                                     filterIndex[2]};
        linalg::YieldOp::create(body, loc,
                                buildElementAt(body, loc, input, indices));
      });
  return generic.getResult(0);
}

/// Rewrites `conv`, whose result is written to `destination` by `write`,
/// as a matmul of its im2col matrix and its filter, written to a collapsed
/// view of the destination.
LogicalResult rewriteAsImplicitGemm(
    RewriterBase &rewriter, linalg::LinalgOp conv,
    bufferization::MaterializeInDestinationOp write) {
  std::optional<ConvolutionShape> shape = getConvolutionShape(conv);
  if (!shape || !conv.hasPureTensorSemantics() ||
      llvm::any_of(conv->getOperandTypes(), [](Type type) {
        return !cast<ShapedType>(type).hasStaticShape();
      }))
    return failure();
  auto destination = cast<TypedValue<MemRefType>>(write.getDest());
  SmallVector<ReassociationIndices> outputGroups =
      shape->channelsFirst
          ? SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}}
          : SmallVector<ReassociationIndices>{{0, 1, 2}, {3}};
  if (!memref::CollapseShapeOp::isGuaranteedCollapsible(destination.getType(),
                                                        outputGroups))
    return failure();
  auto strides = llvm::to_vector(
      conv->getAttrOfType<DenseIntElementsAttr>("strides").getValues<int64_t>());
  auto dilations = llvm::to_vector(conv->getAttrOfType<DenseIntElementsAttr>(
                                           "dilations")
                                       .getValues<int64_t>());

  Location loc = conv.getLoc();
  rewriter.setInsertionPoint(conv);
  Value im2col = buildIm2Col(rewriter, conv, *shape, strides, dilations);
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
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  if (shape->channelsFirst) {
    inputs = {filter, im2col};
    maps = {filterMap, makeMap({d[0], k, d[2]}), makeMap({d[0], f, d[2]})};
  } else {
    inputs = {im2col, filter};
    maps = {makeMap({d[0], k}), filterMap, makeMap({d[0], f})};
  }
  SmallVector<utils::IteratorType> iterators(loops,
                                             utils::IteratorType::parallel);
  iterators.back() = utils::IteratorType::reduction;
  // The convolution's own body (products, extensions, sums), its input
  // and filter arguments in the matmul's operand order.
  Block *convBody = conv.getBlock();
  auto gemm = linalg::GenericOp::create(
      rewriter, loc, init.getType(), inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &body, Location loc, ValueRange args) {
        IRMapping mapping;
        mapping.map(convBody->getArgument(0),
                    args[shape->channelsFirst ? 1 : 0]);
        mapping.map(convBody->getArgument(1),
                    args[shape->channelsFirst ? 0 : 1]);
        mapping.map(convBody->getArgument(2), args[2]);
        for (Operation &op : convBody->without_terminator())
          body.clone(op, mapping);
        linalg::YieldOp::create(
            body, loc,
            mapping.lookupOrDefault(convBody->getTerminator()->getOperand(0)));
      });
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
