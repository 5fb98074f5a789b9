// Every stage of cuda: --compile-to writes each one's artifact (LLVM IR and
// PTX as text, as the dump folder holds them), and halc-opt's
// --halc-stage-<stage> continues the IR of one stage into the next
// (math.mlir: math expanded, since halc links no libdevice).
// RUN: rm -rf %t && %python %S/walk_stages.py %t %e2e_inputs/math.mlir -- --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 | FileCheck %s
// CHECK: stages: input dispatch-creation executable-configurations tile-and-distribute vectorize bufferize lower-to-loops nvvm-dialect llvm-ir ptx cda1 end
// CHECK-NEXT: 00 input: MLIR text
// CHECK-NEXT: 01 dispatch-creation: MLIR text
// CHECK-NEXT: 02 executable-configurations: MLIR text
// CHECK-NEXT: 03 tile-and-distribute: MLIR text
// CHECK-NEXT: 04 vectorize: MLIR text
// CHECK-NEXT: 05 bufferize: MLIR text
// CHECK-NEXT: 06 lower-to-loops: MLIR text
// CHECK-NEXT: 07 nvvm-dialect: MLIR text
// CHECK-NEXT: 08 llvm-ir: LLVM IR text, same as the dump
// CHECK-NEXT: 09 ptx: PTX text, same as the dump
// CHECK-NEXT: 10 cda1: CDA1 file, same as the dump
// CHECK-NEXT: 11 end: HALM file
// CHECK-NEXT: reproduced dispatch-creation from input
// CHECK-NEXT: reproduced executable-configurations from dispatch-creation
// CHECK-NEXT: reproduced tile-and-distribute from executable-configurations
// CHECK-NEXT: reproduced vectorize from tile-and-distribute
// CHECK-NEXT: reproduced bufferize from vectorize
// CHECK-NEXT: reproduced lower-to-loops from bufferize
// CHECK-NEXT: reproduced nvvm-dialect from lower-to-loops
// CHECK-EMPTY:

// The target description: the SM architecture (a product name resolves to
// its SM), warps of 32, 48 KiB of shared memory per block, the tensor
// cores' f16 WMMA shapes from sm_70 on (none before), the PTX ISA version
// its PTX declares (the SM's first, at least 6.0 for warp shuffles), a
// product's SMs; LLVM unrolls a loop halc marks.
// RUN: halc-compile %e2e_inputs/math.mlir --iree-hal-target-backends=cuda --iree-cuda-target=h100 --compile-to=input | FileCheck %s --check-prefix=TARGET
// TARGET: module attributes {halc.target = #halc.target<backend = "cuda", arch = "sm_90", {{.*}}max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>, <m = 16, n = 16, k = 16, a = f16, b = f16, c = f16>], configuration = {llvm_features = "+ptx78"}, compute_unit_shared_memory_bytes = 233472, compute_units = 132, unrolls_marked_loops>}
// RUN: halc-compile %e2e_inputs/math.mlir --iree-hal-target-backends=cuda --iree-cuda-target=p100 --compile-to=input | FileCheck %s --check-prefix=PASCAL
// PASCAL: #halc.target<backend = "cuda", arch = "sm_60", {{.*}}subgroup_sizes = [32], configuration = {llvm_features = "+ptx60"}, compute_unit_shared_memory_bytes = 65536, compute_units = 56, unrolls_marked_loops>
// RUN: not halc-compile %e2e_inputs/math.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_1 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: unknown --iree-cuda-target 'sm_1'; known are: sm_60, {{.*}}, h100
