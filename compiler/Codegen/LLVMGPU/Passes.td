//===- Passes.td - LLVM GPU (ROCDL) codegen passes ---------*- tablegen -*-===//

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

#endif // HALC_CODEGEN_LLVMGPU_PASSES
