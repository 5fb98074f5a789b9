//===- Elementwise.cpp - ONNX's elementwise ops as broadcast generics -----===//
//
// Every op here is one linalg.generic over its operands broadcast together:
// arithmetic, comparisons, logic, activations, math functions and casts.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/Builders.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

using namespace mlir;
using namespace mlir::halc::onnx_import;

namespace {

using ScalarFn = Value (*)(OpBuilder &b, Location loc, ValueRange x,
                           NodeImporter &node);

bool isFloat(Value value) { return isa<FloatType>(value.getType()); }

Value constantLike(OpBuilder &b, Location loc, Value like, double value) {
  return createScalar(b, loc, like.getType(), value);
}

/// Imports a node whose output is `fn` of `operands` (by default all its
/// inputs), elementwise.
LogicalResult importMap(NodeImporter &node, ScalarFn fn,
                        SmallVector<Value> operands = {}) {
  if (foldKnownElementwise(node))
    return success();
  if (operands.empty())
    for (unsigned i = 0; i < node.getNumInputs(); ++i)
      if (node.hasInput(i))
        operands.push_back(node.input(i));
  FailureOr<Type> element = node.outputElementType(0);
  if (failed(element))
    return failure();
  FailureOr<Value> result = buildElementwise(
      node, operands, *element, [&](OpBuilder &b, Location loc, ValueRange x) {
        return fn(b, loc, x, node);
      });
  if (failed(result))
    return failure();
  node.setOutput(0, *result);
  return success();
}

/// Imports a node of one float operand and `fn` of it; integers refused.
template <typename MathOp> LogicalResult importFloatMath(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x, NodeImporter &) -> Value {
        return MathOp::create(b, loc, x[0]);
      });
}

Value select(OpBuilder &b, Location loc, Value condition, Value t, Value f) {
  return arith::SelectOp::create(b, loc, condition, t, f);
}

Value lessThanZero(OpBuilder &b, Location loc, Value x) {
  return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x,
                               constantLike(b, loc, x, 0));
}

/// exp(x) - 1.
Value expm1(OpBuilder &b, Location loc, Value x) {
  return arith::SubFOp::create(b, loc, math::ExpOp::create(b, loc, x),
                               constantLike(b, loc, x, 1));
}

Value multiplyBy(OpBuilder &b, Location loc, Value x, double factor) {
  return arith::MulFOp::create(b, loc, x, constantLike(b, loc, x, factor));
}

/// min(max(x, lo), hi) that keeps NaN.
Value clampFloat(OpBuilder &b, Location loc, Value x, double lo, double hi) {
  Value low = arith::MaximumFOp::create(b, loc, x, constantLike(b, loc, x, lo));
  return arith::MinimumFOp::create(b, loc, low, constantLike(b, loc, x, hi));
}

/// A comparison: floats ordered, integers signed or unsigned as the node's
/// first input is.
template <arith::CmpFPredicate F, arith::CmpIPredicate S,
          arith::CmpIPredicate U>
LogicalResult importCompare(NodeImporter &node) {
  return importMap(node,
                   [](OpBuilder &b, Location loc, ValueRange x,
                      NodeImporter &node) -> Value {
                     if (isFloat(x[0]))
                       return arith::CmpFOp::create(b, loc, F, x[0], x[1]);
                     return arith::CmpIOp::create(
                         b, loc, node.isUnsigned(0) ? U : S, x[0], x[1]);
                   });
}

/// An arithmetic op with a float and an integer form.
template <typename FloatOp, typename IntOp>
LogicalResult importArithmetic(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x, NodeImporter &) -> Value {
        Value acc = x[0];
        for (Value operand : x.drop_front())
          acc = isFloat(acc) ? FloatOp::create(b, loc, acc, operand).getResult()
                             : IntOp::create(b, loc, acc, operand).getResult();
        return acc;
      });
}

/// Min or Max of any number of operands (NaN propagates, as in ONNX).
template <typename FloatOp, typename SignedOp, typename UnsignedOp>
LogicalResult importMinMax(NodeImporter &node) {
  return importMap(node,
                   [](OpBuilder &b, Location loc, ValueRange x,
                      NodeImporter &node) -> Value {
                     Value acc = x[0];
                     for (Value operand : x.drop_front()) {
                       if (isFloat(acc))
                         acc = FloatOp::create(b, loc, acc, operand);
                       else if (node.isUnsigned(0))
                         acc = UnsignedOp::create(b, loc, acc, operand);
                       else
                         acc = SignedOp::create(b, loc, acc, operand);
                     }
                     return acc;
                   });
}

