// Reductions of few long rows on NVIDIA: warp shuffles within each warp,
// shared memory (one float per warp: 512 lanes, 16 warps) across the warps of
// a block, with a barrier between the store and the loads of thread 0, which
// combines the warps' results.
// RUN: halc-compile %S/../Inputs/long-row-reductions.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=ptx -o - | FileCheck %s
// CHECK-LABEL: .entry row_sum_max_dispatch_0(
// CHECK: .shared .align 16 .b8 {{.+}}[64];
// CHECK: shfl.sync.bfly.b32
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK-LABEL: .entry row_sum_max_dispatch_1(
// CHECK: .shared .align 16 .b8 {{.+}}[64];
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared
