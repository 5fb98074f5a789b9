//===- DedupeDispatchConstants.cpp - Each host value passed once ----------===//

#include "compiler/DispatchFormation/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/CSE.h"

namespace mlir::halc {
#define GEN_PASS_DEF_DEDUPEDISPATCHCONSTANTSPASS
#include "compiler/DispatchFormation/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Passes each distinct host value once: after CSE on the host, a size that
/// a dispatch got several times (read by its body and as a binding's size)
/// becomes one constant, and the kernel's loads are renumbered.
void dedupeConstants(func::FuncOp func) {
  IRRewriter rewriter(func.getContext());
  DominanceInfo dominance;
  eliminateCommonSubExpressions(rewriter, dominance, func);
  func.walk([&](DispatchOp dispatch) {
    SmallVector<Value> unique;
    DenseMap<Value, int64_t> ordinalOf;
    SmallVector<int64_t> renumbered;
    for (Value constant : dispatch.getConstants()) {
      auto [it, inserted] = ordinalOf.try_emplace(constant, unique.size());
      if (inserted)
        unique.push_back(constant);
      renumbered.push_back(it->second);
    }
    if (unique.size() == dispatch.getConstants().size())
      return;
    auto exportOp = SymbolTable::lookupNearestSymbolFrom<ExportOp>(
        dispatch, dispatch.getEntryPoint());
    auto kernel = exportOp->getParentOfType<ExecutableOp>()
                      .getInnerModule()
                      .lookupSymbol<func::FuncOp>(exportOp.getSymName());
    kernel.walk([&](ConstantLoadOp load) {
      load.setOrdinal(renumbered[load.getOrdinal()]);
    });
    LayoutAttr layout = exportOp.getLayout();
    exportOp.setLayoutAttr(LayoutAttr::get(
        func.getContext(), layout.getBindings(), unique.size()));
    dispatch.getConstantsMutable().assign(unique);
  });
}

struct DedupeDispatchConstantsPass
    : public halc::impl::DedupeDispatchConstantsPassBase<
          DedupeDispatchConstantsPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (!func.getBody().getOps<DispatchOp>().empty())
        dedupeConstants(func);
  }
};

} // namespace
