//===- Indexing.cpp - Ops whose elements come from computed positions -----===//
//
// GatherElements, GatherND, OneHot, Trilu, EyeLike: each one generic over
// its result whose body computes where to read (linalg.index, the indices
// read from their tensor) and reads there with tensor.extract.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/Builders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::halc::onnx_import;

namespace {

/// `index` (any number) as an index, negative ones counted from `size`.
Value normalizeIndex(OpBuilder &b, Location loc, Value index, Value size) {
  // OneHot's indices may be floats: their integer part.
  if (isa<FloatType>(index.getType()))
    index = arith::FPToSIOp::create(b, loc, b.getI64Type(), index);
  index = arith::IndexCastOp::create(b, loc, b.getIndexType(), index);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value negative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, index, zero);
  return arith::SelectOp::create(
      b, loc, negative, arith::AddIOp::create(b, loc, index, size), index);
}

/// A generic over a result of `sizes` whose body `body` builds from the
/// scalars of `inputs` (read at the result's index through `maps`).
Value buildIndexed(
    OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes, Type element,
    ValueRange inputs, ArrayRef<AffineMap> maps,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  int64_t rank = sizes.size();
  Value output = createEmpty(b, loc, sizes, element);
  SmallVector<AffineMap> allMaps(maps);
  allMaps.push_back(b.getMultiDimIdentityMap(rank));
  return linalg::GenericOp::create(
             b, loc, output.getType(), inputs, output, allMaps,
             SmallVector<utils::IteratorType>(rank,
                                              utils::IteratorType::parallel),
             [&](OpBuilder &nested, Location l, ValueRange args) {
               linalg::YieldOp::create(nested, l,
                                       body(nested, l, args.drop_back()));
             })
      .getResult(0);
}

LogicalResult importGatherElements(NodeImporter &node) {
  Value data = node.input(0), indices = node.input(1);
  RankedTensorType dataType = node.inputType(0);
  int64_t rank = dataType.getRank();
  FailureOr<int64_t> axis = normalizeAxis(node, node.getInt("axis", 0), rank);
  if (failed(axis))
    return failure();
  OpBuilder &b = node.b;
  Location loc = node.loc;
  Value size = tensor::DimOp::create(b, loc, data, *axis);
  node.setOutput(
      0,
      buildIndexed(b, loc, getSizes(b, loc, indices), dataType.getElementType(),
                   indices, {b.getMultiDimIdentityMap(rank)},
                   [&](OpBuilder &nb, Location l, ValueRange x) {
                     SmallVector<Value> at;
                     for (int64_t d = 0; d < rank; ++d)
                       at.push_back(
                           d == *axis
                               ? normalizeIndex(nb, l, x[0], size)
                               : linalg::IndexOp::create(nb, l, d).getResult());
                     return tensor::ExtractOp::create(nb, l, data, at);
                   }));
  return success();
}

LogicalResult importGatherND(NodeImporter &node) {
  Value data = node.input(0), indices = node.input(1);
  RankedTensorType dataType = node.inputType(0);
  RankedTensorType indicesType = node.inputType(1);
  int64_t batch = node.getInt("batch_dims", 0);
  int64_t k = indicesType.getShape().back();
  if (ShapedType::isDynamic(k) || batch + k > dataType.getRank())
    return node.emitError()
           << "indices " << indicesType << " do not index " << dataType;
  OpBuilder &b = node.b;
  Location loc = node.loc;
  // The result: the indices' leading dimensions, then data's after the
  // indexed ones.
  SmallVector<OpFoldResult> sizes = getSizes(b, loc, indices);
  sizes.pop_back();
  SmallVector<OpFoldResult> dataSizes = getSizes(b, loc, data);
  llvm::append_range(sizes, ArrayRef(dataSizes).drop_front(batch + k));
  int64_t leading = indicesType.getRank() - 1;
  SmallVector<Value> dimSizes;
  for (int64_t d = 0; d < dataType.getRank(); ++d)
    dimSizes.push_back(tensor::DimOp::create(b, loc, data, d));
  node.setOutput(
      0,
      buildIndexed(
          b, loc, sizes, dataType.getElementType(), ValueRange(), {},
          [&](OpBuilder &nb, Location l, ValueRange) {
            SmallVector<Value> prefix;
            for (int64_t d = 0; d < leading; ++d)
              prefix.push_back(linalg::IndexOp::create(nb, l, d));
            SmallVector<Value> at(prefix.begin(), prefix.begin() + batch);
            for (int64_t i = 0; i < k; ++i) {
              SmallVector<Value> where(prefix);
              where.push_back(arith::ConstantIndexOp::create(nb, l, i));
              Value index = tensor::ExtractOp::create(nb, l, indices, where);
              at.push_back(normalizeIndex(nb, l, index, dimSizes[batch + i]));
            }
            for (int64_t d = batch + k; d < dataType.getRank(); ++d)
              at.push_back(
                  linalg::IndexOp::create(nb, l, leading + d - batch - k));
            return tensor::ExtractOp::create(nb, l, data, at);
          }));
  return success();
}

