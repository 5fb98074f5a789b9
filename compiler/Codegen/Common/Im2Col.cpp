//===- Im2Col.cpp - Convolutions read as matrices --------------------------===//

#include "compiler/Codegen/Common/Im2Col.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

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

} // namespace

std::optional<ConvolutionShape>
mlir::halc::getConvolutionShape(linalg::LinalgOp conv) {
  if (!isa<linalg::Conv2DNhwcHwcfOp, linalg::Conv2DNhwcFhwcOp,
           linalg::Conv2DNchwFchwOp>(conv))
    return std::nullopt;
  if (!conv.hasPureTensorSemantics() ||
      llvm::any_of(conv->getOperandTypes(), [](Type type) {
        return !cast<ShapedType>(type).hasStaticShape();
      }))
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

/// The convolution's window attribute `name` (strides, dilations): ones
/// where the op leaves it out, its default.
static SmallVector<int64_t> getWindowAttr(linalg::LinalgOp conv,
                                          StringRef name) {
  auto attr = conv->getAttrOfType<DenseIntElementsAttr>(name);
  if (!attr)
    return {1, 1};
  return llvm::to_vector(attr.getValues<int64_t>());
}

Value mlir::halc::buildIm2Col(OpBuilder &builder, linalg::LinalgOp conv,
                              const ConvolutionShape &shape, int64_t parts) {
  Location loc = conv.getLoc();
  SmallVector<int64_t> strides = getWindowAttr(conv, "strides");
  SmallVector<int64_t> dilations = getWindowAttr(conv, "dilations");
  Value input = conv.getDpsInputs()[0];
  Type element = getElementTypeOrSelf(input.getType());
  int64_t pixels = shape.getPixels();
  int64_t k = shape.getReductionSize();
  SmallVector<int64_t> matrixShape;
  if (parts > 1 && shape.channelsFirst)
    matrixShape = {parts, k / parts, shape.batch * pixels};
  else if (parts > 1)
    matrixShape = {parts, shape.batch * pixels, k / parts};
  else if (shape.channelsFirst)
    matrixShape = {shape.batch, k, pixels};
  else
    matrixShape = {shape.batch * pixels, k};
  auto type = RankedTensorType::get(matrixShape, element);
  Value empty = tensor::EmptyOp::create(builder, loc, matrixShape, element);
  unsigned rank = matrixShape.size();
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto map = AffineMap::getMultiDimIdentityMap(rank, builder.getContext());
  auto generic = linalg::GenericOp::create(
      builder, loc, type, ValueRange{}, ValueRange{empty}, map, iterators,
      [&](OpBuilder &body, Location loc, ValueRange) {
        // The matrix's K index (column) and the image and output pixel of
        // its other index.
        Value batch, pixel, column;
        if (parts == 1 && shape.channelsFirst) {
          batch = linalg::IndexOp::create(body, loc, 0);
          column = linalg::IndexOp::create(body, loc, 1);
          pixel = linalg::IndexOp::create(body, loc, 2);
        } else {
          unsigned kDim = shape.channelsFirst ? rank - 2 : rank - 1;
          unsigned rowDim = shape.channelsFirst ? rank - 1 : rank - 2;
          Value row = linalg::IndexOp::create(body, loc, rowDim);
          column = linalg::IndexOp::create(body, loc, kDim);
          if (parts > 1) {
            // Part p holds columns p * K / parts onwards.
            Value part = linalg::IndexOp::create(body, loc, 0);
            Value partSize =
                arith::ConstantIndexOp::create(body, loc, k / parts);
            column = arith::AddIOp::create(
                body, loc, arith::MulIOp::create(body, loc, part, partSize),
                column);
          }
          SmallVector<Value> digits =
              delinearize(body, loc, row, {shape.batch, pixels});
          batch = digits[0];
          pixel = digits[1];
        }
        SmallVector<Value> filterIndex;
        if (shape.channelsFirst) {
          filterIndex = delinearize(
              body, loc, column,
              {shape.inputChannels, shape.filterRows, shape.filterColumns});
          std::rotate(filterIndex.begin(), filterIndex.begin() + 1,
                      filterIndex.end());
        } else {
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

linalg::GenericOp mlir::halc::buildConvolutionProduct(
    OpBuilder &builder, linalg::LinalgOp conv, Value input, AffineMap inputMap,
    Value filter, AffineMap filterMap, Value init, AffineMap initMap,
    ArrayRef<utils::IteratorType> iterators, bool filterFirst) {
  Block *convBody = conv.getBlock();
  SmallVector<Value> inputs = {input, filter};
  SmallVector<AffineMap> maps = {inputMap, filterMap, initMap};
  if (filterFirst) {
    std::swap(inputs[0], inputs[1]);
    std::swap(maps[0], maps[1]);
  }
  return linalg::GenericOp::create(
      builder, conv.getLoc(), init.getType(), inputs, ValueRange{init}, maps,
      iterators, [&](OpBuilder &body, Location loc, ValueRange args) {
        IRMapping mapping;
        mapping.map(convBody->getArgument(0), args[filterFirst ? 1 : 0]);
        mapping.map(convBody->getArgument(1), args[filterFirst ? 0 : 1]);
        mapping.map(convBody->getArgument(2), args[2]);
        for (Operation &op : convBody->without_terminator())
          body.clone(op, mapping);
        linalg::YieldOp::create(
            body, loc,
            mapping.lookupOrDefault(convBody->getTerminator()->getOperand(0)));
      });
}