LogicalResult importDiv(NodeImporter &node) {
  return importMap(node,
                   [](OpBuilder &b, Location loc, ValueRange x,
                      NodeImporter &node) -> Value {
                     if (isFloat(x[0]))
                       return arith::DivFOp::create(b, loc, x[0], x[1]);
                     if (node.isUnsigned(0))
                       return arith::DivUIOp::create(b, loc, x[0], x[1]);
                     return arith::DivSIOp::create(b, loc, x[0], x[1]);
                   });
}

LogicalResult importMod(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x,
         NodeImporter &node) -> Value {
        if (isFloat(x[0]))
          return arith::RemFOp::create(b, loc, x[0], x[1]);
        if (node.isUnsigned(0))
          return arith::RemUIOp::create(b, loc, x[0], x[1]);
        Value remainder = arith::RemSIOp::create(b, loc, x[0], x[1]);
        if (node.getInt("fmod", 0))
          return remainder;
        // The sign of the divisor, as Python's %.
        Value zero = constantLike(b, loc, remainder, 0);
        Value nonZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                              remainder, zero);
        Value signsDiffer = arith::XOrIOp::create(
            b, loc,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, remainder,
                                  zero),
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x[1],
                                  zero));
        Value adjust = arith::AndIOp::create(b, loc, nonZero, signsDiffer);
        return select(b, loc, adjust,
                      arith::AddIOp::create(b, loc, remainder, x[1]),
                      remainder);
      });
}

LogicalResult importPow(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x,
         NodeImporter &node) -> Value {
        Type type = x[0].getType();
        // In the base's type; integers through f32 (ONNX's examples are small).
        Type compute = isFloat(x[0]) ? type : b.getF32Type();
        Value base =
            convertScalar(b, loc, x[0], compute, node.isUnsigned(0), false);
        Value exponent =
            convertScalar(b, loc, x[1], compute, node.isUnsigned(1), false);
        Value result = math::PowFOp::create(b, loc, base, exponent);
        return convertScalar(b, loc, result, type, false, node.isUnsigned(0));
      });
}

/// And, Or, Xor on booleans; BitwiseX on integers.
template <typename Op> LogicalResult importLogic(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x, NodeImporter &) -> Value {
        return Op::create(b, loc, x[0], x[1]);
      });
}

LogicalResult importNot(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x, NodeImporter &) -> Value {
        return arith::XOrIOp::create(b, loc, x[0],
                                     constantLike(b, loc, x[0], -1));
      });
}

LogicalResult importBitShift(NodeImporter &node) {
  if (node.getString("direction", "") == "LEFT")
    return importLogic<arith::ShLIOp>(node);
  return importLogic<arith::ShRUIOp>(node);
}

LogicalResult importMean(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x, NodeImporter &) -> Value {
        Value sum = x[0];
        for (Value operand : x.drop_front())
          sum = arith::AddFOp::create(b, loc, sum, operand);
        return arith::DivFOp::create(b, loc, sum,
                                     constantLike(b, loc, sum, x.size()));
      });
}

LogicalResult importAbs(NodeImporter &node) {
  return importMap(node,
                   [](OpBuilder &b, Location loc, ValueRange x,
                      NodeImporter &node) -> Value {
                     if (isFloat(x[0]))
                       return math::AbsFOp::create(b, loc, x[0]);
                     return node.isUnsigned(0)
                                ? x[0]
                                : math::AbsIOp::create(b, loc, x[0]);
                   });
}

LogicalResult importNeg(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x, NodeImporter &) -> Value {
        if (isFloat(x[0]))
          return arith::NegFOp::create(b, loc, x[0]);
        return arith::SubIOp::create(b, loc, constantLike(b, loc, x[0], 0),
                                     x[0]);
      });
}

LogicalResult importSign(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x,
         NodeImporter &node) -> Value {
        Value zero = constantLike(b, loc, x[0], 0);
        Value one = constantLike(b, loc, x[0], 1);
        Value minusOne = constantLike(b, loc, x[0], -1);
        Value positive, negative;
        if (isFloat(x[0])) {
          positive = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                           x[0], zero);
          negative = lessThanZero(b, loc, x[0]);
        } else {
          positive = arith::CmpIOp::create(b, loc,
                                           node.isUnsigned(0)
                                               ? arith::CmpIPredicate::ugt
                                               : arith::CmpIPredicate::sgt,
                                           x[0], zero);
          negative =
              node.isUnsigned(0)
                  ? arith::ConstantIntOp::create(b, loc, 0, 1).getResult()
                  : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                          x[0], zero)
                        .getResult();
        }
        return select(b, loc, positive, one,
                      select(b, loc, negative, minusOne, zero));
      });
}

