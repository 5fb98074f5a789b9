//===- Passes.td - SPIR-V codegen passes -------------------*- tablegen -*-===//

#ifndef HALC_CODEGEN_SPIRV_PASSES
#define HALC_CODEGEN_SPIRV_PASSES

include "mlir/Pass/PassBase.td"

def ConvertToSPIRVPass
    : Pass<"halc-convert-to-spirv", "::mlir::halc::ExecutableOp"> {
  let summary = "Lowers the dispatch functions of an executable to one spirv.module";
  let description = [{
    Turns every dispatch function into an entry point of one `spirv.module`
    that replaces them in the executable's inner module. Binding `i` becomes
    the storage buffer at descriptor set 0, binding `i`; the export's
    workgroup size becomes the entry point's `LocalSize`; private
    temporaries become `Function` variables. Version, capabilities and
    limits come from the executable's `#halc.target`; an element type the
    target cannot store is an error that names the binding.

    ```mlir
    spirv.module Logical GLSL450 {
      spirv.GlobalVariable @__resource_var_0_0_ bind(0, 0) : ...
      spirv.func @add() "None" { ... }
      spirv.EntryPoint "GLCompute" @add, @__builtin__GlobalInvocationId__
      spirv.ExecutionMode @add "LocalSize", 64, 1, 1
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect",
    "::mlir::spirv::SPIRVDialect",
  ];
}

#endif // HALC_CODEGEN_SPIRV_PASSES
