// RUN: halc-compile %s --compile-to=executable-targets --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=lavapipe -o - | FileCheck %s

// Contractions: 2-D workgroup tiles over the output, the batch along z, and in
// each thread a serial loop over K whose accumulator stays in registers (loop
// carried), never loaded or stored inside the loop. 17 and 127 leave guarded
// edge tiles; K = 31 goes one step at a time. A matvec is a reduction of
// A's rows: a subgroup's 32 lanes share each of the 127 rows.
// CHECK: halc.export @matmul {{.*}} workgroup_size([13, 4, 1]) workgroup_count([1, 5, 1])
// CHECK: halc.export @batch_matmul {{.*}} workgroup_size([13, 4, 1]) workgroup_count([1, 5, 3])
// CHECK: halc.export @matvec {{.*}} workgroup_size([32, 1, 1]) workgroup_count([1, 127, 1])
// CHECK: halc.export @aligned_matmul {{.*}} workgroup_size([12, 4, 1]) workgroup_count([2, 4, 1])

// CHECK: spirv.func @matmul()
// CHECK: spirv.mlir.addressof @__builtin__WorkgroupId__
// CHECK: spirv.mlir.addressof @__builtin__LocalInvocationId__
// CHECK: spirv.mlir.selection {
// CHECK: spirv.mlir.loop {
// CHECK: spirv.Branch ^bb1(%cst0_i32, %{{.+}} : i32, f32)
// CHECK: ^bb1(%{{.+}}: i32, %[[ACC:.+]]: f32):
// CHECK: spirv.SLessThan %{{.+}}, %cst31_i32
// CHECK: spirv.GL.Fma %{{.+}}, %{{.+}}, %[[ACC]] : f32
// CHECK-NOT: spirv.Store "StorageBuffer"
// CHECK: spirv.mlir.merge
// CHECK: spirv.Store "StorageBuffer"
// CHECK: spirv.func @batch_matmul()
// CHECK: spirv.CompositeExtract %{{.+}}[2 : i32]
// CHECK: spirv.mlir.loop {
// CHECK: spirv.GL.Fma
// CHECK: spirv.func @matvec()
// CHECK: spirv.mlir.selection {
// CHECK: spirv.mlir.loop {
// CHECK: spirv.SLessThan %{{.+}}, %cst33_i32
// CHECK: spirv.GL.Fma

// Every tile is full, so there is no guard; each thread keeps a 4x4 block of
// C in four vector registers through the K loop (steps of 4), and each step
// is 16 vector FMAs; C is written in four 128-bit stores.
// CHECK: spirv.func @aligned_matmul()
// CHECK-NOT: spirv.mlir.selection
// CHECK: spirv.mlir.loop {
// CHECK: ^bb1(%{{.+}}: i32, %[[C0:.+]]: vector<4xf32>, %[[C1:.+]]: vector<4xf32>, %[[C2:.+]]: vector<4xf32>, %[[C3:.+]]: vector<4xf32>):
// CHECK: spirv.SLessThan %{{.+}}, %cst128_i32
// CHECK-NOT: spirv.Store "StorageBuffer"
// CHECK: spirv.GL.Fma %{{.+}}, %{{.+}}, %[[C0]] : vector<4xf32>
// CHECK: spirv.GL.Fma %{{.+}}, %{{.+}}, %[[C1]] : vector<4xf32>
// CHECK: spirv.GL.Fma %{{.+}}, %{{.+}}, %[[C2]] : vector<4xf32>
// CHECK: spirv.GL.Fma %{{.+}}, %{{.+}}, %[[C3]] : vector<4xf32>
// CHECK-COUNT-12: spirv.GL.Fma {{.*}} : vector<4xf32>
// CHECK-NOT: spirv.Store "StorageBuffer"
// CHECK: spirv.mlir.merge
// CHECK-COUNT-4: spirv.Store "StorageBuffer" {{.*}} : vector<4xf32>
// CHECK-NOT: spirv.Store "StorageBuffer"
// CHECK: spirv.ExecutionMode @matmul "LocalSize", 13, 4, 1
// CHECK: spirv.ExecutionMode @batch_matmul "LocalSize", 13, 4, 1
// CHECK: spirv.ExecutionMode @matvec "LocalSize", 32, 1, 1
// CHECK: spirv.ExecutionMode @aligned_matmul "LocalSize", 12, 4, 1
func.func @matmul(%a: tensor<17x31xf32>, %b: tensor<31x13xf32>) -> tensor<17x13xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<17x13xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<17x13xf32>) -> tensor<17x13xf32>
  %r = linalg.matmul ins(%a, %b : tensor<17x31xf32>, tensor<31x13xf32>) outs(%f : tensor<17x13xf32>) -> tensor<17x13xf32>
  return %r : tensor<17x13xf32>
}
func.func @batch_matmul(%a: tensor<3x17x31xf32>, %b: tensor<3x31x13xf32>) -> tensor<3x17x13xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x17x13xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x17x13xf32>) -> tensor<3x17x13xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x17x31xf32>, tensor<3x31x13xf32>) outs(%f : tensor<3x17x13xf32>) -> tensor<3x17x13xf32>
  return %r : tensor<3x17x13xf32>
}
func.func @matvec(%a: tensor<127x33xf32>, %b: tensor<33xf32>) -> tensor<127xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<127xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<127xf32>) -> tensor<127xf32>
  %r = linalg.matvec ins(%a, %b : tensor<127x33xf32>, tensor<33xf32>) outs(%f : tensor<127xf32>) -> tensor<127xf32>
  return %r : tensor<127xf32>
}
func.func @aligned_matmul(%a: tensor<64x128xf32>, %b: tensor<128x96xf32>) -> tensor<64x96xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x96xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x96xf32>) -> tensor<64x96xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x128xf32>, tensor<128x96xf32>) outs(%f : tensor<64x96xf32>) -> tensor<64x96xf32>
  return %r : tensor<64x96xf32>
}
