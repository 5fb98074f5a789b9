//===- LLVMGPUStages.cpp - The LLVM stages of rocm and cuda ---------------===//

#include "compiler/Target/LLVMGPUCommon/LLVMGPUStages.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::halc;

Stage mlir::halc::makeLLVMIRStage(
    std::function<FailureOr<std::shared_ptr<OwnedLLVMModule>>(ExecutableOp)>
        translate) {
  return makeExecutableStage(
      "llvm-ir", "ll",
      [translate](ExecutableOp executable, const ExecutableArtifacts &,
                  const StageOptions &) -> FailureOr<Artifact> {
        FailureOr<std::shared_ptr<OwnedLLVMModule>> module =
            translate(executable);
        if (failed(module))
          return failure();
        Artifact artifact;
        llvm::raw_string_ostream text(artifact.bytes);
        (*module)->module->print(text, nullptr);
        artifact.data = *module;
        return artifact;
      });
}

Stage mlir::halc::makeLLVMCodegenStage(
    StringRef name, StringRef extension,
    std::function<FailureOr<std::string>(ExecutableOp, llvm::Module &)>
        compile) {
  return makeExecutableStage(
      name, extension,
      [compile](ExecutableOp executable, const ExecutableArtifacts &artifacts,
                const StageOptions &) -> FailureOr<Artifact> {
        const auto &module =
            artifacts.getData<std::shared_ptr<OwnedLLVMModule>>("llvm-ir");
        FailureOr<std::string> code = compile(executable, *module->module);
        if (failed(code))
          return failure();
        return Artifact{std::move(*code), {}};
      });
}
