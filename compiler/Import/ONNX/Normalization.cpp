//===- Normalization.cpp - Softmax, LogSoftmax and the normalizations -----===//
//
// Softmax is linalg.softmax; the normalizations are reductions (mean, then
// variance of the centered values) and one elementwise op that normalizes,
// scales and shifts: chains halc's reduction strategies keep in one
// dispatch. BatchNormalization at inference is elementwise only.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/Builders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::halc::onnx_import;

namespace {

Value addF(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::AddFOp::create(b, loc, x, y);
}

/// Before opset 13, Softmax and LogSoftmax act on the input as a matrix of
/// the dimensions before `axis` by those from it; since, along `axis`.
/// Returns the input as the op sees it and the dimension it normalizes.
FailureOr<std::pair<Value, int64_t>> getSoftmaxInput(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  int64_t rank = type.getRank();
  bool coerce = node.opset < 13;
  FailureOr<int64_t> axis =
      normalizeAxis(node, node.getInt("axis", coerce ? 1 : -1), rank);
  if (failed(axis))
    return failure();
  if (!coerce || *axis == rank - 1)
    return std::make_pair(node.input(0), *axis);
  if (!type.hasStaticShape())
    return node.emitError() << "a softmax of dynamic " << type
                            << " before opset 13 is not imported";
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < rank; ++d)
    (d < *axis ? outer : inner) *= type.getDimSize(d);
  return std::make_pair(
      reshapeTo(node.b, node.loc, node.input(0), {outer, inner}), int64_t(1));
}

LogicalResult importSoftmax(NodeImporter &node) {
  FailureOr<std::pair<Value, int64_t>> input = getSoftmaxInput(node);
  if (failed(input))
    return failure();
  auto [x, axis] = *input;
  OpBuilder &b = node.b;
  Value output =
      createEmpty(b, node.loc, getSizes(b, node.loc, x),
                  cast<RankedTensorType>(x.getType()).getElementType());
  Value y =
      linalg::SoftmaxOp::create(b, node.loc, output.getType(), x, output, axis)
          .getResult()[0];
  node.setOutput(0, reshapeTo(b, node.loc, y, node.inputType(0).getShape()));
  return success();
}

LogicalResult importLogSoftmax(NodeImporter &node) {
  FailureOr<std::pair<Value, int64_t>> input = getSoftmaxInput(node);
  if (failed(input))
    return failure();
  auto [x, axis] = *input;
  OpBuilder &b = node.b;
  Location loc = node.loc;
  Type element = cast<RankedTensorType>(x.getType()).getElementType();
  // x - max - log(sum(exp(x - max))).
  Value maximum = buildReduction(
      b, loc, x, {axis}, /*keepDims=*/true, getLowestAttr(element, false),
      [](OpBuilder &nb, Location l, ValueRange v) -> Value {
        return arith::MaximumFOp::create(nb, l, v[0], v[1]);
      });
  FailureOr<Value> shifted =
      buildElementwise(node, {x, maximum}, element,
                       [](OpBuilder &nb, Location l, ValueRange v) -> Value {
                         return arith::SubFOp::create(nb, l, v[0], v[1]);
                       });
  if (failed(shifted))
    return failure();
  Value sum = buildReduction(
      b, loc, *shifted, {axis}, /*keepDims=*/true, getScalarAttr(element, 0),
      [](OpBuilder &nb, Location l, ValueRange v) -> Value {
        return addF(nb, l, math::ExpOp::create(nb, l, v[0]), v[1]);
      });
  FailureOr<Value> y =
      buildElementwise(node, {*shifted, sum}, element,
                       [](OpBuilder &nb, Location l, ValueRange v) -> Value {
                         return arith::SubFOp::create(
                             nb, l, v[0], math::LogOp::create(nb, l, v[1]));
                       });
  if (failed(y))
    return failure();
  node.setOutput(0, reshapeTo(b, loc, *y, node.inputType(0).getShape()));
  return success();
}

/// The mean and 1 / sqrt(variance + epsilon) of `x` over `axes`, kept as
/// unit dimensions.
FailureOr<std::pair<Value, Value>> getMoments(NodeImporter &node, Value x,
                                              ArrayRef<int64_t> axes,
                                              double epsilon) {
  auto type = cast<RankedTensorType>(x.getType());
  Type element = type.getElementType();
  int64_t count = 1;
  for (int64_t axis : axes)
    count *= type.getDimSize(axis);
  if (ShapedType::isDynamic(count))
    return node.emitError() << "normalizing over dynamic dimensions of " << type
                            << " is not imported";
  OpBuilder &b = node.b;
  Location loc = node.loc;
  // A reduction of everything stays a scalar (it broadcasts as it is).
  bool keepDims = int64_t(axes.size()) != type.getRank();
  // Sums of each element divided by the count: the mean is one reduction,
  // and a chain of row reductions (a layer norm) has no op of its own on
  // each row's sum.
  auto meanOf = [&](Value v, bool squares) {
    return buildReduction(
        b, loc, v, axes, keepDims, getScalarAttr(element, 0),
        [&](OpBuilder &nb, Location l, ValueRange s) -> Value {
          Value e = squares
                        ? arith::MulFOp::create(nb, l, s[0], s[0]).getResult()
                        : s[0];
          e = arith::DivFOp::create(nb, l, e,
                                    createScalar(nb, l, element, count));
          return addF(nb, l, e, s[1]);
        });
  };
  Value mean = meanOf(x, false);
  FailureOr<Value> centered =
      buildElementwise(node, {x, mean}, element,
                       [](OpBuilder &nb, Location l, ValueRange v) -> Value {
                         return arith::SubFOp::create(nb, l, v[0], v[1]);
                       });
  if (failed(centered))
    return failure();
  FailureOr<Value> inverseStdDev = buildElementwise(
      node, {meanOf(*centered, true)}, element,
      [&](OpBuilder &nb, Location l, ValueRange v) -> Value {
        return math::RsqrtOp::create(
            nb, l, addF(nb, l, v[0], createScalar(nb, l, element, epsilon)));
      });
  if (failed(inverseStdDev))
    return failure();
  return std::make_pair(mean, *inverseStdDev);
}

