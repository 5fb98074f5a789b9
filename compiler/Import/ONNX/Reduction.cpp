//===- Reduction.cpp - The Reduce* family, ArgMax and ArgMin --------------===//
//
// A reduction is one generic over the input with the reduced dimensions as
// reduction loops (what halc's reduction strategies take), an elementwise
// op before the combination where the kind needs one (L1, L2, SumSquare,
// LogSumExp) and one after (a mean's division, L2's root, a logarithm).
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

enum class Reduce {
  Sum,
  Mean,
  Max,
  Min,
  Prod,
  L1,
  L2,
  LogSum,
  LogSumExp,
  SumSquare
};

/// The axes of a reduction: an attribute, or since opset 13 for ReduceSum
/// (18 for the others) input 1; empty for all (or none, with
/// noop_with_empty_axes).
FailureOr<SmallVector<int64_t>> getReducedAxes(NodeImporter &node, int64_t rank,
                                               bool &noop) {
  bool fromInput = node.opset >= (node.node.op_type() == "ReduceSum" ? 13 : 18);
  SmallVector<int64_t> axes;
  if (!fromInput) {
    axes = node.getInts("axes");
  } else if (node.hasInput(1)) {
    FailureOr<SmallVector<int64_t>> known = node.knownInts(1, "axes");
    if (failed(known))
      return failure();
    axes = *known;
  }
  noop = axes.empty() && fromInput && node.getInt("noop_with_empty_axes", 0);
  if (axes.empty())
    axes = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  return normalizeAxes(node, axes, rank);
}

