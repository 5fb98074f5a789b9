//===- HostSizes.cpp - Sizes the host computes before a dispatch ----------===//

#include "compiler/DispatchFormation/HostSizes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::halc;

FailureOr<Value> HostSizes::getDim(Value tensor, int64_t dim) {
  Location loc = tensor.getLoc();
  auto type = cast<RankedTensorType>(tensor.getType());
  if (!type.isDynamicDim(dim))
    return Value(
        arith::ConstantIndexOp::create(host, loc, type.getDimSize(dim)));
  if (Value result = dispatched.lookupOrNull(tensor))
    return Value(tensor::DimOp::create(host, loc, result, dim));
  Operation *def = tensor.getDefiningOp();
  if (auto empty = dyn_cast_if_present<tensor::EmptyOp>(def))
    return materialize(empty.getDynamicSize(dim));
  if (auto dps = dyn_cast_if_present<DestinationStyleOpInterface>(def))
    return getDim(
        dps.getDpsInitOperand(cast<OpResult>(tensor).getResultNumber())->get(),
        dim);
  // A cast keeps the size (the canonicalizer casts to shapes it infers).
  if (auto cast = dyn_cast_if_present<tensor::CastOp>(def))
    return getDim(cast.getSource(), dim);
  if (isa<BlockArgument>(tensor))
    return Value(tensor::DimOp::create(host, loc, tensor, dim));
  unsigned result = cast<OpResult>(tensor).getResultNumber();
  OpBuilder builder(def->getContext());
  builder.setInsertionPointAfter(def);
  ReifiedRankedShapedTypeDims shapes;
  if (failed(reifyResultShapes(builder, def, shapes)))
    return emitError(loc) << "halc cannot tell the size of dimension " << dim
                          << " of " << type << " before it runs";
  OpFoldResult size = shapes[result][dim];
  if (auto attr = dyn_cast<Attribute>(size))
    return Value(arith::ConstantIndexOp::create(
        host, loc, cast<IntegerAttr>(attr).getInt()));
  return materialize(cast<Value>(size));
}

FailureOr<Value> HostSizes::materialize(Value value) {
  if (isa<BlockArgument>(value))
    return value;
  Operation *def = value.getDefiningOp();
  if (auto dim = dyn_cast<tensor::DimOp>(def)) {
    std::optional<int64_t> index = dim.getConstantIndex();
    if (!index)
      return dim.emitError("halc computes sizes on the host only for a "
                           "constant dimension index");
    return getDim(dim.getSource(), *index);
  }
  if (def->getNumRegions() != 0 || !isPure(def))
    return def->emitError("halc cannot compute this size on the host");
  IRMapping mapping;
  for (Value operand : def->getOperands()) {
    FailureOr<Value> rebuilt = materialize(operand);
    if (failed(rebuilt))
      return failure();
    mapping.map(operand, *rebuilt);
  }
  return host.clone(*def, mapping)
      ->getResult(cast<OpResult>(value).getResultNumber());
}