LogicalResult importOneHot(NodeImporter &node) {
  RankedTensorType indicesType = node.inputType(0);
  FailureOr<SmallVector<int64_t>> depth = node.knownInts(1, "depth");
  if (failed(depth))
    return failure();
  // The off and on values: known, or read by the kernel.
  const KnownTensor *values = node.known(2);
  Value valuesTensor = values ? Value() : node.input(2);
  int64_t rank = indicesType.getRank() + 1;
  FailureOr<int64_t> axis = normalizeAxis(node, node.getInt("axis", -1), rank);
  FailureOr<Type> element = node.outputElementType(0);
  if (failed(axis) || failed(element))
    return failure();
  OpBuilder &b = node.b;
  Location loc = node.loc;
  Value indices = node.input(0);
  SmallVector<OpFoldResult> sizes = getSizes(b, loc, indices);
  sizes.insert(sizes.begin() + *axis, b.getIndexAttr(depth->front()));
  SmallVector<AffineExpr> exprs;
  for (int64_t d = 0; d < rank; ++d)
    if (d != *axis)
      exprs.push_back(b.getAffineDimExpr(d));
  Value depthValue = arith::ConstantIndexOp::create(b, loc, depth->front());
  node.setOutput(
      0, buildIndexed(
             b, loc, sizes, *element, indices,
             {AffineMap::get(rank, 0, exprs, b.getContext())},
             [&](OpBuilder &nb, Location l, ValueRange x) {
               Value index = normalizeIndex(nb, l, x[0], depthValue);
               Value here =
                   arith::CmpIOp::create(nb, l, arith::CmpIPredicate::eq, index,
                                         linalg::IndexOp::create(nb, l, *axis));
               auto value = [&](int64_t i) -> Value {
                 if (values)
                   return createScalar(nb, l, *element, values->getAsDouble(i));
                 Value at = arith::ConstantIndexOp::create(nb, l, i);
                 return tensor::ExtractOp::create(nb, l, valuesTensor, at);
               };
               return arith::SelectOp::create(nb, l, here, value(1), value(0));
             }));
  return success();
}

/// Trilu's k: read from `kTensor` in the kernel, or `kValue`.
Value getDiagonal(OpBuilder &b, Location loc, Value kTensor, int64_t kValue) {
  if (!kTensor)
    return arith::ConstantIndexOp::create(b, loc, kValue);
  auto type = cast<RankedTensorType>(kTensor.getType());
  SmallVector<Value> at(type.getRank(),
                        arith::ConstantIndexOp::create(b, loc, 0));
  Value k = tensor::ExtractOp::create(b, loc, kTensor, at);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), k);
}

/// Keeps the elements on and above (below) the k-th diagonal of the last two
/// dimensions; zero elsewhere.
LogicalResult importTrilu(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  int64_t rank = type.getRank();
  OpBuilder &b = node.b;
  Location loc = node.loc;
  // The diagonal: known, or read by the kernel.
  const KnownTensor *known = node.known(1);
  Value kTensor = !known && node.hasInput(1) ? node.input(1) : Value();
  int64_t kValue = known ? known->getAsInt(0) : 0;
  bool upper = node.getInt("upper", 1);
  Value input = node.input(0);
  Type element = type.getElementType();
  node.setOutput(
      0, buildIndexed(b, loc, getSizes(b, loc, input), element, input,
                      {b.getMultiDimIdentityMap(rank)},
                      [&](OpBuilder &nb, Location l, ValueRange x) {
                        // column - row against k.
                        Value offset = arith::SubIOp::create(
                            nb, l, linalg::IndexOp::create(nb, l, rank - 1),
                            linalg::IndexOp::create(nb, l, rank - 2));
                        Value kept = arith::CmpIOp::create(
                            nb, l,
                            upper ? arith::CmpIPredicate::sge
                                  : arith::CmpIPredicate::sle,
                            offset, getDiagonal(nb, l, kTensor, kValue));
                        return arith::SelectOp::create(
                            nb, l, kept, x[0], createScalar(nb, l, element, 0));
                      }));
  return success();
}

LogicalResult importEyeLike(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  FailureOr<Type> element = node.outputElementType(0);
  if (failed(element))
    return failure();
  if (type.getRank() != 2)
    return node.emitError() << "its input " << type << " is not a matrix";
  int64_t k = node.getInt("k", 0);
  OpBuilder &b = node.b;
  node.setOutput(
      0,
      buildIndexed(
          b, node.loc, getSizes(b, node.loc, node.input(0)), *element,
          ValueRange(), {}, [&](OpBuilder &nb, Location l, ValueRange) {
            Value offset =
                arith::SubIOp::create(nb, l, linalg::IndexOp::create(nb, l, 1),
                                      linalg::IndexOp::create(nb, l, 0));
            Value diagonal =
                arith::CmpIOp::create(nb, l, arith::CmpIPredicate::eq, offset,
                                      arith::ConstantIndexOp::create(nb, l, k));
            return arith::SelectOp::create(nb, l, diagonal,
                                           createScalar(nb, l, *element, 1),
                                           createScalar(nb, l, *element, 0));
          }));
  return success();
}

} // namespace

void mlir::halc::onnx_import::addIndexingOps(OpTable &table) {
  table["GatherElements"] = importGatherElements;
  table["GatherND"] = importGatherND;
  table["OneHot"] = importOneHot;
  table["Trilu"] = importTrilu;
  table["EyeLike"] = importEyeLike;
}
