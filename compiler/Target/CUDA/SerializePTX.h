//===- SerializePTX.h - LLVM dialect kernels to PTX --------------*- C++ -*-===//

#ifndef HALC_TARGET_CUDA_SERIALIZEPTX_H
#define HALC_TARGET_CUDA_SERIALIZEPTX_H

#include "compiler/Target/LLVMGPUCommon/LLVMGPUTranslation.h"

namespace mlir::halc {

/// The LLVM IR of `executable`'s NVVM kernels for `arch` (sm_XX), optimized
/// at O2. Errors (a call no library defines) are diagnostics.
FailureOr<std::shared_ptr<OwnedLLVMModule>>
translateToNVPTXIR(ExecutableOp executable, StringRef arch);

/// The PTX LLVM's NVPTX backend writes of `module` for `arch` (code
/// generation rewrites the module).
FailureOr<std::string> compileToPTX(ExecutableOp executable,
                                    llvm::Module &module, StringRef arch);

} // namespace mlir::halc

#endif // HALC_TARGET_CUDA_SERIALIZEPTX_H
