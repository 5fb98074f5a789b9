//===- LLVMGPUTranslation.h - LLVM dialect kernels to LLVM IR ---*- C++ -*-===//
//
// What the rocm and cuda targets share after their last MLIR stage: the
// kernels translated to an LLVM module, optimized for a target machine, and
// emitted by its backend.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_TARGET_LLVMGPUCOMMON_LLVMGPUTRANSLATION_H
#define HALC_TARGET_LLVMGPUCOMMON_LLVMGPUTRANSLATION_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir::halc {

/// An LLVM module with the context it lives in.
struct OwnedLLVMModule {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module;
};

/// The target machine of `triple` (its backend initialized by the caller)
/// for `cpu` and `features`; `backend` names it in the error when LLVM has
/// no such backend.
FailureOr<std::unique_ptr<llvm::TargetMachine>>
createGPUTargetMachine(ExecutableOp executable, StringRef triple,
                       StringRef backend, StringRef cpu, StringRef features,
                       std::optional<llvm::Reloc::Model> relocation);

/// The LLVM module of `executable`'s one gpu.module of LLVM-dialect
/// kernels, with `machine`'s triple and data layout. Errors are diagnostics
/// on the executable.
FailureOr<std::shared_ptr<OwnedLLVMModule>>
translateKernelsToLLVMIR(ExecutableOp executable,
                         const llvm::TargetMachine &machine);

/// LLVM's O2 pipeline for `machine`.
void optimizeForTarget(llvm::Module &module, llvm::TargetMachine &machine);

/// What `machine`'s backend emits of `module` (code generation rewrites
/// it): assembly or an object. None if the backend cannot.
std::optional<std::string> emitForTarget(llvm::Module &module,
                                         llvm::TargetMachine &machine,
                                         llvm::CodeGenFileType type);

/// Fails, naming the function and `why` it is missing, when a kernel calls
/// a function the module does not define: it would fail only when the
/// driver loads the code.
LogicalResult checkNoExternalFunctions(ExecutableOp executable,
                                       const llvm::Module &module,
                                       StringRef why);

} // namespace mlir::halc

#endif // HALC_TARGET_LLVMGPUCOMMON_LLVMGPUTRANSLATION_H
