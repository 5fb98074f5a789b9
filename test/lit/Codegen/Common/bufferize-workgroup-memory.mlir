// RUN: halc-opt %s -verify-diagnostics -pass-pipeline='builtin.module(halc.executable(halc-tile-and-distribute,halc-vectorize,halc-bufferize,halc-check-workgroup-memory))'

// A row chain whose per-row sums, shared by the workgroup's threads, need
// more workgroup memory than the target has: 16,384 rows a workgroup, 64 KiB
// of sums against 48 KiB. Bufferization gives the temporary its buffer (an
// accumulator of a tile's edges would leave workgroup memory later); the
// count of the kernel's workgroup memory refuses it.
#all = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
halc.executable @rows target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @center ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([32, 8, 1])
  builtin.module {
    // expected-error @+1 {{dispatch @center needs 65536 bytes of workgroup memory (1 buffer); the target has 49152}}
    func.func @center(%a: memref<16384x64xf32>, %out: memref<16384x64xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<16384x64xf32> to tensor<16384x64xf32>
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<16384xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<16384xf32>) -> tensor<16384xf32>
      %sum = linalg.generic {indexing_maps = [#all, #row], iterator_types = ["parallel", "reduction"]} ins(%0 : tensor<16384x64xf32>) outs(%f : tensor<16384xf32>) {
      ^bb0(%x: f32, %s: f32):
        %r = arith.addf %x, %s : f32
        linalg.yield %r : f32
      } -> tensor<16384xf32>
      %e2 = tensor.empty() : tensor<16384x64xf32>
      %c = linalg.generic {indexing_maps = [#all, #row, #all], iterator_types = ["parallel", "parallel"]}
          ins(%0, %sum : tensor<16384x64xf32>, tensor<16384xf32>) outs(%e2 : tensor<16384x64xf32>)
          attrs = {lowering_config = #halc.lowering_config<strategy = row_lanes, workgroup_tile = [16384, 0], workgroup_size = [32, 8, 1], reduction_tile = [4], reduction_lanes = 32>} {
      ^bb0(%x: f32, %s: f32, %o: f32):
        %r = arith.subf %x, %s : f32
        linalg.yield %r : f32
      } -> tensor<16384x64xf32>
      bufferization.materialize_in_destination %c in restrict writable %out : (tensor<16384x64xf32>, memref<16384x64xf32>) -> ()
      return
    }
  }
}
