//===- LLVMGPUTranslation.cpp - LLVM dialect kernels to LLVM IR -----------===//

#include "compiler/Target/LLVMGPUCommon/LLVMGPUTranslation.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/IR/LegacyPassManager.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::halc;

FailureOr<std::unique_ptr<llvm::TargetMachine>>
mlir::halc::createGPUTargetMachine(ExecutableOp executable, StringRef triple,
                                   StringRef backend, StringRef cpu,
                                   StringRef features,
                                   std::optional<llvm::Reloc::Model> relocation) {
  llvm::Triple parsed(triple);
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(parsed, error);
  if (!target)
    return executable.emitError("no ") << backend << " backend in LLVM: "
                                       << error;
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      parsed, cpu, features, llvm::TargetOptions(), relocation, std::nullopt,
      llvm::CodeGenOptLevel::Default));
}

FailureOr<std::shared_ptr<OwnedLLVMModule>>
mlir::halc::translateKernelsToLLVMIR(ExecutableOp executable,
                                     const llvm::TargetMachine &machine) {
  ModuleOp inner = executable.getInnerModule();
  SmallVector<gpu::GPUModuleOp> gpuModules;
  if (inner)
    llvm::append_range(gpuModules, inner.getOps<gpu::GPUModuleOp>());
  if (gpuModules.size() != 1)
    return executable.emitError("executable @")
           << executable.getSymName() << " does not hold one gpu.module";

  DialectRegistry registry;
  registerAllToLLVMIRTranslations(registry);
  executable.getContext()->appendDialectRegistry(registry);
  auto owned = std::make_shared<OwnedLLVMModule>();
  owned->module =
      translateModuleToLLVMIR(gpuModules.front(), owned->context, "kernels");
  if (!owned->module)
    return executable.emitError("cannot translate the kernels to LLVM IR");
  owned->module->setTargetTriple(machine.getTargetTriple());
  owned->module->setDataLayout(machine.createDataLayout());
  return owned;
}

void mlir::halc::optimizeForTarget(llvm::Module &module,
                                   llvm::TargetMachine &machine) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);
  builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2)
      .run(module, modules);
}

std::optional<std::string>
mlir::halc::emitForTarget(llvm::Module &module, llvm::TargetMachine &machine,
                          llvm::CodeGenFileType type) {
  llvm::SmallString<0> output;
  llvm::raw_svector_ostream stream(output);
  llvm::legacy::PassManager passes;
  if (machine.addPassesToEmitFile(passes, stream, nullptr, type))
    return std::nullopt;
  passes.run(module);
  return output.str().str();
}

LogicalResult mlir::halc::checkNoExternalFunctions(ExecutableOp executable,
                                                   const llvm::Module &module,
                                                   StringRef why) {
  for (const llvm::Function &function : module)
    if (function.isDeclaration() && !function.isIntrinsic() &&
        !function.use_empty())
      return executable.emitError("the kernels call '")
             << function.getName() << "', " << why;
  return success();
}
