//===- DataMovement.cpp - Concat, Split, Slice, Gather, Expand, Tile, Pad -===//
//
// Slices are tensor.extract_slice (a generic reading backwards for negative
// steps), gathers a generic that reads by tensor.extract, padding tensor.pad
// (a generic that reads clamped or reflected indices for edge and reflect).
// Known inputs give known outputs.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/Builders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::halc::onnx_import;

namespace {

/// The strides of a row-major `shape`.
SmallVector<int64_t> getStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = int64_t(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

/// A known tensor of `shape` whose element at each index is element
/// `source(index)` of `from`.
KnownTensor gatherKnown(const KnownTensor &from, ArrayRef<int64_t> shape,
                        function_ref<int64_t(ArrayRef<int64_t>)> source) {
  KnownTensor result;
  result.dataType = from.dataType;
  result.shape.assign(shape.begin(), shape.end());
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  SmallVector<int64_t> index(shape.size(), 0);
  for (int64_t n = 0; n < count; ++n) {
    int64_t i = source(index);
    if (from.isFloat())
      result.floats.push_back(from.floats[i]);
    else
      result.ints.push_back(from.ints[i]);
    for (int64_t d = int64_t(index.size()) - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
  return result;
}

LogicalResult importConcat(NodeImporter &node) {
  int64_t rank = node.inputType(0).getRank();
  FailureOr<int64_t> axis = normalizeAxis(node, node.getInt("axis", 0), rank);
  if (failed(axis))
    return failure();
  SmallVector<const KnownTensor *> known;
  for (unsigned i = 0; i < node.getNumInputs(); ++i)
    known.push_back(node.known(i));
  if (llvm::all_of(known, [](const KnownTensor *k) { return k; })) {
    // On the host: element by element, from the input its index falls in.
    SmallVector<int64_t> shape = known.front()->shape;
    shape[*axis] = 0;
    SmallVector<int64_t> starts;
    for (const KnownTensor *k : known) {
      starts.push_back(shape[*axis]);
      shape[*axis] += k->shape[*axis];
    }
    KnownTensor result;
    result.dataType = known.front()->dataType;
    result.shape = shape;
    int64_t count = 1;
    for (int64_t size : shape)
      count *= size;
    SmallVector<int64_t> index(rank, 0);
    for (int64_t n = 0; n < count; ++n) {
      unsigned which =
          llvm::upper_bound(starts, index[*axis]) - starts.begin() - 1;
      while (which + 1 < known.size() && known[which]->shape[*axis] == 0)
        ++which;
      SmallVector<int64_t> local(index);
      local[*axis] -= starts[which];
      SmallVector<int64_t> strides = getStrides(known[which]->shape);
      int64_t flat = 0;
      for (int64_t d = 0; d < rank; ++d)
        flat += local[d] * strides[d];
      if (result.isFloat())
        result.floats.push_back(known[which]->getAsDouble(flat));
      else
        result.ints.push_back(known[which]->getAsInt(flat));
      for (int64_t d = rank - 1; d >= 0; --d) {
        if (++index[d] < shape[d])
          break;
        index[d] = 0;
      }
    }
    node.setKnownOutput(0, std::move(result));
    return success();
  }
  SmallVector<Value> inputs;
  for (unsigned i = 0; i < node.getNumInputs(); ++i) {
    // Empty pieces add nothing.
    if (node.inputType(i).getDimSize(*axis) != 0)
      inputs.push_back(node.input(i));
  }
  if (inputs.size() == 1) {
    node.setOutput(0, inputs.front());
    return success();
  }
  node.setOutput(0, tensor::ConcatOp::create(node.b, node.loc, *axis, inputs));
  return success();
}

LogicalResult importSplit(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  FailureOr<int64_t> axis =
      normalizeAxis(node, node.getInt("axis", 0), type.getRank());
  if (failed(axis))
    return failure();
  int64_t size = type.getDimSize(*axis);
  if (ShapedType::isDynamic(size))
    return node.emitError() << "splitting dynamic dimension " << *axis << " of "
                            << type << " is not imported";
  SmallVector<int64_t> sizes;
  if (node.opset >= 13 && node.hasInput(1)) {
    FailureOr<SmallVector<int64_t>> known = node.knownInts(1, "split");
    if (failed(known))
      return failure();
    sizes = *known;
  } else if (node.opset < 13) {
    sizes = node.getInts("split");
  }
  if (sizes.empty()) {
    int64_t parts = node.getNumOutputs();
    int64_t piece = llvm::divideCeil(size, parts);
    for (int64_t i = 0; i < parts; ++i)
      sizes.push_back(std::min(piece, size - i * piece));
  }
  if (int64_t(sizes.size()) != node.getNumOutputs())
    return node.emitError() << "it has " << node.getNumOutputs()
                            << " outputs and " << sizes.size() << " sizes";
  int64_t offset = 0;
  for (auto [i, piece] : llvm::enumerate(sizes)) {
    SmallVector<OpFoldResult> offsets(type.getRank(), node.b.getIndexAttr(0));
    SmallVector<OpFoldResult> extents =
        getSizes(node.b, node.loc, node.input(0));
    SmallVector<OpFoldResult> strides(type.getRank(), node.b.getIndexAttr(1));
    offsets[*axis] = node.b.getIndexAttr(piece ? offset : 0);
    extents[*axis] = node.b.getIndexAttr(piece);
    node.setOutput(i, tensor::ExtractSliceOp::create(node.b, node.loc,
                                                     node.input(0), offsets,
                                                     extents, strides));
    offset += piece;
  }
  if (offset != size)
    return node.emitError() << "its sizes add up to " << offset
                            << "; dimension " << *axis << " is " << size;
  return success();
}

LogicalResult importSlice(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  int64_t rank = type.getRank();
  SmallVector<int64_t> starts, ends, axes, steps;
  if (node.opset < 10) {
    starts = node.getInts("starts");
    ends = node.getInts("ends");
    axes = node.getInts("axes");
  } else {
    FailureOr<SmallVector<int64_t>> s = node.knownInts(1, "starts");
    if (failed(s))
      return failure();
    FailureOr<SmallVector<int64_t>> e = node.knownInts(2, "ends");
    if (failed(e))
      return failure();
    starts = *s;
    ends = *e;
    if (node.hasInput(3)) {
      FailureOr<SmallVector<int64_t>> a = node.knownInts(3, "axes");
      if (failed(a))
        return failure();
      axes = *a;
    }
    if (node.hasInput(4)) {
      FailureOr<SmallVector<int64_t>> st = node.knownInts(4, "steps");
      if (failed(st))
        return failure();
      steps = *st;
    }
  }
  if (axes.empty())
    axes = llvm::to_vector(llvm::seq<int64_t>(0, starts.size()));
  if (steps.empty())
    steps.assign(starts.size(), 1);
  if (ends.size() != starts.size() || axes.size() != starts.size() ||
      steps.size() != starts.size())
    return node.emitError() << "its starts, ends, axes and steps differ in "
                               "length";
  SmallVector<int64_t> offsets(rank, 0), sizes(type.getShape()),
      strides(rank, 1);
  for (auto [start, end, axisValue, step] :
       llvm::zip(starts, ends, axes, steps)) {
    FailureOr<int64_t> axis = normalizeAxis(node, axisValue, rank);
    if (failed(axis))
      return failure();
    if (step == 0)
      return node.emitError() << "its step along axis " << *axis << " is 0";
    int64_t dim = type.getDimSize(*axis);
    if (ShapedType::isDynamic(dim)) {
      // The whole of a dynamic dimension, or none of this.
      if (start == 0 && step == 1 && end >= std::numeric_limits<int32_t>::max())
        continue;
      return node.emitError() << "slicing dynamic dimension " << *axis << " of "
                              << type << " is not imported";
    }
    if (start < 0)
      start += dim;
    if (end < 0)
      end += dim;
    if (step > 0) {
      start = std::clamp<int64_t>(start, 0, dim);
      end = std::clamp<int64_t>(end, 0, dim);
      sizes[*axis] = std::max<int64_t>(0, llvm::divideCeil(end - start, step));
    } else {
      start = std::clamp<int64_t>(start, 0, dim - 1);
      end = std::clamp<int64_t>(end, -1, dim - 1);
      sizes[*axis] = std::max<int64_t>(0, llvm::divideCeil(start - end, -step));
    }
    // An empty slice starts at 0 (its start may be past the end).
    offsets[*axis] = sizes[*axis] ? start : 0;
    strides[*axis] = step;
  }
  if (const KnownTensor *known = node.known(0)) {
    SmallVector<int64_t> inputStrides = getStrides(type.getShape());
    node.setKnownOutput(0, gatherKnown(*known, sizes, [&](ArrayRef<int64_t> i) {
                          int64_t flat = 0;
                          for (int64_t d = 0; d < rank; ++d)
                            flat += (offsets[d] + i[d] * strides[d]) *
                                    inputStrides[d];
                          return flat;
                        }));
    return success();
  }
  OpBuilder &b = node.b;
  Value input = node.input(0);
  if (llvm::all_of(strides, [](int64_t s) { return s > 0; })) {
    SmallVector<OpFoldResult> mixedSizes = getSizes(b, node.loc, input);
    for (int64_t d = 0; d < rank; ++d)
      if (!ShapedType::isDynamic(sizes[d]))
        mixedSizes[d] = b.getIndexAttr(sizes[d]);
    node.setOutput(0, tensor::ExtractSliceOp::create(
                          b, node.loc, input,
                          getAsIndexOpFoldResult(b.getContext(), offsets),
                          mixedSizes,
                          getAsIndexOpFoldResult(b.getContext(), strides)));
    return success();
  }
  // Backwards along some axis: read by index.
  SmallVector<OpFoldResult> mixedSizes = getSizes(b, node.loc, input);
  for (int64_t d = 0; d < rank; ++d)
    if (!ShapedType::isDynamic(sizes[d]))
      mixedSizes[d] = b.getIndexAttr(sizes[d]);
  node.setOutput(0,
                 readStrided(b, node.loc, input, offsets, strides, mixedSizes));
  return success();
}

LogicalResult importGather(NodeImporter &node) {
  RankedTensorType dataType = node.inputType(0);
  RankedTensorType indicesType = node.inputType(1);
  int64_t rank = dataType.getRank();
  FailureOr<int64_t> axis = normalizeAxis(node, node.getInt("axis", 0), rank);
  if (failed(axis))
    return failure();
  int64_t dim = dataType.getDimSize(*axis);
  SmallVector<int64_t> shape(dataType.getShape().take_front(*axis));
  llvm::append_range(shape, indicesType.getShape());
  llvm::append_range(shape, dataType.getShape().drop_front(*axis + 1));
  const KnownTensor *indices = node.known(1);
  auto normalize = [&](int64_t index) {
    return index < 0 ? index + dim : index;
  };
  if (indices) {
    for (int64_t i = 0; i < indices->getNumElements(); ++i) {
      int64_t index = indices->getAsInt(i);
      if (!ShapedType::isDynamic(dim) && (index < -dim || index >= dim))
        return node.emitError()
               << "index " << index << " is out of range for dimension "
               << *axis << " of " << dataType;
    }
  }
  if (const KnownTensor *data = node.known(0); data && indices) {
    SmallVector<int64_t> strides = getStrides(dataType.getShape());
    int64_t indexRank = indicesType.getRank();
    SmallVector<int64_t> indexStrides = getStrides(indicesType.getShape());
    node.setKnownOutput(0, gatherKnown(*data, shape, [&](ArrayRef<int64_t> i) {
                          int64_t which = 0;
                          for (int64_t d = 0; d < indexRank; ++d)
                            which += i[*axis + d] * indexStrides[d];
                          int64_t flat = normalize(indices->getAsInt(which)) *
                                         strides[*axis];
                          for (int64_t d = 0; d < *axis; ++d)
                            flat += i[d] * strides[d];
                          for (int64_t d = *axis + 1; d < rank; ++d)
                            flat += i[d - 1 + indexRank] * strides[d];
                          return flat;
                        }));
    return success();
  }
  OpBuilder &b = node.b;
  Location loc = node.loc;
  Value data = node.input(0);
  if (indices && indicesType.getRank() == 0 && !ShapedType::isDynamic(dim)) {
    // One index: a slice without that dimension.
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes = getSizes(b, loc, data);
    offsets[*axis] = b.getIndexAttr(normalize(indices->getAsInt(0)));
    sizes[*axis] = b.getIndexAttr(1);
    Value slice = tensor::ExtractSliceOp::create(
        b, loc, data, offsets, sizes,
        SmallVector<OpFoldResult>(rank, b.getIndexAttr(1)));
    node.setOutput(0, dropUnitDims(b, loc, slice, {*axis}));
    return success();
  }
  // A generic over the result, reading data by tensor.extract.
  Value indexTensor = node.input(1);
  int64_t indexRank = indicesType.getRank();
  int64_t resultRank = shape.size();
  SmallVector<OpFoldResult> sizes;
  SmallVector<OpFoldResult> dataSizes = getSizes(b, loc, data);
  SmallVector<OpFoldResult> indexSizes = getSizes(b, loc, indexTensor);
  llvm::append_range(sizes, ArrayRef(dataSizes).take_front(*axis));
  llvm::append_range(sizes, indexSizes);
  llvm::append_range(sizes, ArrayRef(dataSizes).drop_front(*axis + 1));
  SmallVector<AffineExpr> indexExprs;
  for (int64_t d = 0; d < indexRank; ++d)
    indexExprs.push_back(b.getAffineDimExpr(*axis + d));
  SmallVector<AffineMap> maps = {
      AffineMap::get(resultRank, 0, indexExprs, b.getContext()),
      b.getMultiDimIdentityMap(resultRank)};
  Value output = createEmpty(b, loc, sizes, dataType.getElementType());
  Value dimSize = tensor::DimOp::create(b, loc, data, *axis);
  auto generic = linalg::GenericOp::create(
      b, loc, output.getType(), indexTensor, output, maps,
      SmallVector<utils::IteratorType>(resultRank,
                                       utils::IteratorType::parallel),
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value index = arith::IndexCastOp::create(
            nested, nestedLoc, nested.getIndexType(), args[0]);
        // Negative indices count from the end.
        Value zero = arith::ConstantIndexOp::create(nested, nestedLoc, 0);
        Value negative = arith::CmpIOp::create(
            nested, nestedLoc, arith::CmpIPredicate::slt, index, zero);
        index = arith::SelectOp::create(
            nested, nestedLoc, negative,
            arith::AddIOp::create(nested, nestedLoc, index, dimSize), index);
        SmallVector<Value> at;
        for (int64_t d = 0; d < *axis; ++d)
          at.push_back(linalg::IndexOp::create(nested, nestedLoc, d));
        at.push_back(index);
        for (int64_t d = *axis + 1; d < rank; ++d)
          at.push_back(
              linalg::IndexOp::create(nested, nestedLoc, d - 1 + indexRank));
        Value element = tensor::ExtractOp::create(nested, nestedLoc, data, at);
        linalg::YieldOp::create(nested, nestedLoc, element);
      });
  node.setOutput(0, generic.getResult(0));
  return success();
}

LogicalResult importExpand(NodeImporter &node) {
  FailureOr<SmallVector<int64_t>> shape = node.knownInts(1, "shape");
  if (failed(shape))
    return failure();
  FailureOr<Value> result = broadcastTo(node, node.input(0), *shape);
  if (failed(result))
    return failure();
  node.setOutput(0, *result);
  return success();
}

LogicalResult importTile(NodeImporter &node) {
  FailureOr<SmallVector<int64_t>> repeats = node.knownInts(1, "repeats");
  if (failed(repeats))
    return failure();
  Value x = node.input(0);
  for (auto [axis, count] : llvm::enumerate(*repeats)) {
    if (count < 1)
      return node.emitError() << "repeat count " << count << " is not imported";
    if (count > 1)
      x = tensor::ConcatOp::create(node.b, node.loc, axis,
                                   SmallVector<Value>(count, x));
  }
  node.setOutput(0, x);
  return success();
}

/// The index read for output index `i` of a dimension of `size` padded by
/// `low` in mode edge (clamped) or reflect (mirrored at the ends).
Value getPadSourceIndex(OpBuilder &b, Location loc, Value i, int64_t low,
                        Value size, bool reflect) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value last = arith::SubIOp::create(b, loc, size, one);
  Value j = arith::SubIOp::create(b, loc, i,
                                  arith::ConstantIndexOp::create(b, loc, low));
  if (!reflect)
    return arith::MinSIOp::create(
        b, loc, arith::MaxSIOp::create(b, loc, j, zero), last);
  // |j|, then 2 * last - j past the end.
  Value below =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, j, zero);
  j = arith::SelectOp::create(b, loc, below,
                              arith::SubIOp::create(b, loc, zero, j), j);
  Value above =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, j, last);
  Value mirrored = arith::SubIOp::create(
      b, loc, arith::AddIOp::create(b, loc, last, last), j);
  return arith::SelectOp::create(b, loc, above, mirrored, j);
}

