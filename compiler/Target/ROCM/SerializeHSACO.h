//===- SerializeHSACO.h - LLVM dialect kernels to an HSACO -------*- C++ -*-===//

#ifndef HALC_TARGET_ROCM_SERIALIZEHSACO_H
#define HALC_TARGET_ROCM_SERIALIZEHSACO_H

#include "compiler/Dialect/HALC/HALCDialect.h"
#include "compiler/Target/LLVMGPUCommon/LLVMGPUTranslation.h"
#include "compiler/Target/ROCM/ChipTable.h"

#include <memory>
#include <string>

namespace mlir::halc {

struct ROCMOptions {
  const AMDChip *chip = nullptr;
  /// "+sramecc,-xnack" as given (validated).
  std::string features;
  int waveSize = 64;
  /// Where ocml.bc and ockl.bc are.
  std::string bitcodeDir;
  /// e.g. "gfx942:sramecc+:xnack-".
  std::string targetId;
};

/// The LLVM IR of `executable` (its gpu.module of LLVM-dialect kernels):
/// translated, linked with ocml/ockl only when it calls into them, and
/// optimized at O2 for the chip. Errors are diagnostics on the executable.
FailureOr<std::shared_ptr<OwnedLLVMModule>>
translateToLLVMIR(ExecutableOp executable, const ROCMOptions &options);

/// The relocatable ELF object LLVM's AMDGPU backend makes of `module`
/// (which code generation rewrites).
FailureOr<std::string> compileToObject(ExecutableOp executable,
                                       llvm::Module &module,
                                       const ROCMOptions &options);

/// The HSACO: `object` linked by ld.lld into a shared object.
FailureOr<std::string> linkHSACO(ExecutableOp executable, StringRef object);

} // namespace mlir::halc

#endif // HALC_TARGET_ROCM_SERIALIZEHSACO_H
