//===- Reshape.cpp - Reshape, Flatten, Squeeze, Unsqueeze, Transpose ------===//
//
// Reshapes are collapse_shape/expand_shape (tensor.reshape where neither
// fits), permutations linalg.transpose; a known input stays known.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/Builders.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::halc::onnx_import;

namespace {

/// Sets output 0 to the input reshaped to `shape`: on the host when the
/// input is known.
LogicalResult setReshaped(NodeImporter &node, ArrayRef<int64_t> shape) {
  if (const KnownTensor *known = node.known(0)) {
    if (!ShapedType::isDynamicShape(shape)) {
      KnownTensor reshaped = *known;
      reshaped.shape.assign(shape.begin(), shape.end());
      node.setKnownOutput(0, std::move(reshaped));
      return success();
    }
  }
  node.setOutput(0, reshapeTo(node.b, node.loc, node.input(0), shape));
  return success();
}

LogicalResult importReshape(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  FailureOr<SmallVector<int64_t>> requested = node.knownInts(1, "shape");
  if (failed(requested))
    return failure();
  bool allowZero = node.getInt("allowzero", 0);
  SmallVector<int64_t> shape;
  int64_t inferred = -1;
  for (auto [i, size] : llvm::enumerate(*requested)) {
    if (size == 0 && !allowZero) {
      if (int64_t(i) >= type.getRank())
        return node.emitError() << "size 0 copies dimension " << i
                                << " of an input of rank " << type.getRank();
      shape.push_back(type.getDimSize(i));
    } else if (size == -1) {
      if (inferred >= 0)
        return node.emitError() << "its shape has more than one -1";
      inferred = i;
      shape.push_back(ShapedType::kDynamic);
    } else if (size < 0) {
      return node.emitError() << "its shape has size " << size;
    } else {
      shape.push_back(size);
    }
  }
  if (inferred >= 0 && type.hasStaticShape()) {
    int64_t rest = 1;
    for (auto [i, size] : llvm::enumerate(shape))
      if (int64_t(i) != inferred)
        rest *= size;
    if (ShapedType::isDynamicShape(shape) && rest != 0 &&
        !ShapedType::isDynamic(rest))
      shape[inferred] = type.getNumElements() / rest;
  }
  if (type.hasStaticShape() && !ShapedType::isDynamicShape(shape)) {
    int64_t count = 1;
    for (int64_t size : shape)
      count *= size;
    if (count != type.getNumElements())
      return node.emitError()
             << "cannot reshape " << type << " to " << count << " elements";
  }
  return setReshaped(node, shape);
}

/// The product of `sizes`, dynamic if any is.
int64_t product(ArrayRef<int64_t> sizes) {
  int64_t result = 1;
  for (int64_t size : sizes) {
    if (ShapedType::isDynamic(size))
      return ShapedType::kDynamic;
    result *= size;
  }
  return result;
}

LogicalResult importFlatten(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  int64_t rank = type.getRank();
  int64_t axis = node.getInt("axis", 1);
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis > rank)
    return node.emitError() << "axis " << node.getInt("axis", 1)
                            << " is out of range for rank " << rank;
  ArrayRef<int64_t> shape = type.getShape();
  return setReshaped(
      node, {product(shape.take_front(axis)), product(shape.drop_front(axis))});
}

/// Squeeze and Unsqueeze read their axes from an attribute before opset 13
/// and from input 1 since.
FailureOr<SmallVector<int64_t>> getAxes(NodeImporter &node) {
  if (node.opset < 13)
    return node.getInts("axes");
  if (!node.hasInput(1))
    return SmallVector<int64_t>();
  return node.knownInts(1, "axes");
}

