//===- RecordEqualSizes.cpp - Argument sizes a call must agree on ---------===//
//
// A union-find over tensor dimensions (a value and a dimension index): the
// dimensions that meet in a loop of a linalg op, a result and its init, a
// cast and its source, an empty tensor and the sizes it was made with. Each
// class with a dynamic dimension of a function argument in it is a set of sizes
// the call must give equal; the function records them for the plan.
//
//===----------------------------------------------------------------------===//

#include "compiler/DispatchFormation/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/EquivalenceClasses.h"

namespace mlir::halc {
#define GEN_PASS_DEF_RECORDEQUALSIZESPASS
#include "compiler/DispatchFormation/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Dimension `second` of value `first`.
using Dimension = std::pair<Value, int64_t>;

class EqualSizes {
public:
  /// Dimension `dim` of `value` is the size `size` (an index value).
  void addSize(Value value, int64_t dim, Value size) {
    if (auto sizeOf = size.getDefiningOp<tensor::DimOp>())
      if (std::optional<int64_t> index = sizeOf.getConstantIndex())
        join({value, dim}, {sizeOf.getSource(), *index});
  }

  void join(Dimension a, Dimension b) { classes.unionSets(a, b); }

  void visit(Operation *op) {
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      // Operand dimensions indexed by the same loop are equal.
      DenseMap<unsigned, Dimension> loopDimension;
      for (OpOperand &operand : linalgOp->getOpOperands()) {
        if (!isa<RankedTensorType>(operand.get().getType()))
          continue;
        AffineMap map = linalgOp.getMatchingIndexingMap(&operand);
        for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
          auto loop = dyn_cast<AffineDimExpr>(expr);
          if (!loop)
            continue;
          Dimension here = {operand.get(), int64_t(dim)};
          auto [it, inserted] =
              loopDimension.try_emplace(loop.getPosition(), here);
          if (!inserted)
            join(it->second, here);
        }
      }
      for (OpResult result : linalgOp->getResults())
        joinShapes(result,
                   linalgOp.getDpsInitOperand(result.getResultNumber())->get());
    } else if (auto softmax = dyn_cast<linalg::SoftmaxOp>(op)) {
      joinShapes(softmax.getInput(), softmax.getOutput());
      joinShapes(softmax.getInput(), softmax.getResult()[0]);
    } else if (auto cast = dyn_cast<tensor::CastOp>(op)) {
      joinShapes(cast.getSource(), cast.getResult());
    } else if (auto empty = dyn_cast<tensor::EmptyOp>(op)) {
      for (int64_t dim = 0; dim < empty.getType().getRank(); ++dim)
        if (empty.getType().isDynamicDim(dim))
          addSize(empty, dim, empty.getDynamicSize(dim));
    }
  }

  /// The constraints of `func`: [argument, dimension, other argument,
  /// other dimension] or [argument, dimension, -1, static size].
  SmallVector<SmallVector<int64_t, 4>> constraints(func::FuncOp func) {
    SmallVector<SmallVector<int64_t, 4>> result;
    for (auto it = classes.begin(); it != classes.end(); ++it) {
      if (!(*it)->isLeader())
        continue;
      std::optional<Dimension> dynamicArgument;
      SmallVector<Dimension> arguments;
      std::optional<int64_t> staticSize;
      for (auto member = classes.member_begin(**it);
           member != classes.member_end(); ++member) {
        auto [value, dim] = *member;
        auto type = cast<RankedTensorType>(value.getType());
        if (!type.isDynamicDim(dim))
          staticSize = type.getDimSize(dim);
        auto argument = dyn_cast<BlockArgument>(value);
        if (!argument || argument.getOwner()->getParentOp() != func)
          continue;
        arguments.push_back(*member);
        if (type.isDynamicDim(dim) && !dynamicArgument)
          dynamicArgument = *member;
      }
      if (!dynamicArgument)
        continue;
      auto number = [](Dimension d) {
        return int64_t(cast<BlockArgument>(d.first).getArgNumber());
      };
      for (Dimension other : arguments)
        if (other != *dynamicArgument)
          result.push_back({number(*dynamicArgument), dynamicArgument->second,
                            number(other), other.second});
      bool staticArgument = llvm::any_of(arguments, [](Dimension d) {
        return !cast<RankedTensorType>(d.first.getType())
                    .isDynamicDim(d.second);
      });
      if (staticSize && !staticArgument)
        result.push_back({number(*dynamicArgument), dynamicArgument->second, -1,
                          *staticSize});
    }
    return result;
  }

private:
  void joinShapes(Value a, Value b) {
    auto type = cast<RankedTensorType>(a.getType());
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      join({a, dim}, {b, dim});
  }

  llvm::EquivalenceClasses<Dimension> classes;
};

struct RecordEqualSizesPass
    : public halc::impl::RecordEqualSizesPassBase<RecordEqualSizesPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isDeclaration())
        continue;
      EqualSizes sizes;
      func.walk([&](Operation *op) { sizes.visit(op); });
      SmallVector<Attribute> constraints;
      for (ArrayRef<int64_t> constraint : sizes.constraints(func))
        constraints.push_back(
            DenseI64ArrayAttr::get(&getContext(), constraint));
      if (!constraints.empty())
        func->setAttr("halc.equal_sizes",
                      ArrayAttr::get(&getContext(), constraints));
    }
  }
};

} // namespace