LogicalResult importReciprocal(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x, NodeImporter &) -> Value {
        return arith::DivFOp::create(b, loc, constantLike(b, loc, x[0], 1),
                                     x[0]);
      });
}

LogicalResult importSigmoid(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x, NodeImporter &) -> Value {
        Value one = constantLike(b, loc, x[0], 1);
        Value e =
            math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x[0]));
        return arith::DivFOp::create(b, loc, one,
                                     arith::AddFOp::create(b, loc, one, e));
      });
}

LogicalResult importRelu(NodeImporter &node) {
  return importMap(node,
                   [](OpBuilder &b, Location loc, ValueRange x,
                      NodeImporter &node) -> Value {
                     Value zero = constantLike(b, loc, x[0], 0);
                     if (isFloat(x[0]))
                       return arith::MaximumFOp::create(b, loc, x[0], zero);
                     return arith::MaxSIOp::create(b, loc, x[0], zero);
                   });
}

LogicalResult importLeakyRelu(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x,
         NodeImporter &node) -> Value {
        Value scaled = multiplyBy(b, loc, x[0], node.getFloat("alpha", 0.01f));
        return select(b, loc, lessThanZero(b, loc, x[0]), scaled, x[0]);
      });
}

LogicalResult importPRelu(NodeImporter &node) {
  // Before opset 7, a slope of one dimension is per channel (dimension 1).
  SmallVector<Value> operands = {node.input(0), node.input(1)};
  int64_t rank = node.inputType(0).getRank();
  if (node.opset < 7 && node.inputType(1).getRank() == 1 && rank > 2) {
    SmallVector<int64_t> axes = llvm::to_vector(llvm::seq<int64_t>(1, rank - 1));
    operands[1] = insertUnitDims(node.b, node.loc, operands[1], axes);
  }
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x, NodeImporter &) -> Value {
        Value scaled = arith::MulFOp::create(b, loc, x[0], x[1]);
        return select(b, loc, lessThanZero(b, loc, x[0]), scaled, x[0]);
      },
      operands);
}

LogicalResult importElu(NodeImporter &node) {
  return importMap(node,
                   [](OpBuilder &b, Location loc, ValueRange x,
                      NodeImporter &node) -> Value {
                     Value negative = multiplyBy(b, loc, expm1(b, loc, x[0]),
                                                 node.getFloat("alpha", 1.0f));
                     return select(b, loc, lessThanZero(b, loc, x[0]), negative,
                                   x[0]);
                   });
}

LogicalResult importSelu(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x,
         NodeImporter &node) -> Value {
        Value negative =
            multiplyBy(b, loc, expm1(b, loc, x[0]),
                       node.getFloat("alpha", 1.67326319217681884765625f));
        Value y =
            select(b, loc,
                   arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE,
                                         x[0], constantLike(b, loc, x[0], 0)),
                   negative, x[0]);
        return multiplyBy(b, loc, y,
                          node.getFloat("gamma", 1.05070102214813232421875f));
      });
}

LogicalResult importCelu(NodeImporter &node) {
  return importMap(node,
                   [](OpBuilder &b, Location loc, ValueRange x,
                      NodeImporter &node) -> Value {
                     double alpha = node.getFloat("alpha", 1.0f);
                     Value zero = constantLike(b, loc, x[0], 0);
                     Value negative = multiplyBy(
                         b, loc,
                         expm1(b, loc, multiplyBy(b, loc, x[0], 1.0 / alpha)),
                         alpha);
                     return arith::AddFOp::create(
                         b, loc, arith::MaximumFOp::create(b, loc, x[0], zero),
                         arith::MinimumFOp::create(b, loc, negative, zero));
                   });
}

LogicalResult importThresholdedRelu(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x,
         NodeImporter &node) -> Value {
        Value above = arith::CmpFOp::create(
            b, loc, arith::CmpFPredicate::OGT, x[0],
            constantLike(b, loc, x[0], node.getFloat("alpha", 1.0f)));
        return select(b, loc, above, x[0], constantLike(b, loc, x[0], 0));
      });
}

LogicalResult importSoftplus(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x, NodeImporter &) -> Value {
        return math::Log1pOp::create(b, loc, math::ExpOp::create(b, loc, x[0]));
      });
}

LogicalResult importSoftsign(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x, NodeImporter &) -> Value {
        Value denominator =
            arith::AddFOp::create(b, loc, constantLike(b, loc, x[0], 1),
                                  math::AbsFOp::create(b, loc, x[0]));
        return arith::DivFOp::create(b, loc, x[0], denominator);
      });
}

