//===- Builders.cpp - Linalg and tensor ops the op importers share --------===//

#include "compiler/Import/ONNX/Builders.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"

#include <limits>

using namespace mlir;
using namespace mlir::halc::onnx_import;

SmallVector<OpFoldResult>
mlir::halc::onnx_import::getSizes(OpBuilder &b, Location loc, Value tensor) {
  return tensor::getMixedSizes(b, loc, tensor);
}

Value mlir::halc::onnx_import::createEmpty(OpBuilder &b, Location loc,
                                           ArrayRef<OpFoldResult> sizes,
                                           Type element) {
  return tensor::EmptyOp::create(b, loc, sizes, element);
}

Value mlir::halc::onnx_import::createFilled(OpBuilder &b, Location loc,
                                            ArrayRef<OpFoldResult> sizes,
                                            TypedAttr value) {
  Value empty = createEmpty(b, loc, sizes, value.getType());
  Value scalar = arith::ConstantOp::create(b, loc, value);
  return linalg::FillOp::create(b, loc, scalar, empty).getResult(0);
}

TypedAttr mlir::halc::onnx_import::getScalarAttr(Type type, double value) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return FloatAttr::get(floatType, value);
  return IntegerAttr::get(type, APInt(type.getIntOrFloatBitWidth(),
                                      int64_t(value), /*isSigned=*/true,
                                      /*implicitTrunc=*/true));
}

TypedAttr mlir::halc::onnx_import::getLowestAttr(Type type, bool isUnsigned) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return FloatAttr::get(floatType,
                          APFloat::getInf(floatType.getFloatSemantics(), true));
  unsigned width = type.getIntOrFloatBitWidth();
  return IntegerAttr::get(type, isUnsigned || width == 1
                                    ? APInt::getZero(width)
                                    : APInt::getSignedMinValue(width));
}

TypedAttr mlir::halc::onnx_import::getHighestAttr(Type type, bool isUnsigned) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return FloatAttr::get(
        floatType, APFloat::getInf(floatType.getFloatSemantics(), false));
  unsigned width = type.getIntOrFloatBitWidth();
  return IntegerAttr::get(type, isUnsigned || width == 1
                                    ? APInt::getMaxValue(width)
                                    : APInt::getSignedMaxValue(width));
}

Value mlir::halc::onnx_import::createScalar(OpBuilder &b, Location loc,
                                            Type type, double value) {
  return arith::ConstantOp::create(b, loc, getScalarAttr(type, value));
}

Value mlir::halc::onnx_import::convertScalar(OpBuilder &b, Location loc,
                                             Value value, Type type,
                                             bool fromUnsigned,
                                             bool toUnsigned) {
  Type from = value.getType();
  if (from == type)
    return value;
  auto fromFloat = dyn_cast<FloatType>(from);
  auto toFloat = dyn_cast<FloatType>(type);
  if (fromFloat && toFloat)
    return fromFloat.getWidth() < toFloat.getWidth()
               ? arith::ExtFOp::create(b, loc, type, value).getResult()
               : arith::TruncFOp::create(b, loc, type, value).getResult();
  if (fromFloat) {
    // To a boolean: whether it is not zero.
    if (type.isInteger(1))
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, value,
                                   createScalar(b, loc, from, 0));
    return toUnsigned
               ? arith::FPToUIOp::create(b, loc, type, value).getResult()
               : arith::FPToSIOp::create(b, loc, type, value).getResult();
  }
  bool isUnsigned = fromUnsigned || from.isInteger(1);
  if (toFloat)
    return isUnsigned
               ? arith::UIToFPOp::create(b, loc, type, value).getResult()
               : arith::SIToFPOp::create(b, loc, type, value).getResult();
  if (type.isInteger(1))
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, value,
                                 createScalar(b, loc, from, 0));
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  unsigned toWidth = type.getIntOrFloatBitWidth();
  if (fromWidth > toWidth)
    return arith::TruncIOp::create(b, loc, type, value);
  return isUnsigned ? arith::ExtUIOp::create(b, loc, type, value).getResult()
                    : arith::ExtSIOp::create(b, loc, type, value).getResult();
}

