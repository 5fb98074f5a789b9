//===- InputPipeline.cpp - From the input dialects to checked Linalg ------===//

#include "compiler/Input/Passes.h"

#include "mlir/Conversion/TosaToArith/TosaToArith.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Conversion/TosaToTensor/TosaToTensor.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
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

void mlir::halc::buildInputPipeline(OpPassManager &pm, InputType type) {
  if (type == InputType::TOSA) {
    // Upstream's own lowering: TOSA's named ops to Linalg named ops, the
    // rest to generics, constants to arith, reshapes and slices to tensor.
    tosa::addTosaToLinalgPasses(pm, TosaToLinalgOptions());
    pm.addNestedPass<func::FuncOp>(createTosaToTensorPass());
    pm.addNestedPass<func::FuncOp>(createTosaToArithPass());
    pm.addPass(createCanonicalizerPass());
  }
  pm.addPass(createVerifyInputPass());
  pm.addPass(createInlinerPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}
