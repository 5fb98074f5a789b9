//===- Passes.h - LLVM GPU (ROCDL, NVVM) codegen passes ---------*- C++ -*-===//

#ifndef HALC_CODEGEN_LLVMGPU_PASSES_H
#define HALC_CODEGEN_LLVMGPU_PASSES_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::halc {

#define GEN_PASS_DECL
#include "compiler/Codegen/LLVMGPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Codegen/LLVMGPU/Passes.h.inc"

/// The last codegen stage of the rocm target: kernels in the LLVM dialect.
void buildROCDLStage(OpPassManager &pm);

/// The last codegen stage of the cuda target: kernels in the LLVM dialect.
void buildNVVMStage(OpPassManager &pm);

} // namespace mlir::halc

#endif // HALC_CODEGEN_LLVMGPU_PASSES_H