LogicalResult importReduce(NodeImporter &node, Reduce kind) {
  RankedTensorType type = node.inputType(0);
  Type element = type.getElementType();
  bool isFloat = isa<FloatType>(element);
  bool isUnsigned = node.isUnsigned(0);
  bool noop = false;
  FailureOr<SmallVector<int64_t>> axes =
      getReducedAxes(node, type.getRank(), noop);
  if (failed(axes))
    return failure();
  if (noop) {
    node.setOutput(0, node.input(0));
    return success();
  }
  if (!isFloat && kind != Reduce::Sum && kind != Reduce::Max &&
      kind != Reduce::Min && kind != Reduce::Prod &&
      kind != Reduce::SumSquare && kind != Reduce::L1)
    return node.emitError() << "this reduction of integers is not imported";
  OpBuilder &b = node.b;
  Location loc = node.loc;
  Value input = node.input(0);
  // LogSumExp subtracts the maximum first, so exp cannot overflow.
  Value maximum;
  if (kind == Reduce::LogSumExp) {
    maximum = buildReduction(
        b, loc, input, *axes, /*keepDims=*/false, getLowestAttr(element, false),
        [](OpBuilder &nb, Location l, ValueRange v) -> Value {
          return arith::MaximumFOp::create(nb, l, v[0], v[1]);
        });
    FailureOr<Value> shifted = buildElementwise(
        node, {input, insertUnitDims(b, loc, maximum, *axes)}, element,
        [](OpBuilder &nb, Location l, ValueRange v) -> Value {
          return arith::SubFOp::create(nb, l, v[0], v[1]);
        });
    if (failed(shifted))
      return failure();
    input = *shifted;
  }
  TypedAttr init = getScalarAttr(element, 0);
  if (kind == Reduce::Max)
    init = getLowestAttr(element, isUnsigned);
  else if (kind == Reduce::Min)
    init = getHighestAttr(element, isUnsigned);
  else if (kind == Reduce::Prod)
    init = getScalarAttr(element, 1);
  // Reduced without the unit dimensions keepdims asks for, which are added
  // after what follows the reduction.
  bool keepDims = node.getInt("keepdims", 1);
  auto setOutput = [&](Value y) {
    node.setOutput(0, keepDims ? insertUnitDims(b, loc, y, *axes) : y);
    return success();
  };
  Value y = buildReduction(
      b, loc, input, *axes, /*keepDims=*/false, init,
      [&](OpBuilder &nb, Location l, ValueRange v) -> Value {
        Value x = v[0], acc = v[1];
        switch (kind) {
        case Reduce::L1:
          x = isFloat ? math::AbsFOp::create(nb, l, x).getResult()
                      : math::AbsIOp::create(nb, l, x).getResult();
          break;
        case Reduce::L2:
        case Reduce::SumSquare:
          x = isFloat ? arith::MulFOp::create(nb, l, x, x).getResult()
                      : arith::MulIOp::create(nb, l, x, x).getResult();
          break;
        case Reduce::LogSumExp:
          x = math::ExpOp::create(nb, l, x);
          break;
        default:
          break;
        }
        switch (kind) {
        case Reduce::Max:
          if (isFloat)
            return arith::MaximumFOp::create(nb, l, x, acc);
          return isUnsigned ? arith::MaxUIOp::create(nb, l, x, acc).getResult()
                            : arith::MaxSIOp::create(nb, l, x, acc).getResult();
        case Reduce::Min:
          if (isFloat)
            return arith::MinimumFOp::create(nb, l, x, acc);
          return isUnsigned ? arith::MinUIOp::create(nb, l, x, acc).getResult()
                            : arith::MinSIOp::create(nb, l, x, acc).getResult();
        case Reduce::Prod:
          return isFloat ? arith::MulFOp::create(nb, l, x, acc).getResult()
                         : arith::MulIOp::create(nb, l, x, acc).getResult();
        default:
          return isFloat ? arith::AddFOp::create(nb, l, x, acc).getResult()
                         : arith::AddIOp::create(nb, l, x, acc).getResult();
        }
      });
  if (kind != Reduce::Mean && kind != Reduce::L2 && kind != Reduce::LogSum &&
      kind != Reduce::LogSumExp)
    return setOutput(y);
  int64_t count = 1;
  for (int64_t axis : *axes)
    count *= type.getDimSize(axis);
  if (kind == Reduce::Mean && ShapedType::isDynamic(count))
    return node.emitError() << "the mean over dynamic dimensions of " << type
                            << " is not imported";
  SmallVector<Value> operands = {y};
  if (maximum)
    operands.push_back(maximum);
  FailureOr<Value> result = buildElementwise(
      node, operands, element,
      [&](OpBuilder &nb, Location l, ValueRange v) -> Value {
        switch (kind) {
        case Reduce::Mean:
          return arith::DivFOp::create(nb, l, v[0],
                                       createScalar(nb, l, element, count));
        case Reduce::L2:
          return math::SqrtOp::create(nb, l, v[0]);
        case Reduce::LogSum:
          return math::LogOp::create(nb, l, v[0]);
        default:
          return arith::AddFOp::create(nb, l, math::LogOp::create(nb, l, v[0]),
                                       v[1]);
        }
      });
  if (failed(result))
    return failure();
  return setOutput(*result);
}

