// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(halc.executable(halc-reduce-few-rows))' | FileCheck %s

// A matmul of 8 rows becomes a generic ordered (m, k, n): a reduction of
// the columns of B, whose heuristic keeps the rows in each thread. One of
// 128 rows, and one that reads B across its rows (A times B transposed),
// stay as they are.
// CHECK-DAG: #[[A:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[B:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[C:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @few
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-SAME: ins(%{{.+}}, %{{.+}} : tensor<8x4096xf32>, tensor<4096x4096xf32>)
// CHECK:   arith.mulf
// CHECK:   arith.addf
// CHECK-LABEL: func.func @many
// CHECK: linalg.matmul
// CHECK-LABEL: func.func @transposed
// CHECK: linalg.matmul indexing_maps
halc.executable @few_rows target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @few ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  halc.export @many ordinal(1) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  halc.export @transposed ordinal(2) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @few(%a: memref<8x4096xf32>, %b: memref<4096x4096xf32>, %out: memref<8x4096xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<8x4096xf32> to tensor<8x4096xf32>
      %1 = bufferization.to_tensor %b restrict : memref<4096x4096xf32> to tensor<4096x4096xf32>
      %e = tensor.empty() : tensor<8x4096xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x4096xf32>) -> tensor<8x4096xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<8x4096xf32>, tensor<4096x4096xf32>) outs(%f : tensor<8x4096xf32>) -> tensor<8x4096xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<8x4096xf32>, memref<8x4096xf32>) -> ()
      return
    }
    func.func @many(%a: memref<128x4096xf32>, %b: memref<4096x4096xf32>, %out: memref<128x4096xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<128x4096xf32> to tensor<128x4096xf32>
      %1 = bufferization.to_tensor %b restrict : memref<4096x4096xf32> to tensor<4096x4096xf32>
      %e = tensor.empty() : tensor<128x4096xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<128x4096xf32>) -> tensor<128x4096xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<128x4096xf32>, tensor<4096x4096xf32>) outs(%f : tensor<128x4096xf32>) -> tensor<128x4096xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<128x4096xf32>, memref<128x4096xf32>) -> ()
      return
    }
    func.func @transposed(%a: memref<8x4096xf32>, %b: memref<4096x4096xf32>, %out: memref<8x4096xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<8x4096xf32> to tensor<8x4096xf32>
      %1 = bufferization.to_tensor %b restrict : memref<4096x4096xf32> to tensor<4096x4096xf32>
      %e = tensor.empty() : tensor<8x4096xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x4096xf32>) -> tensor<8x4096xf32>
      %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%0, %1 : tensor<8x4096xf32>, tensor<4096x4096xf32>) outs(%f : tensor<8x4096xf32>) -> tensor<8x4096xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<8x4096xf32>, memref<8x4096xf32>) -> ()
      return
    }
  }
}
