//===- WidenAccumulators.cpp - 16-bit float sums carried in f32 -----------===//

#include "compiler/Codegen/Common/WidenAccumulators.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace {

bool isSumOrProduct(vector::CombiningKind kind) {
  return kind == vector::CombiningKind::ADD || kind == vector::CombiningKind::MUL;
}

/// `type` (f16 or bf16, or a vector of it) with f32 elements.
Type widen(Type type) {
  Type f32 = Float32Type::get(type.getContext());
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.clone(f32);
  return f32;
}

/// Whether `step` adds (multiplies) something into `acc`.
bool isSumStep(Operation *step, Value acc) {
  return llvm::TypeSwitch<Operation *, bool>(step)
      .Case<arith::AddFOp, arith::MulFOp>([&](auto op) {
        return op.getLhs() != op.getRhs();
      })
      .Case([&](vector::MultiDimReductionOp op) {
        return op.getAcc() == acc && isSumOrProduct(op.getKind());
      })
      .Case([&](vector::ReductionOp op) {
        return op.getAcc() == acc && isSumOrProduct(op.getKind());
      })
      .Default([](Operation *) { return false; });
}

/// `step` (isSumStep) rebuilt on the widened accumulator `acc`.
Value buildWideStep(OpBuilder &builder, Operation *step, Value acc) {
  Location loc = step->getLoc();
  auto extend = [&](Value value) -> Value {
    return arith::ExtFOp::create(builder, loc, widen(value.getType()), value);
  };
  return llvm::TypeSwitch<Operation *, Value>(step)
      .Case<arith::AddFOp, arith::MulFOp>([&](auto op) -> Value {
        Value other = op.getLhs() == acc ? op.getRhs() : op.getLhs();
        return decltype(op)::create(builder, loc, acc, extend(other));
      })
      .Case([&](vector::MultiDimReductionOp op) -> Value {
        return vector::MultiDimReductionOp::create(
            builder, loc, extend(op.getSource()), acc,
            op.getReductionMask(), op.getKind());
      })
      .Case([&](vector::ReductionOp op) -> Value {
        return vector::ReductionOp::create(builder, loc, op.getKind(),
                                           extend(op.getVector()), acc);
      });
}

/// The single user of `value`, if it has one.
Operation *getOnlyUser(Value value) {
  return value.hasOneUse() ? *value.getUsers().begin() : nullptr;
}

/// Widens iter_arg `index` of `loop` if it is a sum's accumulator: read
/// by one step (through a vector.extract of a 0-d vector, as a hoisted
/// scalar accumulator is) whose result alone is yielded back (through a
/// vector.broadcast).
void widen(scf::ForOp loop, unsigned index) {
  BlockArgument acc = loop.getRegionIterArg(index);
  Value stepAcc = acc;
  Operation *step = getOnlyUser(acc);
  auto unwrap = dyn_cast_or_null<vector::ExtractOp>(step);
  if (unwrap) {
    stepAcc = unwrap.getResult();
    step = getOnlyUser(stepAcc);
  }
  if (!step || step->getNumResults() != 1 || !isSumStep(step, stepAcc))
    return;
  Value stepResult = step->getResult(0);
  auto wrap = dyn_cast_or_null<vector::BroadcastOp>(getOnlyUser(stepResult));
  Value yielded = wrap ? wrap.getResult() : stepResult;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  if (!yielded.hasOneUse() || yield.getOperand(index) != yielded)
    return;

  Type narrow = acc.getType();
  Type wide = widen(narrow);
  acc.setType(wide);
  if (unwrap)
    stepAcc.setType(widen(stepAcc.getType()));
  OpBuilder builder(step);
  Value wideStep = buildWideStep(builder, step, stepAcc);
  if (wrap) {
    wrap->setOperand(0, wideStep);
    wrap.getResult().setType(cast<VectorType>(wide));
  } else {
    yield.setOperand(index, wideStep);
  }
  step->erase();
  builder.setInsertionPoint(loop);
  OpOperand &init = loop.getInitsMutable()[index];
  init.set(arith::ExtFOp::create(builder, loop.getLoc(), wide, init.get()));
  Value result = loop.getResult(index);
  result.setType(wide);
  builder.setInsertionPointAfter(loop);
  auto rounded = arith::TruncFOp::create(builder, loop.getLoc(), narrow, result);
  result.replaceAllUsesExcept(rounded, rounded);
}

} // namespace

void mlir::halc::widenF16Accumulators(func::FuncOp dispatch) {
  dispatch.walk([](scf::ForOp loop) {
    for (unsigned index = 0; index < loop.getNumRegionIterArgs(); ++index) {
      BlockArgument acc = loop.getRegionIterArg(index);
      Type element = getElementTypeOrSelf(acc.getType());
      if ((element.isF16() || element.isBF16()) && acc.hasOneUse())
        widen(loop, index);
    }
  });
}