/// (x - mean) * inverseStdDev [* scale] [+ bias], each broadcast.
FailureOr<Value> normalize(NodeImporter &node, Value x, Value mean,
                           Value inverseStdDev, Value scale, Value bias) {
  SmallVector<Value> operands = {x, mean, inverseStdDev};
  if (scale)
    operands.push_back(scale);
  if (bias)
    operands.push_back(bias);
  return buildElementwise(
      node, operands, cast<RankedTensorType>(x.getType()).getElementType(),
      [&](OpBuilder &nb, Location l, ValueRange v) -> Value {
        Value y = arith::MulFOp::create(
            nb, l, arith::SubFOp::create(nb, l, v[0], v[1]), v[2]);
        unsigned next = 3;
        if (scale)
          y = arith::MulFOp::create(nb, l, y, v[next++]);
        if (bias)
          y = addF(nb, l, y, v[next]);
        return y;
      });
}

/// [C] as [C, 1, ...] against an input of `rank` whose channels are
/// dimension 1.
Value asChannelColumn(NodeImporter &node, Value v, int64_t rank) {
  SmallVector<int64_t> axes;
  for (int64_t d = 1; d < rank - 1; ++d)
    axes.push_back(d);
  return axes.empty() ? v : insertUnitDims(node.b, node.loc, v, axes);
}

LogicalResult importBatchNormalization(NodeImporter &node) {
  if (node.getInt("training_mode", 0) || node.hasOutput(1))
    return node.emitError() << "training-mode batch normalization is not "
                               "imported";
  int64_t rank = node.inputType(0).getRank();
  double epsilon = node.getFloat("epsilon", 1e-5f);
  SmallVector<Value> operands = {node.input(0)};
  for (unsigned i = 1; i < 5; ++i)
    operands.push_back(asChannelColumn(node, node.input(i), rank));
  Type element = node.inputType(0).getElementType();
  FailureOr<Value> y = buildElementwise(
      node, operands, element,
      [&](OpBuilder &nb, Location l, ValueRange v) -> Value {
        // (x - mean) * scale / sqrt(var + epsilon) + bias.
        Value inverse = math::RsqrtOp::create(
            nb, l, addF(nb, l, v[4], createScalar(nb, l, element, epsilon)));
        Value factor = arith::MulFOp::create(nb, l, v[1], inverse);
        Value centered = arith::SubFOp::create(nb, l, v[0], v[3]);
        return addF(nb, l, arith::MulFOp::create(nb, l, centered, factor),
                    v[2]);
      });
  if (failed(y))
    return failure();
  node.setOutput(0, *y);
  return success();
}

LogicalResult importLayerNormalization(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  int64_t rank = type.getRank();
  FailureOr<int64_t> axis = normalizeAxis(node, node.getInt("axis", -1), rank);
  if (failed(axis))
    return failure();
  SmallVector<int64_t> axes = llvm::to_vector(llvm::seq<int64_t>(*axis, rank));
  FailureOr<std::pair<Value, Value>> moments =
      getMoments(node, node.input(0), axes, node.getFloat("epsilon", 1e-5f));
  if (failed(moments))
    return failure();
  FailureOr<Value> y =
      normalize(node, node.input(0), moments->first, moments->second,
                node.input(1), node.hasInput(2) ? node.input(2) : Value());
  if (failed(y))
    return failure();
  node.setOutput(0, *y);
  // The mean and inverse standard deviation, if asked for, keep the
  // normalized dimensions as 1.
  SmallVector<int64_t> shape(type.getShape());
  for (int64_t d : axes)
    shape[d] = 1;
  if (node.hasOutput(1))
    node.setOutput(1, reshapeTo(node.b, node.loc, moments->first, shape));
  if (node.hasOutput(2))
    node.setOutput(2, reshapeTo(node.b, node.loc, moments->second, shape));
  return success();
}

