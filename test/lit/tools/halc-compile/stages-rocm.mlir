// Every stage of rocm: --compile-to writes each one's artifact (LLVM IR as
// text, the object and the HSACO as ELF files, as the dump folder holds
// them), and halc-opt's --halc-stage-<stage> continues the IR of one stage
// into the next (math.mlir: kernels that call the device libraries).
// RUN: rm -rf %t && %python %S/walk_stages.py %t %e2e_inputs/math.mlir -- --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 | FileCheck %s
// CHECK: stages: input dispatch-creation executable-configurations tile-and-distribute vectorize bufferize lower-to-loops rocdl-dialect llvm-ir object hsaco hip1 end
// CHECK-NEXT: 00 input: MLIR text
// CHECK-NEXT: 01 dispatch-creation: MLIR text
// CHECK-NEXT: 02 executable-configurations: MLIR text
// CHECK-NEXT: 03 tile-and-distribute: MLIR text
// CHECK-NEXT: 04 vectorize: MLIR text
// CHECK-NEXT: 05 bufferize: MLIR text
// CHECK-NEXT: 06 lower-to-loops: MLIR text
// CHECK-NEXT: 07 rocdl-dialect: MLIR text
// CHECK-NEXT: 08 llvm-ir: LLVM IR text, same as the dump
// CHECK-NEXT: 09 object: ELF relocatable, same as the dump
// CHECK-NEXT: 10 hsaco: ELF shared object, same as the dump
// CHECK-NEXT: 11 hip1: HIP1 file, same as the dump
// CHECK-NEXT: 12 end: HALM file
// CHECK-NEXT: reproduced dispatch-creation from input
// CHECK-NEXT: reproduced executable-configurations from dispatch-creation
// CHECK-NEXT: reproduced tile-and-distribute from executable-configurations
// CHECK-NEXT: reproduced vectorize from tile-and-distribute
// CHECK-NEXT: reproduced bufferize from vectorize
// CHECK-NEXT: reproduced lower-to-loops from bufferize
// CHECK-NEXT: reproduced rocdl-dialect from lower-to-loops
// CHECK-EMPTY:

// The target description carries the chip's target id and LLVM features.
// RUN: halc-compile %e2e_inputs/math.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --iree-rocm-target-features=+sramecc,-xnack --compile-to=input | FileCheck %s --check-prefix=TARGET
// TARGET: module attributes {halc.target = #halc.target<backend = "rocm", arch = "gfx942", {{.*}}, subgroup_sizes = [64], configuration = {llvm_features = "+sramecc,-xnack", target_id = "gfx942:sramecc+:xnack-"}, unrolls_marked_loops>}
