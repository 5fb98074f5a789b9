// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(halc.executable(halc-drop-unit-loops))' | FileCheck %s

// A matrix times a column vector: the loop over the vector's one column
// goes, the vector's and the result's bindings become 1-D (nothing else
// uses them), and what is left is a reduction of A's rows.
// CHECK-DAG: #[[ROWS:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[K:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[M:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @matvec(
// CHECK-SAME: %[[A:.+]]: memref<128x64xf32>, %[[X:.+]]: memref<64xf32>, %[[OUT:.+]]: memref<128xf32>)
// CHECK: %[[XT:.+]] = bufferization.to_tensor %[[X]] restrict : memref<64xf32> to tensor<64xf32>
// CHECK: %[[R:.+]] = linalg.generic {indexing_maps = [#[[ROWS]], #[[K]], #[[M]]], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME: ins(%{{.+}}, %[[XT]] : tensor<128x64xf32>, tensor<64xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: bufferization.materialize_in_destination %[[R]] in restrict writable %[[OUT]] : (tensor<128xf32>, memref<128xf32>) -> ()
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @matvec ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @matvec(%a: memref<128x64xf32>, %x: memref<64x1xf32>, %out: memref<128x1xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<128x64xf32> to tensor<128x64xf32>
      %1 = bufferization.to_tensor %x restrict : memref<64x1xf32> to tensor<64x1xf32>
      %e = tensor.empty() : tensor<128x1xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x1xf32>) -> tensor<128x1xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<128x64xf32>, tensor<64x1xf32>) outs(%f : tensor<128x1xf32>) -> tensor<128x1xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<128x1xf32>, memref<128x1xf32>) -> ()
      return
    }
  }
}

// -----

// A row vector times a matrix: without the loop over the vector's one row,
// the reduction loop goes first, so that B's columns are reduced with its
// rows read along the parallel loop.
// CHECK-DAG: #[[K:.+]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[B:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[N:.+]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @vecmat(
// CHECK-SAME: memref<64xf32>, %{{.+}}: memref<64x256xf32>, %{{.+}}: memref<256xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[K]], #[[B]], #[[N]]], iterator_types = ["reduction", "parallel"]}
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @vecmat ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @vecmat(%x: memref<1x64xf32>, %b: memref<64x256xf32>, %out: memref<1x256xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %x restrict : memref<1x64xf32> to tensor<1x64xf32>
      %1 = bufferization.to_tensor %b restrict : memref<64x256xf32> to tensor<64x256xf32>
      %e = tensor.empty() : tensor<1x256xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x256xf32>) -> tensor<1x256xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<1x64xf32>, tensor<64x256xf32>) outs(%f : tensor<1x256xf32>) -> tensor<1x256xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x256xf32>, memref<1x256xf32>) -> ()
      return
    }
  }
}

// -----

// A matmul without loops of one iteration is left as it is.
// CHECK-LABEL: func.func @matmul(
// CHECK: linalg.matmul
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @matmul ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @matmul(%a: memref<8x64xf32>, %b: memref<64x16xf32>, %out: memref<8x16xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<8x64xf32> to tensor<8x64xf32>
      %1 = bufferization.to_tensor %b restrict : memref<64x16xf32> to tensor<64x16xf32>
      %e = tensor.empty() : tensor<8x16xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<8x64xf32>, tensor<64x16xf32>) outs(%f : tensor<8x16xf32>) -> tensor<8x16xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<8x16xf32>, memref<8x16xf32>) -> ()
      return
    }
  }
}