LogicalResult importInstanceNormalization(NodeImporter &node) {
  int64_t rank = node.inputType(0).getRank();
  SmallVector<int64_t> axes = llvm::to_vector(llvm::seq<int64_t>(2, rank));
  FailureOr<std::pair<Value, Value>> moments =
      getMoments(node, node.input(0), axes, node.getFloat("epsilon", 1e-5f));
  if (failed(moments))
    return failure();
  FailureOr<Value> y =
      normalize(node, node.input(0), moments->first, moments->second,
                asChannelColumn(node, node.input(1), rank),
                asChannelColumn(node, node.input(2), rank));
  if (failed(y))
    return failure();
  node.setOutput(0, *y);
  return success();
}

LogicalResult importMeanVarianceNormalization(NodeImporter &node) {
  int64_t rank = node.inputType(0).getRank();
  SmallVector<int64_t> requested = node.getInts("axes");
  if (requested.empty())
    requested = {0, 2, 3};
  FailureOr<SmallVector<int64_t>> axes = normalizeAxes(node, requested, rank);
  if (failed(axes))
    return failure();
  FailureOr<std::pair<Value, Value>> moments =
      getMoments(node, node.input(0), *axes, 1e-9);
  if (failed(moments))
    return failure();
  FailureOr<Value> y = normalize(node, node.input(0), moments->first,
                                 moments->second, Value(), Value());
  if (failed(y))
    return failure();
  node.setOutput(0, *y);
  return success();
}

/// LRN: each element over (bias + alpha / size * the sum of squares of
/// `size` channels around it) ^ beta; the squares padded with zeros along
/// the channels and summed by a window loop.
LogicalResult importLRN(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  int64_t rank = type.getRank();
  int64_t size = node.getInt("size", 0);
  if (size < 1 || rank < 3)
    return node.emitError()
           << "LRN of " << type << " by size " << size << " is not imported";
  double alpha = node.getFloat("alpha", 1e-4f),
         beta = node.getFloat("beta", 0.75f),
         bias = node.getFloat("bias", 1.0f);
  OpBuilder &b = node.b;
  Location loc = node.loc;
  Type element = type.getElementType();
  Value x = node.input(0);
  FailureOr<Value> squares = buildElementwise(
      node, {x}, element, [](OpBuilder &nb, Location l, ValueRange v) -> Value {
        return arith::MulFOp::create(nb, l, v[0], v[0]);
      });
  if (failed(squares))
    return failure();
  SmallVector<int64_t> low(rank, 0), high(rank, 0), shape(type.getShape());
  low[1] = (size - 1) / 2;
  high[1] = size - 1 - low[1];
  if (!ShapedType::isDynamic(shape[1]))
    shape[1] += size - 1;
  Value padded =
      tensor::PadOp::create(b, loc, type.clone(shape), *squares,
                            getAsIndexOpFoldResult(b.getContext(), low),
                            getAsIndexOpFoldResult(b.getContext(), high),
                            createScalar(b, loc, element, 0));
  // Loops: the result's, then k across the window.
  SmallVector<AffineExpr> paddedExprs;
  for (int64_t d = 0; d < rank; ++d)
    paddedExprs.push_back(d == 1
                              ? b.getAffineDimExpr(1) + b.getAffineDimExpr(rank)
                              : b.getAffineDimExpr(d));
  Value window = createEmpty(b, loc, {b.getIndexAttr(size)}, element);
  Value init =
      createFilled(b, loc, getSizes(b, loc, x), getScalarAttr(element, 0));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  Value sums =
      linalg::GenericOp::create(
          b, loc, init.getType(), ValueRange{padded, window}, init,
          SmallVector<AffineMap>{
              AffineMap::get(rank + 1, 0, paddedExprs, b.getContext()),
              AffineMap::get(rank + 1, 0, b.getAffineDimExpr(rank)),
              AffineMap::getMultiDimIdentityMap(rank + 1, b.getContext())
                  .getMajorSubMap(rank)},
          iterators,
          [](OpBuilder &nb, Location l, ValueRange v) {
            linalg::YieldOp::create(nb, l, addF(nb, l, v[0], v[2]));
          })
          .getResult(0);
  FailureOr<Value> y = buildElementwise(
      node, {x, sums}, element,
      [&](OpBuilder &nb, Location l, ValueRange v) -> Value {
        Value scaled = arith::MulFOp::create(
            nb, l, v[1], createScalar(nb, l, element, alpha / size));
        Value base = addF(nb, l, scaled, createScalar(nb, l, element, bias));
        Value divisor = math::PowFOp::create(
            nb, l, base, createScalar(nb, l, element, beta));
        return arith::DivFOp::create(nb, l, v[0], divisor);
      });
  if (failed(y))
    return failure();
  node.setOutput(0, *y);
  return success();
}

} // namespace

void mlir::halc::onnx_import::addNormalizationOps(OpTable &table) {
  table["Softmax"] = importSoftmax;
  table["LogSoftmax"] = importLogSoftmax;
  table["BatchNormalization"] = importBatchNormalization;
  table["LayerNormalization"] = importLayerNormalization;
  table["InstanceNormalization"] = importInstanceNormalization;
  table["MeanVarianceNormalization"] = importMeanVarianceNormalization;
  table["LRN"] = importLRN;
}