/// A generic of `outputs` over the loops of `maps`, its body built by
/// `body` from the input scalars (and accumulators).
static linalg::GenericOp buildGeneric(OpBuilder &b, Location loc,
                                      ValueRange inputs, ValueRange outputs,
                                      ArrayRef<AffineMap> maps,
                                      ArrayRef<utils::IteratorType> iterators,
                                      BodyBuilder body) {
  return linalg::GenericOp::create(
      b, loc, outputs.getTypes(), inputs, outputs, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange scalars) {
        Value result = body(nested, nestedLoc, scalars);
        linalg::YieldOp::create(nested, nestedLoc, result);
      });
}

FailureOr<Value> mlir::halc::onnx_import::buildElementwise(NodeImporter &node,
                                                           ValueRange operands,
                                                           Type resultElement,
                                                           BodyBuilder body) {
  OpBuilder &b = node.b;
  Location loc = node.loc;
  int64_t rank = 0;
  for (Value operand : operands)
    rank = std::max(rank, cast<RankedTensorType>(operand.getType()).getRank());
  // Per result dimension: its size, and for a dynamic one the operand
  // dimension it is read from.
  SmallVector<int64_t> shape(rank, 1);
  SmallVector<std::pair<Value, int64_t>> dynamicSource(rank);
  for (Value operand : operands) {
    auto type = cast<RankedTensorType>(operand.getType());
    for (int64_t dim = 0; dim < type.getRank(); ++dim) {
      int64_t d = dim + rank - type.getRank();
      int64_t size = type.getDimSize(dim);
      if (size == 1)
        continue;
      if (ShapedType::isDynamic(size)) {
        if (shape[d] == 1) {
          shape[d] = ShapedType::kDynamic;
          dynamicSource[d] = {operand, dim};
        }
        continue;
      }
      if (!ShapedType::isDynamic(shape[d]) && shape[d] != 1 && shape[d] != size)
        return node.emitError()
               << "its operands do not broadcast: dimension " << d
               << " of the result is " << shape[d] << " and " << size;
      shape[d] = size;
    }
  }
  SmallVector<OpFoldResult> sizes;
  for (int64_t d = 0; d < rank; ++d)
    sizes.push_back(
        ShapedType::isDynamic(shape[d])
            ? OpFoldResult(tensor::DimOp::create(b, loc, dynamicSource[d].first,
                                                 dynamicSource[d].second)
                               .getResult())
            : OpFoldResult(b.getIndexAttr(shape[d])));
  SmallVector<AffineMap> maps;
  for (Value operand : operands) {
    auto type = cast<RankedTensorType>(operand.getType());
    SmallVector<AffineExpr> exprs;
    for (int64_t dim = 0; dim < type.getRank(); ++dim) {
      int64_t d = dim + rank - type.getRank();
      exprs.push_back(type.getDimSize(dim) == 1 && shape[d] != 1
                          ? b.getAffineConstantExpr(0)
                          : b.getAffineDimExpr(d));
    }
    maps.push_back(AffineMap::get(rank, 0, exprs, b.getContext()));
  }
  maps.push_back(b.getMultiDimIdentityMap(rank));
  Value output = createEmpty(b, loc, sizes, resultElement);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return buildGeneric(
             b, loc, operands, output, maps, iterators,
             [&](OpBuilder &nested, Location nestedLoc, ValueRange scalars) {
               return body(nested, nestedLoc, scalars.drop_back());
             })
      .getResult(0);
}

Value mlir::halc::onnx_import::buildReduction(OpBuilder &b, Location loc,
                                              Value input,
                                              ArrayRef<int64_t> axes,
                                              bool keepDims, TypedAttr init,
                                              BodyBuilder combine) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> sizes = getSizes(b, loc, input);
  SmallVector<OpFoldResult> reducedSizes;
  SmallVector<AffineExpr> outputExprs;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t d = 0; d < rank; ++d) {
    bool reduced = llvm::is_contained(axes, d);
    iterators.push_back(reduced ? utils::IteratorType::reduction
                                : utils::IteratorType::parallel);
    if (reduced)
      continue;
    reducedSizes.push_back(sizes[d]);
    outputExprs.push_back(b.getAffineDimExpr(d));
  }
  Value output = createFilled(b, loc, reducedSizes, init);
  SmallVector<AffineMap> maps = {
      b.getMultiDimIdentityMap(rank),
      AffineMap::get(rank, 0, outputExprs, b.getContext())};
  Value result = buildGeneric(b, loc, input, output, maps, iterators, combine)
                     .getResult(0);
  return keepDims ? insertUnitDims(b, loc, result, axes) : result;
}

