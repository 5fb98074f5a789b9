//===- Passes.cpp - The target-independent stages of codegen --------------===//

#include "compiler/Codegen/Common/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::halc;

/// Adds canonicalize and CSE on every dispatch function.
static void addCleanup(OpPassManager &pm) {
  OpPassManager &funcPM = pm.nest<ModuleOp>().nest<func::FuncOp>();
  funcPM.addPass(createCanonicalizerPass());
  funcPM.addPass(createCSEPass());
  pm.addPass(createAlignBindingAccessesPass());
}

void mlir::halc::buildTileAndDistributeStage(OpPassManager &pm) {
  pm.addPass(createTileAndDistributePass());
  addCleanup(pm);
}

void mlir::halc::buildVectorizeStage(OpPassManager &pm) {
  pm.addPass(createVectorizePass());
  addCleanup(pm);
}

void mlir::halc::buildBufferizeStage(OpPassManager &pm) {
  pm.addPass(createBufferizePass());
  addCleanup(pm);
}

void mlir::halc::buildLowerToLoopsStage(OpPassManager &pm) {
  pm.addPass(createDistributeReductionLanesPass());
  pm.addPass(createMapForallToGPUPass());
  pm.addPass(createLowerVectorsPass());
  pm.addPass(createPrefetchWorkgroupCopiesPass());
  OpPassManager &funcPM = pm.nest<ModuleOp>().nest<func::FuncOp>();
  funcPM.addPass(createConvertLinalgToLoopsPass());
  funcPM.addPass(memref::createFoldMemRefAliasOpsPass());
  funcPM.addPass(createLowerAffinePass());
  funcPM.addPass(createCanonicalizerPass());
  funcPM.addPass(createCSEPass());
  pm.addPass(createAlignBindingAccessesPass());
  pm.addPass(createCheckWorkgroupMemoryPass());
}
