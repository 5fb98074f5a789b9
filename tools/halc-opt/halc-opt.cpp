//===- halc-opt.cpp - mlir-opt with halc's dialect and passes -------------===//

#include "compiler/Codegen/Common/Passes.h"
#include "compiler/Codegen/LLVMGPU/Passes.h"
#include "compiler/Codegen/SPIRV/Passes.h"
#include "compiler/Dialect/HALC/HALCDialect.h"
#include "compiler/DispatchFormation/Passes.h"
#include "compiler/Input/Passes.h"

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
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "halc optimizer driver\n", registry));
}