/// `input` expanded to `type` by `reassociation`, or null where a group
/// has more than one dynamic size (its sizes cannot be inferred).
static Value expandTo(OpBuilder &b, Location loc, Value input,
                      RankedTensorType type,
                      ArrayRef<ReassociationIndices> reassociation) {
  for (const ReassociationIndices &group : reassociation)
    if (llvm::count_if(group, [&](int64_t d) { return type.isDynamicDim(d); }) >
        1)
      return {};
  return tensor::ExpandShapeOp::create(b, loc, type, input, reassociation);
}

Value mlir::halc::onnx_import::readStrided(OpBuilder &b, Location loc,
                                           Value source,
                                           ArrayRef<int64_t> offsets,
                                           ArrayRef<int64_t> strides,
                                           ArrayRef<OpFoldResult> sizes) {
  auto type = cast<RankedTensorType>(source.getType());
  int64_t rank = type.getRank();
  Value output = createEmpty(b, loc, sizes, type.getElementType());
  return linalg::GenericOp::create(
             b, loc, output.getType(), ValueRange(), output,
             SmallVector<AffineMap>{b.getMultiDimIdentityMap(rank)},
             SmallVector<utils::IteratorType>(rank,
                                              utils::IteratorType::parallel),
             [&](OpBuilder &nested, Location l, ValueRange) {
               SmallVector<Value> at;
               for (int64_t d = 0; d < rank; ++d) {
                 AffineExpr i = nested.getAffineDimExpr(0);
                 at.push_back(affine::AffineApplyOp::create(
                     nested, l, i * strides[d] + offsets[d],
                     ValueRange{linalg::IndexOp::create(nested, l, d)}));
               }
               Value element = tensor::ExtractOp::create(nested, l, source, at);
               linalg::YieldOp::create(nested, l, element);
             })
      .getResult(0);
}

