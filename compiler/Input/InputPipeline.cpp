//===- InputPipeline.cpp - From the input dialects to checked Linalg ------===//

#include "compiler/Input/Passes.h"

#include "mlir/Conversion/TosaToArith/TosaToArith.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Conversion/TosaToTensor/TosaToTensor.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Tosa/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::halc;

InputType mlir::halc::resolveInputType(ModuleOp module, InputType type) {
  if (type != InputType::Auto)
    return type;
  WalkResult walk = module.walk([](Operation *op) {
    return isa<tosa::TosaDialect>(op->getDialect()) ? WalkResult::interrupt()
                                                     : WalkResult::advance();
  });
  return walk.wasInterrupted() ? InputType::TOSA : InputType::Linalg;
}

/// Upstream's TOSA-to-Linalg pipelines, validating against every TOSA 1.0
/// profile and the extensions halc compiles.
static void addTOSAToLinalgPasses(OpPassManager &pm) {
  // Every profile and extension of TOSA 1.0 that halc compiles: validation
  // then accepts DOUBLE_ROUND scaling, tables and shifts given as arguments
  // (EXT-DYNAMIC), bf16 and int16.
  tosa::TosaAttachTargetOptions target;
  target.level = tosa::Level::none;
  target.profiles = {"pro_int", "pro_fp"};
  target.extensions = {"int16",   "bf16",        "doubleround",
                       "inexactround", "dynamic", "variable",
                       "controlflow"};
  pm.addPass(tosa::createTosaAttachTarget(target));
  // Upstream's own lowering: TOSA's named ops to Linalg named ops, the
  // rest to generics, constants to arith, reshapes and slices to tensor.
  tosa::addTosaToLinalgPasses(pm, TosaToLinalgOptions());
  pm.addNestedPass<func::FuncOp>(createTosaToTensorPass());
  // The scaling of a rescale (tosa.apply_scale in its generic) in 32-bit
  // arithmetic: not every target has 64-bit integers.
  TosaToArithPassOptions arith;
  arith.includeApplyRescale = true;
  arith.use32Bit = true;
  pm.addNestedPass<func::FuncOp>(createTosaToArithPass(arith));
}

void mlir::halc::addLowerInputToLinalgPasses(OpPassManager &pm,
                                             InputType type) {
  if (type == InputType::TOSA)
    addTOSAToLinalgPasses(pm);
  // arith and math ops on whole tensors.
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
  pm.addPass(createConvertIndexArgumentsPass());
}

void mlir::halc::buildInputPipeline(OpPassManager &pm, InputType type) {
  addLowerInputToLinalgPasses(pm, type);
  if (type == InputType::TOSA)
    pm.addPass(createCanonicalizerPass());
  pm.addPass(createVerifyInputPass());
  pm.addPass(createInlinerPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}