LogicalResult importPad(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  int64_t rank = type.getRank();
  SmallVector<int64_t> pads;
  if (node.opset < 11) {
    pads = node.getInts("pads");
  } else {
    FailureOr<SmallVector<int64_t>> known = node.knownInts(1, "pads");
    if (failed(known))
      return failure();
    pads = *known;
  }
  SmallVector<int64_t> axes = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  if (node.hasInput(3)) {
    FailureOr<SmallVector<int64_t>> known = node.knownInts(3, "axes");
    if (failed(known))
      return failure();
    for (int64_t &axis : *known)
      if (axis < 0)
        axis += rank;
    axes = *known;
  }
  if (pads.size() != 2 * axes.size())
    return node.emitError() << "it has " << pads.size() << " pads for "
                            << axes.size() << " axes";
  SmallVector<int64_t> low(rank, 0), high(rank, 0);
  for (auto [i, axis] : llvm::enumerate(axes)) {
    low[axis] = pads[i];
    high[axis] = pads[i + axes.size()];
  }
  OpBuilder &b = node.b;
  Location loc = node.loc;
  Value input = node.input(0);
  // Negative pads remove: a slice first.
  if (llvm::any_of(llvm::concat<int64_t>(low, high),
                   [](int64_t p) { return p < 0; })) {
    SmallVector<OpFoldResult> offsets, sizes = getSizes(b, loc, input);
    for (int64_t d = 0; d < rank; ++d) {
      int64_t cut =
          std::max<int64_t>(0, -low[d]) + std::max<int64_t>(0, -high[d]);
      offsets.push_back(b.getIndexAttr(std::max<int64_t>(0, -low[d])));
      if (cut) {
        if (type.isDynamicDim(d))
          return node.emitError() << "negative pads on a dynamic dimension "
                                     "are not imported";
        sizes[d] = b.getIndexAttr(type.getDimSize(d) - cut);
      }
      low[d] = std::max<int64_t>(0, low[d]);
      high[d] = std::max<int64_t>(0, high[d]);
    }
    input = tensor::ExtractSliceOp::create(
        b, loc, input, offsets, sizes,
        SmallVector<OpFoldResult>(rank, b.getIndexAttr(1)));
    type = cast<RankedTensorType>(input.getType());
  }
  std::string mode = node.opset < 11 ? node.getString("mode", "constant")
                                     : node.getString("mode", "constant");
  Type element = type.getElementType();
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d)
    shape.push_back(type.isDynamicDim(d)
                        ? ShapedType::kDynamic
                        : type.getDimSize(d) + low[d] + high[d]);
  auto resultType = type.clone(shape);
  // A pad value the graph computes is read by the kernel (below).
  Value valueTensor;
  if (mode == "constant" && node.opset >= 11 && node.hasInput(2) &&
      !node.known(2))
    valueTensor = node.input(2);
  if (mode == "constant" && !valueTensor) {
    double value = 0;
    if (node.opset < 11)
      value = node.getFloat("value", 0);
    else if (const KnownTensor *known = node.known(2))
      value = known->getAsDouble(0);
    node.setOutput(
        0, tensor::PadOp::create(b, loc, resultType, input,
                                 getAsIndexOpFoldResult(b.getContext(), low),
                                 getAsIndexOpFoldResult(b.getContext(), high),
                                 createScalar(b, loc, element, value)));
    return success();
  }
  if (mode != "edge" && mode != "reflect" && !valueTensor)
    return node.emitError() << "pad mode '" << mode << "' is not imported";
  SmallVector<OpFoldResult> sizes = getSizes(b, loc, input);
  for (int64_t d = 0; d < rank; ++d)
    if (!type.isDynamicDim(d))
      sizes[d] = b.getIndexAttr(shape[d]);
  Value output = createEmpty(b, loc, sizes, element);
  SmallVector<Value> inputSizes;
  for (int64_t d = 0; d < rank; ++d)
    inputSizes.push_back(tensor::DimOp::create(b, loc, input, d));
  auto generic = linalg::GenericOp::create(
      b, loc, resultType, ValueRange(), output,
      SmallVector<AffineMap>{b.getMultiDimIdentityMap(rank)},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &nested, Location nestedLoc, ValueRange) {
        // Edge and reflect read a clamped or mirrored index; a constant
        // pad reads the clamped one where it is inside, else the value.
        SmallVector<Value> at;
        Value inside;
        for (int64_t d = 0; d < rank; ++d) {
          Value i = linalg::IndexOp::create(nested, nestedLoc, d);
          at.push_back(getPadSourceIndex(nested, nestedLoc, i, low[d],
                                         inputSizes[d], mode == "reflect"));
          if (!valueTensor)
            continue;
          Value shifted = arith::SubIOp::create(
              nested, nestedLoc, i,
              arith::ConstantIndexOp::create(nested, nestedLoc, low[d]));
          Value here = arith::CmpIOp::create(
              nested, nestedLoc, arith::CmpIPredicate::eq, shifted, at.back());
          inside = inside
                       ? arith::AndIOp::create(nested, nestedLoc, inside, here)
                             .getResult()
                       : here;
        }
        Value element = tensor::ExtractOp::create(nested, nestedLoc, input, at);
        if (valueTensor) {
          Value value = tensor::ExtractOp::create(
              nested, nestedLoc, valueTensor,
              SmallVector<Value>(
                  cast<RankedTensorType>(valueTensor.getType()).getRank(),
                  arith::ConstantIndexOp::create(nested, nestedLoc, 0)));
          element = inside ? arith::SelectOp::create(nested, nestedLoc, inside,
                                                     element, value)
                                 .getResult()
                           : element;
        }
        linalg::YieldOp::create(nested, nestedLoc, element);
      });
  node.setOutput(0, generic.getResult(0));
  return success();
}

} // namespace

void mlir::halc::onnx_import::addDataMovementOps(OpTable &table) {
  table["Concat"] = importConcat;
  table["Split"] = importSplit;
  table["Slice"] = importSlice;
  table["Gather"] = importGather;
  table["Expand"] = importExpand;
  table["Tile"] = importTile;
  table["Pad"] = importPad;
}
