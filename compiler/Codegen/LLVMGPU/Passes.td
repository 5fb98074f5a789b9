//===- Passes.td - LLVM GPU (ROCDL, NVVM) codegen passes --*- tablegen -*-===//

#ifndef HALC_CODEGEN_LLVMGPU_PASSES
#define HALC_CODEGEN_LLVMGPU_PASSES

include "mlir/Pass/PassBase.td"

def ConvertToROCDLPass
    : Pass<"halc-convert-to-rocdl", "::mlir::halc::ExecutableOp"> {
  let summary = "Lowers the dispatch functions of an executable to ROCDL/LLVM kernels";
  let description = [{
    Turns every dispatch function into a kernel of one `gpu.module` (named
    after the executable) with the export's workgroup size as its known
    block size, then lowers it with upstream `convert-gpu-to-rocdl` for the
    chip of the executable's `#halc.target` (its `arch`): the bare-pointer
    calling convention (one pointer per binding), 32-bit indices where every
    binding has fewer than 2^31 elements, math through ocml calls.

    ```mlir
    gpu.module @module_linked {
      llvm.func @add(%a: !llvm.ptr, %b: !llvm.ptr, %out: !llvm.ptr)
          attributes {gpu.kernel, rocdl.kernel,
                      rocdl.reqd_work_group_size = array<i32: 64, 1, 1>} { ... }
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::ROCDL::ROCDLDialect",
    "::mlir::gpu::GPUDialect",
  ];
}

def ConvertToNVVMPass
    : Pass<"halc-convert-to-nvvm", "::mlir::halc::ExecutableOp"> {
  let summary = "Lowers the dispatch functions of an executable to NVVM/LLVM kernels";
  let description = [{
    The kernels of one `gpu.module` as for ROCDL (the export's workgroup size
    as known block size, one bare pointer per binding, then an i32 per
    constant), lowered with upstream `convert-gpu-to-nvvm`: 32-bit indices
    where every binding has fewer than 2^31 elements. Math is expanded to
    polynomials and LLVM intrinsics first, so that no kernel calls libdevice.

    ```mlir
    gpu.module @module_linked {
      llvm.func @add(%a: !llvm.ptr, %b: !llvm.ptr, %out: !llvm.ptr)
          attributes {gpu.kernel, nvvm.kernel,
                      nvvm.maxntid = array<i32: 64, 1, 1>} { ... }
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // HALC_CODEGEN_LLVMGPU_PASSES
