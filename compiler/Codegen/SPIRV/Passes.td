//===- Passes.td - SPIR-V codegen passes -------------------*- tablegen -*-===//

#ifndef HALC_CODEGEN_SPIRV_PASSES
#define HALC_CODEGEN_SPIRV_PASSES

include "mlir/Pass/PassBase.td"

def OutlineSPIRVKernelsPass
    : Pass<"halc-outline-spirv-kernels", "::mlir::halc::ExecutableOp"> {
  let summary = "Outlines the dispatch functions of an executable as SPIR-V kernels";
  let description = [{
    Turns every dispatch function into a `gpu.func` kernel of one
    `gpu.module` that replaces them in the executable's inner module, with
    the SPIR-V ABI: the export's workgroup size as the entry point's
    `LocalSize`, binding `i` at descriptor set 0, binding `i`. An element
    type the target cannot store is an error that names the binding. What
    SPIR-V cannot express is rewritten on the way: accesses through views
    with dynamic strides index the flat binding, views that show a binding
    whole are the binding, static private temporaries move to the entry
    block (where SPIR-V declares Function variables).

    ```mlir
    gpu.module @kernels {
      gpu.func @add(%a: memref<?xf32> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}, ...)
          kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} { ... }
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::spirv::SPIRVDialect",
  ];
}

def VectorizeBindingsPass
    : Pass<"halc-vectorize-bindings", "::mlir::halc::ExecutableOp"> {
  let summary = "Declares bindings and workgroup memory read and written in aligned vector<4>s as buffers of vector<4>";
  let description = [{
    SPIR-V's Logical addressing cannot load a vector from a buffer of
    scalars (halc-convert-to-spirv splits such a load into one load per
    element). A kernel binding or workgroup allocation of 16- or 32-bit
    elements whose innermost dimension is a multiple of four (or any length,
    for a 1-D binding) and whose every use is a `vector.load` or
    `vector.store` of `vector<4>` aligned to the vector's size
    (halc-align-binding-accesses) becomes a buffer of `vector<4>`: each
    access is a `memref.load` or `memref.store` of the vector at innermost
    index / 4, one 128-bit access in f32 (a staged matmul's tiles in
    workgroup memory are copied and read so).

    ```mlir
    %v = vector.load %arg0[%i] {alignment = 16 : i64} : memref<1024xf32>, vector<4xf32>
    // becomes, with %arg0 : memref<256xvector<4xf32>>
    %q = arith.divui %i, %c4 : index
    %v = memref.load %arg0[%q] : memref<256xvector<4xf32>>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def ShareWorkgroupMemoryPass
    : Pass<"halc-share-workgroup-memory", "::mlir::spirv::ModuleOp"> {
  let summary = "Lets the kernels of a SPIR-V module share their Workgroup variables";
  let description = [{
    A SPIR-V module before 1.4 does not list the Workgroup variables an
    entry point uses, and NVIDIA's Vulkan driver reserves all of a module's
    for each of its entry points: kernels whose workgroup memory adds up to
    more than a workgroup has (48 KB) lose the device. One entry point runs
    at a time, so the i-th largest Workgroup array of each element type of
    every kernel becomes one variable, as long as the longest of them; the
    module then declares about as much as its largest kernel uses. Modules
    for a SPIR-V 1.4 target (whose entry points will list the variables
    they use, so that a driver reserves each kernel's own), modules whose
    entry points list Workgroup variables, and modules whose arrays are
    used other than through access chains are left as they are.

    ```mlir
    spirv.GlobalVariable @__workgroup_shared_0 : !spirv.ptr<!spirv.struct<(!spirv.array<640 x vector<4xf32>>)>, Workgroup>
    // both kernels' first arrays of vector<4xf32> (640 and 320 long)
    ```
  }];
}

def RequireInterfaceVersionPass
    : Pass<"halc-require-interface-version", "::mlir::spirv::ModuleOp"> {
  let summary = "Declares SPIR-V 1.4 for a module whose entry points list other than Input and Output variables";
  let description = [{
    With a SPIR-V 1.4 target, `spirv-lower-abi-attrs` lists every variable
    an entry point uses (its Workgroup arrays: a driver then reserves each
    kernel's own workgroup memory, not the module's), as 1.4 requires;
    `spirv-update-vce` deduces the version from the ops alone and may
    declare 1.3, whose entry points list Input and Output variables only.
    Such a module declares 1.4, after `spirv-update-vce`.

    ```mlir
    spirv.module Logical GLSL450 requires #spirv.vce<v1.4, [Shader], []> {
      spirv.GlobalVariable @shared : !spirv.ptr<..., Workgroup>
      spirv.EntryPoint "GLCompute" @kernel, @shared
    ```
  }];
}

def RequireBF16CooperativeMatricesPass
    : Pass<"halc-require-bf16-cooperative-matrices", "::mlir::spirv::ModuleOp"> {
  let summary = "Adds the capability bf16 cooperative matrices need to the module's VCE triple";
  let description = [{
    A cooperative matrix of bf16 needs `BFloat16CooperativeMatrixKHR`
    (SPV_KHR_bfloat16), which upstream's VCE deduction (it asks the types
    for the bf16 scalar's `BFloat16TypeKHR` only) leaves out: a module that
    declares such a matrix type gets the capability, after
    `spirv-update-vce`.

    ```mlir
    spirv.module Logical GLSL450 requires #spirv.vce<v1.6, [..., BFloat16TypeKHR, BFloat16CooperativeMatrixKHR], [...]>
    ```
  }];
}

def ConvertToSPIRVPass
    : Pass<"halc-convert-to-spirv", "::mlir::halc::ExecutableOp"> {
  let summary = "Converts an executable's SPIR-V kernels to one spirv.module";
  let description = [{
    Converts the `gpu.module` of kernels (halc-outline-spirv-kernels) with
    upstream's GPU, SCF, arith, math, memref, func, index, cf, vector and ub
    to SPIR-V patterns, for the target environment of the executable's
    `#halc.target` (version, capabilities, limits): memory spaces become
    storage classes (private temporaries `Function` variables), math SPIR-V
    has no instruction for becomes polynomials, vector accesses to buffers
    of scalars become scalar accesses. Each `halc.constant.load
    ordinal(i)` reads 32-bit word `i` of a push-constant block exactly as
    large as its export's constants (Vulkan's push-constant range and
    Metal's setBytes give a kernel that many bytes and no more), one block
    per size. A loop marked `halc.unroll` gets the Unroll loop control.

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
    "::mlir::arith::ArithDialect",
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

def ConvertBF16ToUInt16BuffersPass
    : Pass<"halc-convert-bf16-to-uint16-buffers", "::mlir::halc::ExecutableOp"> {
  let summary = "Stores bf16 as its 16 bits: every bf16 memref, vector and scalar becomes i16";
  let description = [{
    SPIR-V for Vulkan 1.1 and MSL before 3.1 have no bf16, and upstream's
    SPIR-V type converter would widen it to f32, which changes the size of
    every buffer element. After upstream's `arith-emulate-unsupported-floats`
    and `math-extend-to-supported-types` have moved all bf16 arithmetic to
    f32, the only bf16 left is moved data and the `arith.extf`/`arith.truncf`
    around the arithmetic. This pass expands those into integer operations
    (upstream's bf16 expansion: the upper half of an f32, rounded to nearest
    even) and then gives every value, memref and vector of bf16 the type i16
    (kernel arguments, workgroup and private memory, loads, stores,
    selects, constants by their bits, loop-carried values).

    ```mlir
    %x = memref.load %a[%i] : memref<8xbf16>
    %y = arith.extf %x : bf16 to f32
    // becomes
    %x = memref.load %a[%i] : memref<8xi16>
    %w = arith.extui %x : i16 to i32
    %s = arith.shli %w, %c16 : i32
    %y = arith.bitcast %s : i32 to f32
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // HALC_CODEGEN_SPIRV_PASSES