LogicalResult importHardSigmoid(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x,
         NodeImporter &node) -> Value {
        Value linear = arith::AddFOp::create(
            b, loc, multiplyBy(b, loc, x[0], node.getFloat("alpha", 0.2f)),
            constantLike(b, loc, x[0], node.getFloat("beta", 0.5f)));
        return clampFloat(b, loc, linear, 0, 1);
      });
}

LogicalResult importHardSwish(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x, NodeImporter &) -> Value {
        Value linear =
            arith::AddFOp::create(b, loc, multiplyBy(b, loc, x[0], 1.0 / 6),
                                  constantLike(b, loc, x[0], 0.5));
        return arith::MulFOp::create(b, loc, x[0],
                                     clampFloat(b, loc, linear, 0, 1));
      });
}

LogicalResult importShrink(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x,
         NodeImporter &node) -> Value {
        double lambd = node.getFloat("lambd", 0.5f),
               bias = node.getFloat("bias", 0);
        bool isFloatValue = isFloat(x[0]);
        auto compare = [&](arith::CmpFPredicate f, arith::CmpIPredicate i,
                           double bound) -> Value {
          Value c = constantLike(b, loc, x[0], bound);
          return isFloatValue
                     ? arith::CmpFOp::create(b, loc, f, x[0], c).getResult()
                     : arith::CmpIOp::create(b, loc, i, x[0], c).getResult();
        };
        auto add = [&](double v) -> Value {
          Value c = constantLike(b, loc, x[0], v);
          return isFloatValue
                     ? arith::AddFOp::create(b, loc, x[0], c).getResult()
                     : arith::AddIOp::create(b, loc, x[0], c).getResult();
        };
        Value below = compare(arith::CmpFPredicate::OLT,
                              arith::CmpIPredicate::slt, -lambd);
        Value above = compare(arith::CmpFPredicate::OGT,
                              arith::CmpIPredicate::sgt, lambd);
        return select(
            b, loc, below, add(bias),
            select(b, loc, above, add(-bias), constantLike(b, loc, x[0], 0)));
      });
}

LogicalResult importIsNaN(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x, NodeImporter &) -> Value {
        return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x[0],
                                     x[0]);
      });
}

LogicalResult importIsInf(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x,
         NodeImporter &node) -> Value {
        Value positive =
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x[0],
                                  constantLike(b, loc, x[0], INFINITY));
        Value negative =
            arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x[0],
                                  constantLike(b, loc, x[0], -INFINITY));
        Value no = arith::ConstantIntOp::create(b, loc, 0, 1);
        return arith::OrIOp::create(
            b, loc, node.getInt("detect_positive", 1) ? positive : no,
            node.getInt("detect_negative", 1) ? negative : no);
      });
}

LogicalResult importWhere(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x, NodeImporter &) -> Value {
        return select(b, loc, x[0], x[1], x[2]);
      });
}

LogicalResult importClip(NodeImporter &node) {
  // Bounds are attributes before opset 11, optional inputs from it.
  if (node.opset < 11) {
    return importMap(node,
                     [](OpBuilder &b, Location loc, ValueRange x,
                        NodeImporter &node) -> Value {
                       return clampFloat(b, loc, x[0],
                                         node.getFloat("min", -INFINITY),
                                         node.getFloat("max", INFINITY));
                     });
  }
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x,
         NodeImporter &node) -> Value {
        Value y = x[0];
        unsigned next = 1;
        bool unsignedInts = node.isUnsigned(0);
        for (unsigned i : {1u, 2u}) {
          if (!node.hasInput(i))
            continue;
          Value bound = x[next++];
          if (isFloat(y))
            y = i == 1
                    ? arith::MaximumFOp::create(b, loc, y, bound).getResult()
                    : arith::MinimumFOp::create(b, loc, y, bound).getResult();
          else if (unsignedInts)
            y = i == 1 ? arith::MaxUIOp::create(b, loc, y, bound).getResult()
                       : arith::MinUIOp::create(b, loc, y, bound).getResult();
          else
            y = i == 1 ? arith::MaxSIOp::create(b, loc, y, bound).getResult()
                       : arith::MinSIOp::create(b, loc, y, bound).getResult();
        }
        return y;
      });
}

LogicalResult importCast(NodeImporter &node) {
  return importMap(
      node,
      [](OpBuilder &b, Location loc, ValueRange x,
         NodeImporter &node) -> Value {
        Type type = getElementType(b.getContext(), node.outputDataType(0));
        return convertScalar(b, loc, x[0], type, node.isUnsigned(0),
                             isUnsignedDataType(node.outputDataType(0)));
      });
}

