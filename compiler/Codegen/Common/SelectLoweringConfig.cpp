//===- SelectLoweringConfig.cpp - Set the lowering config of each dispatch ===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/Passes.h"
#include "compiler/Codegen/Common/Strategies/Strategies.h"

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
  // A config already in the input wins, on whichever op it is.
  SmallVector<linalg::LinalgOp> configured;
  dispatch.walk([&](linalg::LinalgOp op) {
    if (op->hasAttr(kLoweringConfigAttrName))
      configured.push_back(op);
  });
  if (configured.size() > 1)
    return configured[1]->emitError(
        "has a lowering_config, but so has another op of the dispatch; one "
        "op carries a dispatch's config");
  if (configured.size() == 1)
    root = configured.front();
  auto config = root->getAttrOfType<LoweringConfigAttr>(kLoweringConfigAttrName);
  // A contraction with an epilogue: its strategy is chosen for it.
  linalg::LinalgOp contraction =
      config ? linalg::LinalgOp() : getEpilogueContraction(root);
  if (contraction)
    if ((config =
             chooseEpilogueContractionConfig(contraction, dispatch, target)))
      root = contraction;
  if (!config)
    config = chooseLoweringConfig(root, dispatch, target);
  root->setAttr(kLoweringConfigAttrName, config);
  if (failed(verifyStrategy(root, dispatch, config)))
    return failure();
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
