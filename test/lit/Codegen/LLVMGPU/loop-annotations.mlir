// RUN: halc-opt %s -pass-pipeline='builtin.module(halc.executable(halc-convert-to-nvvm))' | FileCheck %s

// Loops marked for the target's compiler to unroll: fully (`halc.unroll`,
// halc-prefetch-workgroup-copies' thread steps through workgroup memory)
// or four steps at a time (`halc.unroll = 4`, halc-distribute-reduction-
// lanes' lane loops): annotated llvm.loop.unroll.full and .count, which
// become their latch branches' loop metadata, no discardable attributes.
// CHECK-DAG: #[[FULL:.+]] = #llvm.loop_unroll<full = true>
// CHECK-DAG: #[[COUNT:.+]] = #llvm.loop_unroll<count = 4 : i32>
// CHECK-DAG: #[[UNROLL:.+]] = #llvm.loop_annotation<unroll = #[[FULL]]>
// CHECK-DAG: #[[UNROLL4:.+]] = #llvm.loop_annotation<unroll = #[[COUNT]]>
// CHECK: llvm.func @unroll_in_llvm
// CHECK: llvm.br ^{{.+}} {loop_annotation = #[[UNROLL]]}
// CHECK: llvm.br ^{{.+}} {loop_annotation = #[[UNROLL4]]}
// CHECK-NOT: halc.unroll
// CHECK-NOT: llvm.loop_annotation =
halc.executable @exe target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], unrolls_marked_loops>) {
  halc.export @unroll_in_llvm ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([16, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @unroll_in_llvm(%out: memref<16x4xf32>) {
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