LogicalResult importCastLike(NodeImporter &node) {
  return importMap(node,
                   [](OpBuilder &b, Location loc, ValueRange x,
                      NodeImporter &node) -> Value {
                     return convertScalar(b, loc, x[0], x[1].getType(),
                                          node.isUnsigned(0),
                                          node.isUnsigned(1));
                   });
}

} // namespace

void mlir::halc::onnx_import::addElementwiseOps(OpTable &table) {
  using P = arith::CmpIPredicate;
  using F = arith::CmpFPredicate;
  table["Add"] = importArithmetic<arith::AddFOp, arith::AddIOp>;
  table["Sum"] = importArithmetic<arith::AddFOp, arith::AddIOp>;
  table["Sub"] = importArithmetic<arith::SubFOp, arith::SubIOp>;
  table["Mul"] = importArithmetic<arith::MulFOp, arith::MulIOp>;
  table["Div"] = importDiv;
  table["Mod"] = importMod;
  table["Pow"] = importPow;
  table["Mean"] = importMean;
  table["Max"] =
      importMinMax<arith::MaximumFOp, arith::MaxSIOp, arith::MaxUIOp>;
  table["Min"] =
      importMinMax<arith::MinimumFOp, arith::MinSIOp, arith::MinUIOp>;
  table["Equal"] = importCompare<F::OEQ, P::eq, P::eq>;
  table["Less"] = importCompare<F::OLT, P::slt, P::ult>;
  table["LessOrEqual"] = importCompare<F::OLE, P::sle, P::ule>;
  table["Greater"] = importCompare<F::OGT, P::sgt, P::ugt>;
  table["GreaterOrEqual"] = importCompare<F::OGE, P::sge, P::uge>;
  table["And"] = importLogic<arith::AndIOp>;
  table["Or"] = importLogic<arith::OrIOp>;
  table["Xor"] = importLogic<arith::XOrIOp>;
  table["BitwiseAnd"] = importLogic<arith::AndIOp>;
  table["BitwiseOr"] = importLogic<arith::OrIOp>;
  table["BitwiseXor"] = importLogic<arith::XOrIOp>;
  table["Not"] = importNot;
  table["BitwiseNot"] = importNot;
  table["BitShift"] = importBitShift;
  table["Abs"] = importAbs;
  table["Neg"] = importNeg;
  table["Sign"] = importSign;
  table["Reciprocal"] = importReciprocal;
  table["Exp"] = importFloatMath<math::ExpOp>;
  table["Log"] = importFloatMath<math::LogOp>;
  table["Sqrt"] = importFloatMath<math::SqrtOp>;
  table["Sin"] = importFloatMath<math::SinOp>;
  table["Cos"] = importFloatMath<math::CosOp>;
  table["Tan"] = importFloatMath<math::TanOp>;
  table["Asin"] = importFloatMath<math::AsinOp>;
  table["Acos"] = importFloatMath<math::AcosOp>;
  table["Atan"] = importFloatMath<math::AtanOp>;
  table["Sinh"] = importFloatMath<math::SinhOp>;
  table["Cosh"] = importFloatMath<math::CoshOp>;
  table["Asinh"] = importFloatMath<math::AsinhOp>;
  table["Acosh"] = importFloatMath<math::AcoshOp>;
  table["Atanh"] = importFloatMath<math::AtanhOp>;
  table["Tanh"] = importFloatMath<math::TanhOp>;
  table["Erf"] = importFloatMath<math::ErfOp>;
  table["Floor"] = importFloatMath<math::FloorOp>;
  table["Ceil"] = importFloatMath<math::CeilOp>;
  table["Round"] = importFloatMath<math::RoundEvenOp>;
  table["Sigmoid"] = importSigmoid;
  table["Relu"] = importRelu;
  table["LeakyRelu"] = importLeakyRelu;
  table["PRelu"] = importPRelu;
  table["Elu"] = importElu;
  table["Selu"] = importSelu;
  table["Celu"] = importCelu;
  table["ThresholdedRelu"] = importThresholdedRelu;
  table["Softplus"] = importSoftplus;
  table["Softsign"] = importSoftsign;
  table["HardSigmoid"] = importHardSigmoid;
  table["HardSwish"] = importHardSwish;
  table["Shrink"] = importShrink;
  table["IsNaN"] = importIsNaN;
  table["IsInf"] = importIsInf;
  table["Where"] = importWhere;
  table["Clip"] = importClip;
  table["Cast"] = importCast;
  table["CastLike"] = importCastLike;
}
