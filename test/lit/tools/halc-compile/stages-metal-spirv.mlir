// Every stage of metal-spirv, with the stand-in Metal toolchain of the Metal
// tests (so that the metallib stage has one to run): --compile-to writes
// each one's artifact (the binaries as the dump folder holds them, the MSL
// as text), and halc-opt's --halc-stage-<stage> continues the IR of one
// stage into the next (math.mlir: f16 hyperbolics that the spirv-dialect
// stage computes in f32 for Metal).
// RUN: rm -rf %t && %python %S/walk_stages.py %t %e2e_inputs/math.mlir -- --iree-hal-target-backends=metal-spirv --iree-metal-toolchain-dir=%metal_inputs/stand-in-toolchain | FileCheck %s
// CHECK: stages: input dispatch-creation executable-configurations tile-and-distribute vectorize bufferize lower-to-loops spirv-dialect spirv msl metallib mtl1 end
// CHECK-NEXT: 00 input: MLIR text
// CHECK-NEXT: 01 dispatch-creation: MLIR text
// CHECK-NEXT: 02 executable-configurations: MLIR text
// CHECK-NEXT: 03 tile-and-distribute: MLIR text
// CHECK-NEXT: 04 vectorize: MLIR text
// CHECK-NEXT: 05 bufferize: MLIR text
// CHECK-NEXT: 06 lower-to-loops: MLIR text
// CHECK-NEXT: 07 spirv-dialect: MLIR text
// CHECK-NEXT: 08 spirv: SPIR-V binary, same as the dump
// CHECK-NEXT: 09 msl: MSL text, same as the dump
// CHECK-NEXT: 10 metallib: {{[0-9]+}} bytes, same as the dump
// CHECK-NEXT: 11 mtl1: MTL1 file, same as the dump
// CHECK-NEXT: 12 end: HALM file
// CHECK-NEXT: reproduced dispatch-creation from input
// CHECK-NEXT: reproduced executable-configurations from dispatch-creation
// CHECK-NEXT: reproduced tile-and-distribute from executable-configurations
// CHECK-NEXT: reproduced vectorize from tile-and-distribute
// CHECK-NEXT: reproduced bufferize from vectorize
// CHECK-NEXT: reproduced lower-to-loops from bufferize
// CHECK-NEXT: reproduced spirv-dialect from lower-to-loops
// CHECK-EMPTY:

// The target description carries what the Metal stages read, from the flags.
// RUN: halc-compile %e2e_inputs/math.mlir --iree-hal-target-backends=metal-spirv --iree-metal-msl-version=2.4 --iree-metal-target-platform=ios --compile-to=input | FileCheck %s --check-prefix=TARGET
// TARGET: module attributes {halc.target = #halc.target<backend = "metal-spirv", arch = "apple7", {{.*}}, configuration = {msl_version = "2.4", platform = "ios"}, peels_prefetched_loops>}

// Without a Metal toolchain there is no metallib to write.
// RUN: not halc-compile %e2e_inputs/math.mlir --iree-hal-target-backends=metal-spirv --iree-metal-toolchain-dir=%metal_inputs --compile-to=metallib -o %t.metallib 2>&1 | FileCheck %s --check-prefix=NO-METALLIB
// NO-METALLIB: remark: no Metal toolchain found
// NO-METALLIB: error: the metallib stage made nothing to write
