//===- halc-opt.cpp - mlir-opt with halc's dialect and passes -------------===//

#include "compiler/Codegen/Common/Passes.h"
#include "compiler/Codegen/LLVMGPU/Passes.h"
#include "compiler/Codegen/SPIRV/Passes.h"
#include "compiler/Dialect/HALC/HALCDialect.h"
#include "compiler/DispatchFormation/Passes.h"
#include "compiler/Input/Passes.h"
#include "compiler/Stages/SharedStages.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<mlir::halc::HALCDialect>();
  mlir::registerAllPasses();
  mlir::halc::registerInputPasses();
  mlir::halc::registerDispatchFormationPasses();
  mlir::halc::registerCodegenCommonPasses();
  mlir::halc::registerCodegenSPIRVPasses();
  mlir::halc::registerCodegenLLVMGPUPasses();
  // Each MLIR stage of every target, as the pipeline `halc-stage-<stage>`.
  mlir::halc::registerAllTargetBackends();
  for (const std::string &name : mlir::halc::getRegisteredTargetBackendNames())
    mlir::halc::registerStagePipelines(
        mlir::halc::lookupTargetBackend(name)->getStages());
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "halc optimizer driver\n", registry));
}
