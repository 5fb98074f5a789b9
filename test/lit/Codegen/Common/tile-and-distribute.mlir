// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(halc.executable(halc-tile-and-distribute))' -verify-diagnostics | FileCheck %s

// A 17x13 matmul with its fill, on 16x8 tiles of 4x8 threads: workgroups
// along x (N) and y (M), threads inside, the fill fused into both loops, and
// affine.min for the edge tiles that 17 and 13 leave.
// CHECK-LABEL: halc.executable @matmul
// CHECK: halc.export @mm {{.*}} workgroup_count([2, 2, 1])
// CHECK: func.func @mm
// CHECK: scf.forall (%[[I:.+]], %[[J:.+]]) = (0, 0) to (17, 13) step (16, 8)
// CHECK: affine.min
// CHECK: scf.forall (%[[TI:.+]], %[[TJ:.+]]) = (0, 0) to
// CHECK: linalg.fill
// CHECK: linalg.matmul
// CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK: } {mapping = [#gpu.block<y>, #gpu.block<x>]}
// Nothing is left outside the loops.
// CHECK-NOT: linalg.
// CHECK: bufferization.materialize_in_destination
halc.executable @matmul target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([8, 4, 1])
  builtin.module {
    func.func @mm(%a: memref<17x31xf32>, %b: memref<31x13xf32>, %out: memref<17x13xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<17x31xf32> to tensor<17x31xf32>
      %1 = bufferization.to_tensor %b restrict : memref<31x13xf32> to tensor<31x13xf32>
      %e = tensor.empty() : tensor<17x13xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<17x13xf32>) -> tensor<17x13xf32>
      %r = linalg.matmul {lowering_config = #halc.lowering_config<workgroup_tile = [16, 8, 0], workgroup_size = [8, 4, 1]>}
          ins(%0, %1 : tensor<17x31xf32>, tensor<31x13xf32>) outs(%f : tensor<17x13xf32>) -> tensor<17x13xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<17x13xf32>, memref<17x13xf32>) -> ()
      return
    }
  }
}

// -----

// A reduction_tile gives each thread a serial loop over K; the fill that
// initializes the accumulator runs once, before it.
// CHECK-LABEL: halc.executable @ktiled
// CHECK: scf.forall
// CHECK: scf.forall
// CHECK: %[[INIT:.+]] = linalg.fill
// CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %[[INIT]])
// CHECK-NOT: linalg.fill
// CHECK: linalg.matmul {{.*}}ins(%{{.+}}, %{{.+}} : tensor<4x4xf32>, tensor<4x4xf32>) outs(%[[ACC]] : tensor<4x4xf32>)
halc.executable @ktiled target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([4, 4, 1])
  builtin.module {
    func.func @mm(%a: memref<32x32xf32>, %b: memref<32x32xf32>, %out: memref<32x32xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<32x32xf32> to tensor<32x32xf32>
      %1 = bufferization.to_tensor %b restrict : memref<32x32xf32> to tensor<32x32xf32>
      %e = tensor.empty() : tensor<32x32xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
      %r = linalg.matmul {lowering_config = #halc.lowering_config<workgroup_tile = [16, 16, 0], workgroup_size = [4, 4, 1], reduction_tile = [4]>}
          ins(%0, %1 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<32x32xf32>, memref<32x32xf32>) -> ()
      return
    }
  }
}

// -----

halc.executable @reduction_across_workgroups target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([4, 4, 1])
  builtin.module {
    func.func @mm(%a: memref<32x32xf32>, %b: memref<32x32xf32>, %out: memref<32x32xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<32x32xf32> to tensor<32x32xf32>
      %1 = bufferization.to_tensor %b restrict : memref<32x32xf32> to tensor<32x32xf32>
      %e = tensor.empty() : tensor<32x32xf32>
      // expected-error @+1 {{lowering_config tiles reduction loop 2 across workgroups; only parallel loops can be}}
      %r = linalg.matmul {lowering_config = #halc.lowering_config<workgroup_tile = [16, 16, 8], workgroup_size = [4, 4, 1]>}
          ins(%0, %1 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<32x32xf32>, memref<32x32xf32>) -> ()
      return
    }
  }
}

// -----

// A dynamic batch: its workgroup count is the constant holding the batch
// (here the binding's size, constant 0) divided by the 2 rows of a
// workgroup, rounded up, which the host works out at the call.
// CHECK-LABEL: halc.executable @batch
// CHECK: halc.export @rows {{.*}}workgroup_count([1, 2, 1]) workgroup_count_constants([-1, 0, -1])
halc.executable @batch target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @rows ordinal(0) layout(#halc.layout<bindings = [read_only, read_write], constants = 2>)
  builtin.module {
    func.func @rows(%in: memref<?x8xf32>, %out: memref<?x8xf32>) {
      %c0 = halc.constant.load ordinal(0) : i32
      %n = arith.index_castui %c0 : i32 to index
      %c1 = halc.constant.load ordinal(1) : i32
      %m = arith.index_castui %c1 : i32 to index
      %in_view = memref.reinterpret_cast %in to offset: [0], sizes: [%n, 8], strides: [8, 1] : memref<?x8xf32> to memref<?x8xf32>
      %out_view = memref.reinterpret_cast %out to offset: [0], sizes: [%m, 8], strides: [8, 1] : memref<?x8xf32> to memref<?x8xf32>
      %0 = bufferization.to_tensor %in_view restrict : memref<?x8xf32> to tensor<?x8xf32>
      %e = tensor.empty(%n) : tensor<?x8xf32>
      %r = linalg.exp {lowering_config = #halc.lowering_config<workgroup_tile = [2, 8], workgroup_size = [8, 2, 1]>}
          ins(%0 : tensor<?x8xf32>) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
      bufferization.materialize_in_destination %r in restrict writable %out_view : (tensor<?x8xf32>, memref<?x8xf32>) -> ()
      return
    }
  }
}
