// A 2048² f32 matmul on NVIDIA: the staged contraction strategy copies each
// K step's tiles of A (128x17 floats) and B (16x129) to shared memory with
// 128-bit global loads, synchronizes, and every thread reads its rows and
// columns from there; its 8x8 accumulator stays in registers (no local
// memory).
// RUN: halc-compile %S/../../../../bench/kernels/matmul_2048.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=ptx -o - | FileCheck %s
// CHECK-LABEL: .entry matmul(
// CHECK-DAG: .shared .align {{[0-9]+}} .b8 {{.+}}[8704];
// CHECK-DAG: .shared .align {{[0-9]+}} .b8 {{.+}}[8256];
// CHECK-NOT: .local
// CHECK: ld.global.v4
// CHECK: st.shared
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK: fma.rn.f32
