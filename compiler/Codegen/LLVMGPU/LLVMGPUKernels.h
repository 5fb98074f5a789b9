//===- LLVMGPUKernels.h - Dispatch functions as LLVMGPU kernels -*- C++ -*-===//
//
// What the rocm and cuda targets share before their last conversion: the
// kernels of an executable in one gpu.module, with IREE's HIP/CUDA binding
// contract (one bare pointer per binding, then one i32 per constant).
//
//===----------------------------------------------------------------------===//

#ifndef HALC_CODEGEN_LLVMGPU_LLVMGPUKERNELS_H
#define HALC_CODEGEN_LLVMGPU_LLVMGPUKERNELS_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::halc {

/// Outlines the dispatch functions of `executable` into kernels of one
/// gpu.module (named after it), each with its export's workgroup size as
/// its known block size, its constants as i32 parameters after the bindings
/// and every binding a pointer (a dynamic one's sizes come from constants);
/// subgroup reductions become butterflies of shuffles across the target's
/// `subgroupSize` lanes (gpu.shuffle lowers on both NVVM and ROCDL); a loop
/// marked `halc.unroll` is annotated for LLVM to unroll fully.
FailureOr<gpu::GPUModuleOp> outlineLLVMGPUKernels(ExecutableOp executable,
                                                  unsigned subgroupSize);

/// Adds to `pm` (on the executable's inner module) the lowering of the
/// kernels to the LLVM dialect: structured control flow to blocks, then
/// `convertGpuOps` (upstream's conversion to ROCDL or NVVM), casts
/// reconciled, canonicalized.
void addKernelLoweringPasses(OpPassManager &pm,
                             std::unique_ptr<Pass> convertGpuOps);

/// Makes the loop annotations that reached `root`'s llvm.br ops as
/// discardable attributes (from an scf.for, through scf-to-cf and the
/// LLVM conversion) their loop metadata: a thread's steps that LLVM
/// unrolls.
void attachLoopAnnotations(Operation *root);

/// Whether 32-bit indices address every element: no binding of a kernel
/// has 2^31 or more.
bool fitsInt32Indices(gpu::GPUModuleOp gpuModule);

} // namespace mlir::halc

#endif // HALC_CODEGEN_LLVMGPU_LLVMGPUKERNELS_H