/// The index (i64) of the greatest (or least) element of `input` along
/// `axis`: the first, or with `last` the last; the axis dropped.
Value buildArgExtreme(OpBuilder &b, Location loc, Value input, int64_t axis,
                      bool max, bool last, bool isUnsigned) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  Type element = type.getElementType();
  bool isFloat = isa<FloatType>(element);
  SmallVector<OpFoldResult> sizes = getSizes(b, loc, input);
  sizes.erase(sizes.begin() + axis);
  Value values = createFilled(b, loc, sizes,
                              max ? getLowestAttr(element, isUnsigned)
                                  : getHighestAttr(element, isUnsigned));
  Value indices = createFilled(b, loc, sizes, b.getI64IntegerAttr(0));
  SmallVector<AffineExpr> exprs;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t d = 0; d < rank; ++d) {
    iterators.push_back(d == axis ? utils::IteratorType::reduction
                                  : utils::IteratorType::parallel);
    if (d != axis)
      exprs.push_back(b.getAffineDimExpr(d));
  }
  AffineMap reduced = AffineMap::get(rank, 0, exprs, b.getContext());
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{values.getType(), indices.getType()}, input,
      ValueRange{values, indices},
      SmallVector<AffineMap>{b.getMultiDimIdentityMap(rank), reduced, reduced},
      iterators, [&](OpBuilder &nb, Location l, ValueRange v) {
        Value x = v[0], best = v[1], bestIndex = v[2];
        Value better;
        if (isFloat) {
          auto predicate = max ? (last ? arith::CmpFPredicate::OGE
                                       : arith::CmpFPredicate::OGT)
                               : (last ? arith::CmpFPredicate::OLE
                                       : arith::CmpFPredicate::OLT);
          better = arith::CmpFOp::create(nb, l, predicate, x, best);
        } else {
          auto predicate =
              max ? (last ? (isUnsigned ? arith::CmpIPredicate::uge
                                        : arith::CmpIPredicate::sge)
                          : (isUnsigned ? arith::CmpIPredicate::ugt
                                        : arith::CmpIPredicate::sgt))
                  : (last ? (isUnsigned ? arith::CmpIPredicate::ule
                                        : arith::CmpIPredicate::sle)
                          : (isUnsigned ? arith::CmpIPredicate::ult
                                        : arith::CmpIPredicate::slt));
          better = arith::CmpIOp::create(nb, l, predicate, x, best);
        }
        Value index = arith::IndexCastOp::create(
            nb, l, nb.getI64Type(), linalg::IndexOp::create(nb, l, axis));
        linalg::YieldOp::create(
            nb, l,
            ValueRange{
                arith::SelectOp::create(nb, l, better, x, best),
                arith::SelectOp::create(nb, l, better, index, bestIndex)});
      });
  return generic.getResult(1);
}

/// ArgMax and ArgMin: a reduction of two results, the extreme value and its
/// index.
LogicalResult importArgExtreme(NodeImporter &node, bool max) {
  int64_t rank = node.inputType(0).getRank();
  FailureOr<int64_t> axis = normalizeAxis(node, node.getInt("axis", 0), rank);
  if (failed(axis))
    return failure();
  Value y =
      buildArgExtreme(node.b, node.loc, node.input(0), *axis, max,
                      node.getInt("select_last_index", 0), node.isUnsigned(0));
  if (node.getInt("keepdims", 1))
    y = insertUnitDims(node.b, node.loc, y, {*axis});
  node.setOutput(0, y);
  return success();
}

/// Hardmax: 1 at the first greatest element along the axis (of the input
/// as a matrix before opset 13), 0 elsewhere.
LogicalResult importHardmax(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  int64_t rank = type.getRank();
  bool coerce = node.opset < 13;
  FailureOr<int64_t> axis =
      normalizeAxis(node, node.getInt("axis", coerce ? 1 : -1), rank);
  if (failed(axis))
    return failure();
  OpBuilder &b = node.b;
  Location loc = node.loc;
  Value x = node.input(0);
  int64_t along = *axis;
  if (coerce) {
    if (!type.hasStaticShape())
      return node.emitError() << "a hardmax of dynamic " << type
                              << " before opset 13 is not imported";
    int64_t outer = 1, inner = 1;
    for (int64_t d = 0; d < rank; ++d)
      (d < *axis ? outer : inner) *= type.getDimSize(d);
    x = reshapeTo(b, loc, x, {outer, inner});
    along = 1;
  }
  Value indices = buildArgExtreme(b, loc, x, along, /*max=*/true,
                                  /*last=*/false, /*isUnsigned=*/false);
  indices = insertUnitDims(b, loc, indices, {along});
  Type element = type.getElementType();
  FailureOr<Value> y = buildElementwise(
      node, {x, indices}, element,
      [&](OpBuilder &nb, Location l, ValueRange v) -> Value {
        Value here = arith::CmpIOp::create(
            nb, l, arith::CmpIPredicate::eq, v[1],
            arith::IndexCastOp::create(nb, l, nb.getI64Type(),
                                       linalg::IndexOp::create(nb, l, along)));
        return arith::SelectOp::create(nb, l, here,
                                       createScalar(nb, l, element, 1),
                                       createScalar(nb, l, element, 0));
      });
  if (failed(y))
    return failure();
  node.setOutput(0, reshapeTo(b, loc, *y, type.getShape()));
  return success();
}

