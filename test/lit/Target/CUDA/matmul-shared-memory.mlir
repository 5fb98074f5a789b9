// A 2048² f32 matmul on NVIDIA: the staged contraction strategy copies each
// K step's tiles of A (128x36 floats) and B (32x132) to shared memory with
// 128-bit global loads and stores, synchronizes, and every thread reads its
// rows and columns from there 128 bits at a time; its 16x4 accumulator
// stays in registers (no local memory).
// RUN: halc-compile %S/../../../../bench/kernels/matmul_2048.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=ptx -o - | FileCheck %s
// CHECK-LABEL: .entry matmul(
// CHECK-DAG: .shared .align 16 .b8 {{.+}}[18432];
// CHECK-DAG: .shared .align 16 .b8 {{.+}}[16896];
// CHECK-NOT: .local
// CHECK: ld.global.v4
// CHECK: st.shared.v4
// CHECK: bar.sync 0;
// CHECK: ld.shared.v4
// CHECK: fma.rn.f32
