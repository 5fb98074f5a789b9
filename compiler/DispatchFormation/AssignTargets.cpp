//===- AssignTargets.cpp - The module's target onto its executables -------===//

#include "compiler/DispatchFormation/Passes.h"

namespace mlir::halc {
#define GEN_PASS_DEF_ASSIGNTARGETSPASS
#include "compiler/DispatchFormation/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

struct AssignTargetsPass
    : public halc::impl::AssignTargetsPassBase<AssignTargetsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto target = module->getAttrOfType<TargetAttr>(kModuleTargetAttrName);
    if (!target)
      return;
    for (auto executable : module.getOps<ExecutableOp>())
      if (!executable.getTargetAttr())
        executable.setTargetAttr(target);
  }
};

} // namespace
