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
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::spirv::SPIRVDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def LegalizeMathForMSLPass
    : Pass<"halc-legalize-math-for-msl", "::mlir::halc::ExecutableOp"> {
  let summary = "Computes in f32 the f16 math Metal has no half functions for";
  let description = [{
    Apple's `<metal_math>` has no `half` overloads of the hyperbolic
    functions (and `fast::`/`precise::` take `float` only), yet SPIRV-Cross
    writes `precise::tanh(half4)` for an f16 `GL.Tanh`, which fails the whole
    library. For the Metal target (and executables without a target; other
    targets' executables are left as they are), `math.tanh`, `math.sinh`, `math.cosh`,
    `math.asinh`, `math.acosh` and `math.atanh` on f16 (scalars and vectors)
    are computed in f32 (upstream's extend-to-supported-types patterns) and
    rounded back.

    ```mlir
    %t = math.tanh %x : vector<4xf16>
    // becomes
    %e = arith.extf %x : vector<4xf16> to vector<4xf32>
    %t32 = math.tanh %e : vector<4xf32>
    %t = arith.truncf %t32 : vector<4xf32> to vector<4xf16>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
  ];
}

#endif // HALC_CODEGEN_SPIRV_PASSES
