// Every stage of vulkan-spirv: --compile-to writes each one's artifact (the
// binaries as the dump folder holds them), and halc-opt's
// --halc-stage-<stage> continues the IR of one stage into the next.
// RUN: rm -rf %t && %python %S/walk_stages.py %t %e2e_inputs/elementwise.mlir -- --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=lavapipe | FileCheck %s
// CHECK: stages: input dispatch-creation executable-configurations tile-and-distribute vectorize bufferize lower-to-loops spirv-dialect spirv vke1 end
// CHECK-NEXT: 00 input: MLIR text
// CHECK-NEXT: 01 dispatch-creation: MLIR text
// CHECK-NEXT: 02 executable-configurations: MLIR text
// CHECK-NEXT: 03 tile-and-distribute: MLIR text
// CHECK-NEXT: 04 vectorize: MLIR text
// CHECK-NEXT: 05 bufferize: MLIR text
// CHECK-NEXT: 06 lower-to-loops: MLIR text
// CHECK-NEXT: 07 spirv-dialect: MLIR text
// CHECK-NEXT: 08 spirv: SPIR-V binary, same as the dump
// CHECK-NEXT: 09 vke1: VKE1 file, same as the dump
// CHECK-NEXT: 10 end: HALM file
// CHECK-NEXT: reproduced dispatch-creation from input
// CHECK-NEXT: reproduced executable-configurations from dispatch-creation
// CHECK-NEXT: reproduced tile-and-distribute from executable-configurations
// CHECK-NEXT: reproduced vectorize from tile-and-distribute
// CHECK-NEXT: reproduced bufferize from vectorize
// CHECK-NEXT: reproduced lower-to-loops from bufferize
// CHECK-NEXT: reproduced spirv-dialect from lower-to-loops
// CHECK-EMPTY:
