//===- Shape.cpp - Constants and the shapes of tensors --------------------===//
//
// Constant, ConstantOfShape, Shape, Size and Range give values the importer
// knows (where the shapes are static), so the sizes, axes and pads a graph
// computes from them fold before the ops that read them.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/Builders.h"
#include "compiler/Import/ONNX/Tensors.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::halc::onnx_import;
using onnx::TensorProto;

namespace {

/// Above this many elements a constant is a tensor only, not also known.
constexpr int64_t kMaxKnownElements = 1 << 16;

LogicalResult importConstant(NodeImporter &node) {
  if (const onnx::AttributeProto *value = node.attribute("value")) {
    const TensorProto &tensor = value->t();
    RankedTensorType type = getTensorType(node.b.getContext(), tensor);
    if (!type)
      return node.emitError() << "its value has data type "
                              << getDataTypeName(tensor.data_type())
                              << ", which halc does not compile";
    std::string error;
    FailureOr<std::vector<char>> bytes = readTensorBytes(tensor, error);
    if (failed(bytes))
      return node.emitError() << "its value " << error;
    if (type.getNumElements() <= kMaxKnownElements) {
      node.setKnownOutput(
          0, decodeKnown(tensor.data_type(), type.getShape(), *bytes));
      return success();
    }
    node.setOutput(
        0, arith::ConstantOp::create(node.b, node.loc,
                                     cast<TypedAttr>(getElementsAttr(
                                         type, *bytes, node.node.output(0)))));
    return success();
  }
  KnownTensor known;
  if (const onnx::AttributeProto *value = node.attribute("value_float")) {
    known.dataType = TensorProto::FLOAT;
    known.floats = {value->f()};
  } else if (const onnx::AttributeProto *value =
                 node.attribute("value_floats")) {
    known.dataType = TensorProto::FLOAT;
    known.floats.assign(value->floats().begin(), value->floats().end());
    known.shape = {int64_t(known.floats.size())};
  } else if (const onnx::AttributeProto *value = node.attribute("value_int")) {
    known.ints = {value->i()};
  } else if (const onnx::AttributeProto *value = node.attribute("value_ints")) {
    known.ints.assign(value->ints().begin(), value->ints().end());
    known.shape = {int64_t(known.ints.size())};
  } else {
    return node.emitError() << "its value is not a tensor, a float or an "
                               "integer (strings and sparse tensors are not "
                               "imported)";
  }
  node.setKnownOutput(0, std::move(known));
  return success();
}

LogicalResult importConstantOfShape(NodeImporter &node) {
  FailureOr<SmallVector<int64_t>> shape = node.knownInts(0, "shape");
  if (failed(shape))
    return failure();
  KnownTensor known;
  known.dataType = TensorProto::FLOAT;
  known.floats = {0.0};
  if (const onnx::AttributeProto *value = node.attribute("value")) {
    std::string error;
    FailureOr<std::vector<char>> bytes = readTensorBytes(value->t(), error);
    if (failed(bytes))
      return node.emitError() << "its value " << error;
    known = decodeKnown(value->t().data_type(), {}, *bytes);
  }
  int64_t count = 1;
  for (int64_t size : *shape)
    count *= size;
  known.shape = *shape;
  if (count <= kMaxKnownElements) {
    if (known.isFloat())
      known.floats.assign(count, known.floats.front());
    else
      known.ints.assign(count, known.ints.front());
    node.setKnownOutput(0, std::move(known));
    return success();
  }
  FailureOr<Type> element = node.outputElementType(0);
  if (failed(element))
    return failure();
  auto type = RankedTensorType::get(*shape, *element);
  node.setOutput(0,
                 arith::ConstantOp::create(
                     node.b, node.loc,
                     DenseElementsAttr::get(
                         type, getScalarAttr(*element, known.getAsDouble(0)))));
  return success();
}

LogicalResult importShape(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  int64_t rank = type.getRank();
  int64_t start = node.getInt("start", 0);
  int64_t end = node.getInt("end", rank);
  start = std::clamp<int64_t>(start < 0 ? start + rank : start, 0, rank);
  end = std::clamp<int64_t>(end < 0 ? end + rank : end, 0, rank);
  end = std::max(start, end);
  ArrayRef<int64_t> dims = type.getShape().slice(start, end - start);
  if (!ShapedType::isDynamicShape(dims)) {
    node.setKnownOutput(0, KnownTensor::ofInts(dims, {int64_t(dims.size())}));
    return success();
  }
  // Dynamic sizes: read at run time.
  SmallVector<Value> sizes;
  for (int64_t d = start; d < end; ++d) {
    Value size = tensor::DimOp::create(node.b, node.loc, node.input(0), d);
    sizes.push_back(arith::IndexCastOp::create(node.b, node.loc,
                                               node.b.getI64Type(), size));
  }
  node.setOutput(0, tensor::FromElementsOp::create(node.b, node.loc, sizes));
  return success();
}

LogicalResult importSize(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  if (!type.hasStaticShape())
    return node.emitError() << "the size of a tensor of dynamic shape " << type
                            << " is not imported";
  node.setKnownOutput(0, KnownTensor::ofInts({type.getNumElements()}, {}));
  return success();
}

LogicalResult importRange(NodeImporter &node) {
  const KnownTensor *start = node.known(0);
  const KnownTensor *limit = node.known(1);
  const KnownTensor *delta = node.known(2);
  if (!start || !limit || !delta)
    return node.emitError() << "a range whose bounds are computed on the GPU "
                               "is not imported";
  KnownTensor known;
  known.dataType = start->dataType;
  double first = start->getAsDouble(0);
  double step = delta->getAsDouble(0);
  if (step == 0)
    return node.emitError() << "its delta is zero";
  int64_t count = std::max<int64_t>(
      0, int64_t(std::ceil((limit->getAsDouble(0) - first) / step)));
  if (count > kMaxKnownElements)
    return node.emitError()
           << "a range of " << count << " elements is not imported";
  for (int64_t i = 0; i < count; ++i) {
    if (known.isFloat())
      known.floats.push_back(first + i * step);
    else
      known.ints.push_back(start->getAsInt(0) + i * delta->getAsInt(0));
  }
  known.shape = {count};
  node.setKnownOutput(0, std::move(known));
  return success();
}

/// Identity, and Dropout at inference: the input itself (its mask all
/// true).
LogicalResult importIdentity(NodeImporter &node) {
  if (node.node.op_type() == "Dropout" && node.hasInput(2)) {
    const KnownTensor *training = node.known(2);
    if (!training || training->getAsInt(0))
      return node.emitError() << "training-mode dropout (random) is not "
                                 "imported";
  }
  if (const KnownTensor *known = node.known(0))
    node.setKnownOutput(0, *known);
  else
    node.setOutput(0, node.input(0));
  if (node.hasOutput(1)) {
    Value input = node.input(0);
    Value mask =
        createFilled(node.b, node.loc, getSizes(node.b, node.loc, input),
                     node.b.getBoolAttr(true));
    node.setOutput(1, mask);
  }
  return success();
}

} // namespace

void mlir::halc::onnx_import::addShapeOps(OpTable &table) {
  table["Constant"] = importConstant;
  table["ConstantOfShape"] = importConstantOfShape;
  table["Shape"] = importShape;
  table["Size"] = importSize;
  table["Range"] = importRange;
  table["Identity"] = importIdentity;
  table["Dropout"] = importIdentity;
}
