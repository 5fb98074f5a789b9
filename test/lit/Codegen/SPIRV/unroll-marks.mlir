// RUN: halc-opt %s -pass-pipeline='builtin.module(halc.executable(halc-outline-spirv-kernels,halc-convert-to-spirv))' | FileCheck %s

// A loop halc-prefetch-workgroup-copies marked for the driver to unroll
// fully (a thread's steps through workgroup memory) becomes a SPIR-V loop
// with the Unroll control; a loop marked with a count (SPIR-V 1.4's
// PartialCount, not in the SPIR-V halc writes) keeps none.
// CHECK: spirv.func @unroll_marked
// CHECK: spirv.mlir.loop control(Unroll) {
// CHECK: spirv.mlir.loop {
// CHECK-NOT: spirv.mlir.loop
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @unroll_marked ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([16, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @unroll_marked(%out: memref<16x4xf32>) {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant dense<0.0> : vector<4xf32>
      %tid = gpu.thread_id x
      %shared = memref.alloc() : memref<16x16xf32, #gpu.address_space<workgroup>>
      %sum = scf.for %j = %c0 to %c16 step %c4 iter_args(%acc = %zero) -> (vector<4xf32>) {
        %w = vector.load %shared[%tid, %j] : memref<16x16xf32, #gpu.address_space<workgroup>>, vector<4xf32>
        %next = arith.addf %acc, %w : vector<4xf32>
        scf.yield %next : vector<4xf32>
      } {halc.unroll}
      %twice = scf.for %j = %c0 to %c16 step %c4 iter_args(%acc = %sum) -> (vector<4xf32>) {
        %w = vector.load %shared[%tid, %j] : memref<16x16xf32, #gpu.address_space<workgroup>>, vector<4xf32>
        %next = arith.addf %acc, %w : vector<4xf32>
        scf.yield %next : vector<4xf32>
      } {halc.unroll = 4 : i64}
      vector.store %twice, %out[%tid, %c0] : memref<16x4xf32>, vector<4xf32>
      return
    }
  }
}
