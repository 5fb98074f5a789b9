//===- FoldKnown.cpp - Elementwise ops on known values, on the host -------===//
//
// Shape arithmetic (a dimension times a head count, a comparison that picks
// a size) is evaluated while importing, so that the op reading its result as
// sizes sees numbers. Integers are computed as int64, floats as double.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/Builders.h"

#include <cmath>
#include <functional>

using namespace mlir;
using namespace mlir::halc::onnx_import;
using onnx::TensorProto;

namespace {

/// An elementwise op on the host: from the operands' elements (as doubles
/// and as integers) to the result's.
struct HostOp {
  std::function<double(ArrayRef<double>)> onFloats;
  std::function<int64_t(ArrayRef<int64_t>)> onInts;
};

const llvm::StringMap<HostOp> &getHostOps() {
  static const llvm::StringMap<HostOp> ops = [] {
    llvm::StringMap<HostOp> ops;
    ops["Add"] = {[](auto x) { return x[0] + x[1]; },
                  [](auto x) { return x[0] + x[1]; }};
    ops["Sub"] = {[](auto x) { return x[0] - x[1]; },
                  [](auto x) { return x[0] - x[1]; }};
    ops["Mul"] = {[](auto x) { return x[0] * x[1]; },
                  [](auto x) { return x[0] * x[1]; }};
    ops["Div"] = {[](auto x) { return x[0] / x[1]; },
                  [](auto x) { return x[1] ? x[0] / x[1] : 0; }};
    ops["Neg"] = {[](auto x) { return -x[0]; }, [](auto x) { return -x[0]; }};
    ops["Abs"] = {[](auto x) { return std::fabs(x[0]); },
                  [](auto x) { return x[0] < 0 ? -x[0] : x[0]; }};
    ops["Min"] = {[](auto x) { return std::fmin(x[0], x[1]); },
                  [](auto x) { return std::min(x[0], x[1]); }};
    ops["Max"] = {[](auto x) { return std::fmax(x[0], x[1]); },
                  [](auto x) { return std::max(x[0], x[1]); }};
    ops["Equal"] = {[](auto x) { return double(x[0] == x[1]); },
                    [](auto x) { return int64_t(x[0] == x[1]); }};
    ops["Less"] = {[](auto x) { return double(x[0] < x[1]); },
                   [](auto x) { return int64_t(x[0] < x[1]); }};
    ops["Greater"] = {[](auto x) { return double(x[0] > x[1]); },
                      [](auto x) { return int64_t(x[0] > x[1]); }};
    ops["Not"] = {nullptr, [](auto x) { return int64_t(!x[0]); }};
    ops["And"] = {nullptr, [](auto x) { return int64_t(x[0] && x[1]); }};
    ops["Or"] = {nullptr, [](auto x) { return int64_t(x[0] || x[1]); }};
    ops["Where"] = {[](auto x) { return x[0] ? x[1] : x[2]; },
                    [](auto x) { return x[0] ? x[1] : x[2]; }};
    ops["Sqrt"] = {[](auto x) { return std::sqrt(x[0]); }, nullptr};
    ops["Floor"] = {[](auto x) { return std::floor(x[0]); }, nullptr};
    ops["Ceil"] = {[](auto x) { return std::ceil(x[0]); }, nullptr};
    return ops;
  }();
  return ops;
}

/// The NumPy broadcast of `shapes`, or none if they do not broadcast.
std::optional<SmallVector<int64_t>>
broadcastShapes(ArrayRef<ArrayRef<int64_t>> shapes) {
  size_t rank = 0;
  for (ArrayRef<int64_t> shape : shapes)
    rank = std::max(rank, shape.size());
  SmallVector<int64_t> result(rank, 1);
  for (ArrayRef<int64_t> shape : shapes)
    for (size_t i = 0; i < shape.size(); ++i) {
      int64_t &dim = result[i + rank - shape.size()];
      if (shape[i] == 1)
        continue;
      if (dim != 1 && dim != shape[i])
        return std::nullopt;
      dim = shape[i];
    }
  return result;
}

/// The flat index into `shape` (broadcast to `result`) of the element at
/// `index` of `result`.
int64_t broadcastIndex(ArrayRef<int64_t> index, ArrayRef<int64_t> shape) {
  int64_t flat = 0;
  size_t offset = index.size() - shape.size();
  for (size_t i = 0; i < shape.size(); ++i)
    flat = flat * shape[i] + (shape[i] == 1 ? 0 : index[i + offset]);
  return flat;
}

} // namespace

bool mlir::halc::onnx_import::foldKnownElementwise(NodeImporter &node) {
  constexpr int64_t kMaxElements = 1 << 16;
  const llvm::StringMap<HostOp> &ops = getHostOps();
  bool isCast = node.node.op_type() == "Cast";
  auto op = ops.find(node.node.op_type());
  if (!isCast && op == ops.end())
    return false;
  SmallVector<const KnownTensor *> operands;
  SmallVector<ArrayRef<int64_t>> shapes;
  for (unsigned i = 0; i < node.getNumInputs(); ++i) {
    const KnownTensor *known = node.known(i);
    if (!known)
      return false;
    operands.push_back(known);
    shapes.push_back(known->shape);
  }
  std::optional<SmallVector<int64_t>> shape = broadcastShapes(shapes);
  int32_t dataType = node.outputDataType(0);
  if (!shape || operands.empty() || dataType == TensorProto::UNDEFINED)
    return false;
  int64_t count = 1;
  for (int64_t dim : *shape)
    count *= dim;
  if (count > kMaxElements)
    return false;
  // Where's condition is not what decides the arithmetic.
  const KnownTensor *first = operands.back();
  bool floats = isCast ? operands.front()->isFloat() : first->isFloat();
  if (!isCast && (floats ? !op->second.onFloats : !op->second.onInts))
    return false;
  KnownTensor result;
  result.dataType = dataType;
  result.shape = *shape;
  SmallVector<int64_t> index(shape->size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    SmallVector<double> doubles;
    SmallVector<int64_t> ints;
    for (const KnownTensor *operand : operands) {
      int64_t i = broadcastIndex(index, operand->shape);
      doubles.push_back(operand->getAsDouble(i));
      ints.push_back(operand->getAsInt(i));
    }
    // Cast converts the first operand; the others compute in its kind.
    double value =
        isCast || !floats ? doubles[0] : op->second.onFloats(doubles);
    int64_t intValue = floats   ? int64_t(value)
                       : isCast ? ints[0]
                                : op->second.onInts(ints);
    if (result.isFloat())
      result.floats.push_back(floats ? value : double(intValue));
    else if (dataType == TensorProto::BOOL)
      result.ints.push_back(floats ? value != 0 : intValue != 0);
    else
      result.ints.push_back(intValue);
    // The next index, row-major.
    for (int64_t d = int64_t(index.size()) - 1; d >= 0; --d) {
      if (++index[d] < (*shape)[d])
        break;
      index[d] = 0;
    }
  }
  node.setKnownOutput(0, std::move(result));
  return true;
}
