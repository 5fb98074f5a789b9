//===- FactorsOfTwo.cpp - What indices are known multiples of -------------===//

#include "compiler/Codegen/Common/FactorsOfTwo.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::halc;

unsigned FactorsOfTwo::ofConstant(int64_t value) {
  return value == 0 ? kManyTwos
                    : std::min<unsigned>(llvm::countr_zero(uint64_t(value)),
                                         kManyTwos);
}

unsigned FactorsOfTwo::of(Value value) {
  if (auto it = known.find(value); it != known.end())
    return it->second;
  // compute() recurses and grows `known`: no iterator is held across it.
  unsigned twos = std::min(compute(value), kManyTwos);
  known[value] = twos;
  return twos;
}

unsigned FactorsOfTwo::compute(Value value) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return ofConstant(*constant);
  if (scf::ForOp loop = scf::getForInductionVarOwner(value))
    return std::min(of(loop.getLowerBound()), of(loop.getStep()));
  Operation *op = value.getDefiningOp();
  if (!op)
    return 0;
  if (isa<arith::MulIOp>(op))
    return of(op->getOperand(0)) + of(op->getOperand(1));
  if (isa<arith::AddIOp, arith::SubIOp, arith::RemUIOp, arith::MinSIOp,
          arith::MinUIOp, arith::MaxSIOp, arith::MaxUIOp>(op))
    return std::min(of(op->getOperand(0)), of(op->getOperand(1)));
  if (auto select = dyn_cast<arith::SelectOp>(op))
    return std::min(of(select.getTrueValue()), of(select.getFalseValue()));
  if (isa<arith::ShLIOp>(op))
    if (std::optional<int64_t> shift = getConstantIntValue(op->getOperand(1)))
      return of(op->getOperand(0)) + *shift;
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op))
    return of(op->getOperand(0));
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op))
    return ofExpr(apply.getAffineMap().getResult(0), apply.getDimOperands(),
                  apply.getSymbolOperands());
  // A tile's extent at an edge: the least (most) of multiples.
  if (isa<affine::AffineMinOp, affine::AffineMaxOp>(op)) {
    auto map = op->getAttrOfType<AffineMapAttr>("map").getValue();
    ValueRange operands = op->getOperands();
    unsigned twos = kManyTwos;
    for (AffineExpr result : map.getResults())
      twos = std::min(twos,
                      ofExpr(result, operands.take_front(map.getNumDims()),
                             operands.drop_front(map.getNumDims())));
    return twos;
  }
  return 0;
}

unsigned FactorsOfTwo::ofExpr(AffineExpr expr, ValueRange dims,
                              ValueRange symbols) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return ofConstant(constant.getValue());
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return of(dims[dim.getPosition()]);
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return of(symbols[symbol.getPosition()]);
  auto binary = cast<AffineBinaryOpExpr>(expr);
  unsigned lhs = ofExpr(binary.getLHS(), dims, symbols);
  unsigned rhs = ofExpr(binary.getRHS(), dims, symbols);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return std::min(lhs, rhs);
  case AffineExprKind::Mul:
    return std::min(lhs + rhs, kManyTwos);
  case AffineExprKind::Mod:
    // x mod c = x - c * (x floordiv c).
    return std::min(lhs, rhs);
  default:
    return 0;
  }
}
