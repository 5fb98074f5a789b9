//===- SelectLoweringConfig.cpp - Set the lowering config of each dispatch ===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/LoweringConfigHeuristics.h"
#include "compiler/Codegen/Common/Passes.h"

namespace mlir::halc {
#define GEN_PASS_DEF_SELECTLOWERINGCONFIGPASS
#include "compiler/Codegen/Common/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

LogicalResult selectConfig(ExportOp exportOp, func::FuncOp dispatch,
                           TargetAttr target) {
  linalg::LinalgOp root = getResultProducer(dispatch);
  if (!root)
    return failure();
  auto config = root->getAttrOfType<LoweringConfigAttr>(kLoweringConfigAttrName);
  if (!config) {
    config = chooseLoweringConfig(root, dispatch, target);
    root->setAttr(kLoweringConfigAttrName, config);
  }
  if (config.getWorkgroupTile().size() != root.getNumLoops())
    return root->emitError("lowering_config has ")
           << config.getWorkgroupTile().size()
           << " workgroup_tile entries but the op has " << root.getNumLoops()
           << " loops";
  exportOp.setWorkgroupSize(config.getWorkgroupSize());
  // The export verifier checks the size against the target's limits.
  return exportOp.verify();
}

struct SelectLoweringConfigPass
    : public halc::impl::SelectLoweringConfigPassBase<
          SelectLoweringConfigPass> {
  void runOnOperation() override {
    ExecutableOp executable = getOperation();
    TargetAttr target = executable.getTargetAttr();
    if (!target) {
      executable.emitOpError("has no target; codegen needs a #halc.target");
      return signalPassFailure();
    }
    if (failed(forEachDispatch(executable, [&](ExportOp e, func::FuncOp f) {
          return selectConfig(e, f, target);
        })))
      signalPassFailure();
  }
};

} // namespace
