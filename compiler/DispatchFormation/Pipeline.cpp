//===- Pipeline.cpp - The dispatch-creation stage's passes ----------------===//

#include "compiler/DispatchFormation/Passes.h"

#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::halc;

void mlir::halc::buildDispatchFormationPipeline(OpPassManager &pm) {
  pm.addPass(createConvertAccGemmToGemmPass());
  pm.addPass(createLowerToFusableLinalgPass());
  pm.addPass(createFoldAffineIntoWeightsPass());
  pm.addPass(createFoldEmptyLoopsPass());
  pm.addPass(createFuseElementwiseOpsPass());
  // After fusion, which would join its two permutations into one again.
  pm.addPass(createConvertPatchConvolutionsPass());
  pm.addPass(createSplitReductionsPass());
  pm.addPass(createCollapseRowLoopsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createRecordEqualSizesPass());
  pm.addNestedPass<func::FuncOp>(createFormDispatchRegionsPass());
  pm.addPass(createOutlineDispatchRegionsPass());
  pm.addPass(createDedupeDispatchConstantsPass());
}
