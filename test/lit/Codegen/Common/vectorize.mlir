// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(halc.executable(halc-tile-and-distribute,halc-vectorize,canonicalize,cse))' | FileCheck %s

// Each thread's static 4x4 tile: the fill becomes a vector constant written
// once, each K step of 4 reads 4x4 slices of both operands and of the
// accumulator and contracts them.
// CHECK-LABEL: halc.executable @static_tiles
// CHECK: scf.forall
// CHECK: scf.forall
// CHECK: %[[INIT:.+]] = vector.transfer_write %{{.+}}, %{{.+}}[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, tensor<4x4xf32>
// CHECK: scf.for %{{.+}} = %c0 to %c32 step %c4 iter_args(%[[ACC:.+]] = %[[INIT]])
// CHECK: %[[A:.+]] = vector.transfer_read {{.*}} : tensor<32x32xf32>, vector<4x4xf32>
// CHECK: %[[B:.+]] = vector.transfer_read {{.*}} : tensor<32x32xf32>, vector<4x4xf32>
// CHECK: %[[C:.+]] = vector.transfer_read %[[ACC]]
// CHECK: %[[R:.+]] = vector.contract {{.*}} %[[A]], %[[B]], %[[C]] : vector<4x4xf32>, vector<4x4xf32> into vector<4x4xf32>
// CHECK: vector.transfer_write %[[R]], %[[ACC]]
// CHECK-NOT: linalg.
halc.executable @static_tiles target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([4, 4, 1])
  builtin.module {
    func.func @mm(%a: memref<32x32xf32>, %b: memref<32x32xf32>, %out: memref<32x32xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<32x32xf32> to tensor<32x32xf32>
      %1 = bufferization.to_tensor %b restrict : memref<32x32xf32> to tensor<32x32xf32>
      %e = tensor.empty() : tensor<32x32xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [16, 16, 0], workgroup_size = [4, 4, 1], reduction_tile = [4]>}
          ins(%0, %1 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<32x32xf32>, memref<32x32xf32>) -> ()
      return
    }
  }
}

// -----

// 10 elements in workgroup tiles of 8: the edge tile is 2 wide, so a
// thread's tile has a dynamic size and stays a linalg op (scalar loops).
// CHECK-LABEL: halc.executable @dynamic_tiles
// CHECK: scf.forall
// CHECK: scf.forall
// CHECK: linalg.negf {{.*}} -> tensor<?xf32>
// CHECK-NOT: vector.
halc.executable @dynamic_tiles target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @neg ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([2, 1, 1])
  builtin.module {
    func.func @neg(%a: memref<10xf32>, %out: memref<10xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<10xf32> to tensor<10xf32>
      %e = tensor.empty() : tensor<10xf32>
      %r = linalg.negf {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [8], workgroup_size = [2, 1, 1]>} ins(%0 : tensor<10xf32>) outs(%e : tensor<10xf32>) -> tensor<10xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<10xf32>, memref<10xf32>) -> ()
      return
    }
  }
}

// -----

// A subgroup's contraction (on a #gpu.warp loop) is vectorized whatever its
// size: one vector.contract of its whole 32x32 block at each 16-step,
// marked with the cooperative-matrix shape for halc-lower-vectors.
// CHECK-LABEL: halc.executable @cooperative
// CHECK: vector.contract {{.+}} {halc.subgroup_matrix = array<i64: 16, 16, 16>} : vector<32x16xf16>, vector<16x32xf16> into vector<32x32xf32>
halc.executable @cooperative target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([64, 1, 1])
  builtin.module {
    func.func @mm(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %out: memref<64x64xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<64x64xf16> to tensor<64x64xf16>
      %1 = bufferization.to_tensor %b restrict : memref<64x64xf16> to tensor<64x64xf16>
      %e = tensor.empty() : tensor<64x64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [32, 64, 32], workgroup_size = [64, 1, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>}
          ins(%0, %1 : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x64xf32>, memref<64x64xf32>) -> ()
      return
    }
  }
}