LogicalResult importSqueeze(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  FailureOr<SmallVector<int64_t>> requested = getAxes(node);
  if (failed(requested))
    return failure();
  SmallVector<int64_t> axes;
  if (requested->empty()) {
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.getDimSize(d) == 1)
        axes.push_back(d);
  } else {
    FailureOr<SmallVector<int64_t>> normalized =
        normalizeAxes(node, *requested, type.getRank());
    if (failed(normalized))
      return failure();
    axes = *normalized;
  }
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!llvm::is_contained(axes, d)) {
      shape.push_back(type.getDimSize(d));
      continue;
    }
    if (type.getDimSize(d) != 1 && !type.isDynamicDim(d))
      return node.emitError()
             << "dimension " << d << " of " << type << " is not 1";
  }
  if (node.known(0))
    return setReshaped(node, shape);
  // A dynamic dimension squeezed is 1 at run time (or the model is wrong).
  Value input = node.input(0);
  if (llvm::any_of(axes, [&](int64_t d) { return type.isDynamicDim(d); })) {
    SmallVector<int64_t> unit(type.getShape());
    for (int64_t d : axes)
      unit[d] = 1;
    input = tensor::CastOp::create(node.b, node.loc, type.clone(unit), input);
  }
  node.setOutput(0, dropUnitDims(node.b, node.loc, input, axes));
  return success();
}

LogicalResult importUnsqueeze(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  FailureOr<SmallVector<int64_t>> requested = getAxes(node);
  if (failed(requested))
    return failure();
  int64_t rank = type.getRank() + requested->size();
  FailureOr<SmallVector<int64_t>> axes = normalizeAxes(node, *requested, rank);
  if (failed(axes))
    return failure();
  if (node.known(0)) {
    SmallVector<int64_t> shape;
    int64_t next = 0;
    for (int64_t d = 0; d < rank; ++d)
      shape.push_back(llvm::is_contained(*axes, d) ? 1
                                                   : type.getDimSize(next++));
    return setReshaped(node, shape);
  }
  node.setOutput(0, insertUnitDims(node.b, node.loc, node.input(0), *axes));
  return success();
}

LogicalResult importTranspose(NodeImporter &node) {
  int64_t rank = node.inputType(0).getRank();
  SmallVector<int64_t> perm = node.getInts("perm");
  if (perm.empty())
    perm = llvm::to_vector(llvm::reverse(llvm::seq<int64_t>(0, rank)));
  SmallVector<int64_t> sorted(perm);
  llvm::sort(sorted);
  if (!llvm::equal(sorted, llvm::seq<int64_t>(0, rank)))
    return node.emitError()
           << "perm is not a permutation of " << rank << " dimensions";
  node.setOutput(0, transpose(node.b, node.loc, node.input(0), perm));
  return success();
}

/// DepthToSpace and SpaceToDepth: a reshape, a permutation, a reshape.
LogicalResult importDepthSpace(NodeImporter &node, bool toSpace) {
  RankedTensorType type = node.inputType(0);
  int64_t bs = node.getInt("blocksize", 0);
  if (type.getRank() != 4 || !type.hasStaticShape() || bs <= 0)
    return node.emitError()
           << "needs a static 4-d input and a blocksize; got " << type;
  int64_t n = type.getDimSize(0), c = type.getDimSize(1),
          h = type.getDimSize(2), w = type.getDimSize(3);
  SmallVector<int64_t> split, perm, result;
  if (toSpace) {
    if (node.getString("mode", "DCR") == "CRD") {
      split = {n, c / (bs * bs), bs, bs, h, w};
      perm = {0, 1, 4, 2, 5, 3};
    } else {
      split = {n, bs, bs, c / (bs * bs), h, w};
      perm = {0, 3, 4, 1, 5, 2};
    }
    result = {n, c / (bs * bs), h * bs, w * bs};
  } else {
    split = {n, c, h / bs, bs, w / bs, bs};
    perm = {0, 3, 5, 1, 2, 4};
    result = {n, c * bs * bs, h / bs, w / bs};
  }
  Value x = reshapeTo(node.b, node.loc, node.input(0), split);
  x = transpose(node.b, node.loc, x, perm);
  node.setOutput(0, reshapeTo(node.b, node.loc, x, result));
  return success();
}

} // namespace

void mlir::halc::onnx_import::addReshapeOps(OpTable &table) {
  table["Reshape"] = importReshape;
  table["Flatten"] = importFlatten;
  table["Squeeze"] = importSqueeze;
  table["Unsqueeze"] = importUnsqueeze;
  table["Transpose"] = importTranspose;
  table["DepthToSpace"] = [](NodeImporter &node) {
    return importDepthSpace(node, /*toSpace=*/true);
  };
  table["SpaceToDepth"] = [](NodeImporter &node) {
    return importDepthSpace(node, /*toSpace=*/false);
  };
}