/// CumSum: each element the sum of those before it along the axis (and
/// itself, unless exclusive; after it, with reverse), as a reduction over a
/// second copy of the axis masked by position.
LogicalResult importCumSum(NodeImporter &node) {
  RankedTensorType type = node.inputType(0);
  int64_t rank = type.getRank();
  FailureOr<SmallVector<int64_t>> axisValue = node.knownInts(1, "axis");
  if (failed(axisValue))
    return failure();
  FailureOr<int64_t> axis = normalizeAxis(node, axisValue->front(), rank);
  if (failed(axis))
    return failure();
  bool exclusive = node.getInt("exclusive", 0);
  bool reverse = node.getInt("reverse", 0);
  OpBuilder &b = node.b;
  Location loc = node.loc;
  Type element = type.getElementType();
  bool isFloat = isa<FloatType>(element);
  Value input = node.input(0);
  // Loops: the result's, then j along the axis (reduced).
  SmallVector<AffineExpr> inputExprs;
  for (int64_t d = 0; d < rank; ++d)
    inputExprs.push_back(b.getAffineDimExpr(d == *axis ? rank : d));
  Value init =
      createFilled(b, loc, getSizes(b, loc, input), getScalarAttr(element, 0));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), input, init,
      SmallVector<AffineMap>{
          AffineMap::get(rank + 1, 0, inputExprs, b.getContext()),
          AffineMap::getMultiDimIdentityMap(rank + 1, b.getContext())
              .getMajorSubMap(rank)},
      iterators, [&](OpBuilder &nb, Location l, ValueRange v) {
        Value i = linalg::IndexOp::create(nb, l, *axis);
        Value j = linalg::IndexOp::create(nb, l, rank);
        arith::CmpIPredicate predicate =
            reverse ? (exclusive ? arith::CmpIPredicate::sgt
                                 : arith::CmpIPredicate::sge)
                    : (exclusive ? arith::CmpIPredicate::slt
                                 : arith::CmpIPredicate::sle);
        Value counted = arith::CmpIOp::create(nb, l, predicate, j, i);
        Value x = arith::SelectOp::create(nb, l, counted, v[0],
                                          createScalar(nb, l, element, 0));
        Value sum = isFloat ? arith::AddFOp::create(nb, l, x, v[1]).getResult()
                            : arith::AddIOp::create(nb, l, x, v[1]).getResult();
        linalg::YieldOp::create(nb, l, sum);
      });
  node.setOutput(0, generic.getResult(0));
  return success();
}

} // namespace

void mlir::halc::onnx_import::addReductionOps(OpTable &table) {
  table["ReduceSum"] = [](NodeImporter &n) {
    return importReduce(n, Reduce::Sum);
  };
  table["ReduceMean"] = [](NodeImporter &n) {
    return importReduce(n, Reduce::Mean);
  };
  table["ReduceMax"] = [](NodeImporter &n) {
    return importReduce(n, Reduce::Max);
  };
  table["ReduceMin"] = [](NodeImporter &n) {
    return importReduce(n, Reduce::Min);
  };
  table["ReduceProd"] = [](NodeImporter &n) {
    return importReduce(n, Reduce::Prod);
  };
  table["ReduceL1"] = [](NodeImporter &n) {
    return importReduce(n, Reduce::L1);
  };
  table["ReduceL2"] = [](NodeImporter &n) {
    return importReduce(n, Reduce::L2);
  };
  table["ReduceLogSum"] = [](NodeImporter &n) {
    return importReduce(n, Reduce::LogSum);
  };
  table["ReduceLogSumExp"] = [](NodeImporter &n) {
    return importReduce(n, Reduce::LogSumExp);
  };
  table["ReduceSumSquare"] = [](NodeImporter &n) {
    return importReduce(n, Reduce::SumSquare);
  };
  table["ArgMax"] = [](NodeImporter &n) { return importArgExtreme(n, true); };
  table["ArgMin"] = [](NodeImporter &n) { return importArgExtreme(n, false); };
  table["Hardmax"] = importHardmax;
  table["CumSum"] = importCumSum;
}
