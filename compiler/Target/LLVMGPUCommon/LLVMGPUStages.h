//===- LLVMGPUStages.h - The LLVM stages of rocm and cuda --------*- C++ -*-===//

#ifndef HALC_TARGET_LLVMGPUCOMMON_LLVMGPUSTAGES_H
#define HALC_TARGET_LLVMGPUCOMMON_LLVMGPUSTAGES_H

#include "compiler/Stages/Stage.h"
#include "compiler/Target/LLVMGPUCommon/LLVMGPUTranslation.h"

#include <functional>

namespace mlir::halc {

/// The `llvm-ir` stage: `translate` makes an executable's optimized LLVM
/// module; its text is what the stage writes, the module what later stages
/// read.
Stage makeLLVMIRStage(
    std::function<FailureOr<std::shared_ptr<OwnedLLVMModule>>(ExecutableOp)>
        translate);

/// A stage that compiles the `llvm-ir` stage's module with `compile` (its
/// last reader: code generation rewrites it) into what it writes (PTX, an
/// object).
Stage makeLLVMCodegenStage(
    StringRef name, StringRef extension,
    std::function<FailureOr<std::string>(ExecutableOp, llvm::Module &)>
        compile);

} // namespace mlir::halc

#endif // HALC_TARGET_LLVMGPUCOMMON_LLVMGPUSTAGES_H
