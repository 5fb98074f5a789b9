// The MSL of reductions of few long rows, for the oldest MSL halc accepts
// (2.4, iOS, where SPIRV-Cross needs to be told that simd-group functions
// exist) and the default (3.0, macOS): each subgroup combines its lanes with
// a simd-group function, the first lane of each stores the result in
// threadgroup memory, a threadgroup barrier, and thread 0 combines the
// stored results.
// RUN: halc-compile %S/../Inputs/long-row-reductions.mlir --iree-hal-target-backends=metal-spirv --iree-metal-msl-version=2.4 --iree-metal-target-platform=ios --compile-to=msl -o - 2>/dev/null | FileCheck %s
// RUN: halc-compile %S/../Inputs/long-row-reductions.mlir --iree-hal-target-backends=metal-spirv --compile-to=msl -o - 2>/dev/null | FileCheck %s
// CHECK-LABEL: kernel void row_sum_max_dispatch_0(
// CHECK: threadgroup {{_[0-9]+}} _workgroup_shared_
// CHECK: simd_sum(
// CHECK: [[SUM_SHARED:_workgroup_shared_[0-9]+]]._m0[(gl_LocalInvocationID.x / 32u)
// CHECK: threadgroup_barrier(mem_flags::mem_threadgroup);
// CHECK: [[SUM_SHARED]]._m0[
// CHECK-LABEL: kernel void row_sum_max_dispatch_1(
// CHECK: simd_max(
// CHECK: [[MAX_SHARED:_workgroup_shared_[0-9]+]]._m0[(gl_LocalInvocationID.x / 32u)
// CHECK: threadgroup_barrier(mem_flags::mem_threadgroup);
// CHECK: max({{.*}}[[MAX_SHARED]]._m0[
// CHECK-NOT: quad_