Value mlir::halc::onnx_import::reshapeTo(OpBuilder &b, Location loc,
                                         Value input, ArrayRef<int64_t> shape) {
  auto sourceType = cast<RankedTensorType>(input.getType());
  auto type = sourceType.clone(shape);
  if (type == sourceType)
    return input;
  // A slice's elements are not contiguous in its source: they are read into
  // a tensor of their own before a reshape views them anew.
  auto slice = input.getDefiningOp<tensor::ExtractSliceOp>();
  if (slice && slice.getSourceType().getRank() == sourceType.getRank() &&
      !ShapedType::isDynamicShape(slice.getStaticOffsets()) &&
      !ShapedType::isDynamicShape(slice.getStaticStrides())) {
    input = readStrided(b, loc, slice.getSource(), slice.getStaticOffsets(),
                        slice.getStaticStrides(), getSizes(b, loc, input));
    if (slice->use_empty())
      slice->erase();
  }
  if (type.getRank() == 0 || sourceType.getRank() == 0) {
    // To or from a scalar: every other dimension is 1.
    if (sourceType.getRank() == 0)
      return tensor::ExpandShapeOp::create(b, loc, type, input,
                                           ArrayRef<ReassociationIndices>{});
    return tensor::CollapseShapeOp::create(b, loc, type, input,
                                           ArrayRef<ReassociationIndices>{});
  }
  if (std::optional<SmallVector<ReassociationIndices>> reassociation =
          getReassociationIndicesForReshape(sourceType, type)) {
    if (sourceType.getRank() > type.getRank())
      return tensor::CollapseShapeOp::create(b, loc, type, input,
                                             *reassociation);
    if (Value expanded = expandTo(b, loc, input, type, *reassociation))
      return expanded;
  }
  // Static shapes: collapsed to the groups both shapes share (where their
  // running products meet), then expanded: [5, 1, 64] to [5, 4, 16]
  // through [5, 64].
  if (sourceType.hasStaticShape() && type.hasStaticShape() &&
      sourceType.getNumElements() == type.getNumElements() &&
      type.getNumElements() != 0) {
    SmallVector<ReassociationIndices> sourceGroups, groups;
    SmallVector<int64_t> common;
    int64_t i = 0, j = 0;
    while (i < sourceType.getRank() || j < type.getRank()) {
      ReassociationIndices sourceGroup, group;
      int64_t a = 1, b = 1;
      do {
        if (i < sourceType.getRank() && (a <= b || j == type.getRank()))
          a *= sourceType.getDimSize(i), sourceGroup.push_back(i++);
        else
          b *= type.getDimSize(j), group.push_back(j++);
      } while (a != b || (sourceGroup.empty() || group.empty()) ||
               (i < sourceType.getRank() && sourceType.getDimSize(i) == 1 &&
                j == type.getRank()) ||
               (j < type.getRank() && type.getDimSize(j) == 1 &&
                i == sourceType.getRank()));
      sourceGroups.push_back(sourceGroup);
      groups.push_back(group);
      common.push_back(a);
    }
    Value collapsed = input;
    if (llvm::any_of(sourceGroups, [](auto &g) { return g.size() > 1; }))
      collapsed = tensor::CollapseShapeOp::create(
          b, loc, sourceType.clone(common), input, sourceGroups);
    if (llvm::none_of(groups, [](auto &g) { return g.size() > 1; }))
      return collapsed;
    return tensor::ExpandShapeOp::create(b, loc, type, collapsed, groups);
  }
  // Through one dimension.
  int64_t elements = sourceType.hasStaticShape() ? sourceType.getNumElements()
                                                 : ShapedType::kDynamic;
  ReassociationIndices all =
      llvm::to_vector(llvm::seq<int64_t>(0, sourceType.getRank()));
  Value flat = sourceType.getRank() == 1
                   ? input
                   : tensor::CollapseShapeOp::create(
                         b, loc, sourceType.clone({elements}), input,
                         ArrayRef<ReassociationIndices>{all})
                         .getResult();
  if (type.getRank() == 1)
    return tensor::CastOp::create(b, loc, type, flat);
  ReassociationIndices allResult =
      llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
  if (Value expanded = expandTo(b, loc, flat, type, {allResult}))
    return expanded;
  // Several dynamic sizes: a reshape by a shape tensor of the sizes the
  // element count implies.
  SmallVector<Value> sizes;
  Value remaining = tensor::DimOp::create(b, loc, flat, 0);
  int64_t staticProduct = 1;
  for (int64_t size : shape)
    if (!ShapedType::isDynamic(size))
      staticProduct *= size;
  for (int64_t size : shape) {
    sizes.push_back(
        ShapedType::isDynamic(size)
            ? arith::DivUIOp::create(
                  b, loc, remaining,
                  arith::ConstantIndexOp::create(b, loc, staticProduct))
                  .getResult()
            : arith::ConstantIndexOp::create(b, loc, size).getResult());
  }
  Value shapeTensor = tensor::FromElementsOp::create(b, loc, sizes);
  return tensor::ReshapeOp::create(b, loc, type, flat, shapeTensor);
}

Value mlir::halc::onnx_import::insertUnitDims(OpBuilder &b, Location loc,
                                              Value input,
                                              ArrayRef<int64_t> axes) {
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<int64_t> shape;
  int64_t next = 0;
  int64_t rank = type.getRank() + axes.size();
  for (int64_t d = 0; d < rank; ++d)
    shape.push_back(llvm::is_contained(axes, d) ? 1 : type.getDimSize(next++));
  auto resultType = type.clone(shape);
  if (type.getRank() == 0)
    return tensor::ExpandShapeOp::create(b, loc, resultType, input,
                                         ArrayRef<ReassociationIndices>{});
  // Each input dimension groups with the unit dimensions before it (the
  // last one with those after it too).
  SmallVector<ReassociationIndices> reassociation(type.getRank());
  int64_t group = 0;
  for (int64_t d = 0; d < rank; ++d) {
    reassociation[group].push_back(d);
    if (!llvm::is_contained(axes, d) && group + 1 < type.getRank())
      ++group;
  }
  SmallVector<OpFoldResult> sizes;
  SmallVector<OpFoldResult> inputSizes = getSizes(b, loc, input);
  next = 0;
  for (int64_t d = 0; d < rank; ++d)
    sizes.push_back(llvm::is_contained(axes, d)
                        ? OpFoldResult(b.getIndexAttr(1))
                        : inputSizes[next++]);
  return tensor::ExpandShapeOp::create(b, loc, resultType, input, reassociation,
                                       sizes);
}

Value mlir::halc::onnx_import::dropUnitDims(OpBuilder &b, Location loc,
                                            Value input,
                                            ArrayRef<int64_t> axes) {
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (!llvm::is_contained(axes, d))
      shape.push_back(type.getDimSize(d));
  auto resultType = type.clone(shape);
  if (shape.empty())
    return tensor::CollapseShapeOp::create(b, loc, resultType, input,
                                           ArrayRef<ReassociationIndices>{});
  SmallVector<ReassociationIndices> reassociation(shape.size());
  int64_t group = 0;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    reassociation[group].push_back(d);
    if (!llvm::is_contained(axes, d) && group + 1 < int64_t(shape.size()))
      ++group;
  }
  return tensor::CollapseShapeOp::create(b, loc, resultType, input,
                                         reassociation);
}

Value mlir::halc::onnx_import::transpose(OpBuilder &b, Location loc,
                                         Value input, ArrayRef<int64_t> perm) {
  if (llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())))
    return input;
  SmallVector<OpFoldResult> inputSizes = getSizes(b, loc, input);
  SmallVector<OpFoldResult> sizes;
  for (int64_t d : perm)
    sizes.push_back(inputSizes[d]);
  Value output = createEmpty(
      b, loc, sizes, cast<RankedTensorType>(input.getType()).getElementType());
  return linalg::TransposeOp::create(b, loc, input, output, perm)
      .getResult()[0];
}

FailureOr<int64_t> mlir::halc::onnx_import::normalizeAxis(NodeImporter &node,
                                                          int64_t axis,
                                                          int64_t rank) {
  if (axis < -rank || axis >= rank)
    return node.emitError()
           << "axis " << axis << " is out of range for rank " << rank;
  return axis < 0 ? axis + rank : axis;
}

FailureOr<SmallVector<int64_t>>
mlir::halc::onnx_import::normalizeAxes(NodeImporter &node,
                                       ArrayRef<int64_t> axes, int64_t rank) {
  SmallVector<int64_t> result;
  for (int64_t axis : axes) {
    FailureOr<int64_t> normalized = normalizeAxis(node, axis, rank);
    if (failed(normalized))
      return failure();
    result.push_back(*normalized);
  }
  llvm::sort(result);
  result.erase(std::unique(result.begin(), result.end()), result.end());
  return result;
}

FailureOr<Value> mlir::halc::onnx_import::broadcastTo(NodeImporter &node,
                                                      Value input,
                                                      ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = std::max<int64_t>(type.getRank(), shape.size());
  SmallVector<int64_t> resultShape(rank);
  SmallVector<OpFoldResult> sizes;
  SmallVector<AffineExpr> exprs;
  OpBuilder &b = node.b;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t inputDim = d - (rank - type.getRank());
    int64_t shapeDim = d - (rank - int64_t(shape.size()));
    int64_t wanted = shapeDim >= 0 ? shape[shapeDim] : 1;
    int64_t have = inputDim >= 0 ? type.getDimSize(inputDim) : 1;
    if (have != 1 && wanted != 1 && have != wanted &&
        !ShapedType::isDynamic(have))
      return node.emitError() << type << " does not broadcast to size "
                              << wanted << " in dimension " << d;
    bool stretched = have == 1 && wanted != 1;
    if (inputDim >= 0)
      exprs.push_back(stretched ? b.getAffineConstantExpr(0)
                                : b.getAffineDimExpr(d));
    if (stretched || (wanted != 1 && !ShapedType::isDynamic(have))) {
      sizes.push_back(b.getIndexAttr(wanted));
      resultShape[d] = wanted;
    } else if (inputDim >= 0) {
      sizes.push_back(tensor::getMixedSize(b, node.loc, input, inputDim));
      resultShape[d] = have;
    } else {
      sizes.push_back(b.getIndexAttr(1));
      resultShape[d] = 1;
    }
  }
  if (llvm::equal(resultShape, type.getShape()))
    return input;
  Value output = createEmpty(b, node.loc, sizes, type.getElementType());
  SmallVector<AffineMap> maps = {AffineMap::get(rank, 0, exprs, b.getContext()),
                                 b.getMultiDimIdentityMap(rank)};
  return linalg::GenericOp::create(
             b, node.loc, output.getType(), input, output, maps,
             SmallVector<utils::IteratorType>(rank,
                                              utils::IteratorType::parallel),
             [](OpBuilder &nested, Location loc, ValueRange args) {
               linalg::YieldOp::create(nested, loc, args[0]);
             })
      .getResult(0);
}
