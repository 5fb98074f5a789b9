//===- SerializePTX.h - LLVM dialect kernels to PTX --------------*- C++ -*-===//

#ifndef HALC_TARGET_CUDA_SERIALIZEPTX_H
#define HALC_TARGET_CUDA_SERIALIZEPTX_H

#include "compiler/Target/LLVMGPUCommon/LLVMGPUTranslation.h"

namespace mlir::halc {

/// What the NVPTX backend compiles for: an SM architecture ("sm_80") and
/// LLVM features (the PTX ISA version, "+ptx70").
struct NVPTXOptions {
  std::string arch;
  std::string features;
};

/// The LLVM IR of `executable`'s NVVM kernels, optimized at O2. Errors (a
/// call no library defines) are diagnostics.
FailureOr<std::shared_ptr<OwnedLLVMModule>>
translateToNVPTXIR(ExecutableOp executable, const NVPTXOptions &options);

/// The PTX LLVM's NVPTX backend writes of `module` (code generation
/// rewrites the module).
FailureOr<std::string> compileToPTX(ExecutableOp executable,
                                    llvm::Module &module,
                                    const NVPTXOptions &options);

} // namespace mlir::halc

#endif // HALC_TARGET_CUDA_SERIALIZEPTX_H
