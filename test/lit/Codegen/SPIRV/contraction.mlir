// RUN: halc-compile %s --compile-to=executable-targets --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=lavapipe -o - | FileCheck %s

// Contractions: 2-D workgroup tiles over the output, the batch along z, and in
// each thread a serial loop over K. 17, 13 and 127 leave guarded edge tiles.
// CHECK: halc.export @matmul {{.*}} workgroup_size([16, 4, 1]) workgroup_count([1, 5, 1])
// CHECK: halc.export @batch_matmul {{.*}} workgroup_size([16, 4, 1]) workgroup_count([1, 5, 3])
// CHECK: halc.export @matvec {{.*}} workgroup_size([64, 1, 1]) workgroup_count([2, 1, 1])

// CHECK: spirv.func @matmul()
// CHECK: spirv.mlir.addressof @__builtin__WorkgroupId__
// CHECK: spirv.mlir.addressof @__builtin__LocalInvocationId__
// CHECK: spirv.mlir.selection {
// CHECK: spirv.mlir.loop {
// CHECK: %[[K:.+]] = spirv.SLessThan %{{.+}}, %cst31_i32
// CHECK: spirv.FMul
// CHECK: spirv.FAdd
// CHECK: spirv.func @batch_matmul()
// CHECK: spirv.CompositeExtract %{{.+}}[2 : i32]
// CHECK: spirv.mlir.loop {
// CHECK: spirv.FMul
// CHECK: spirv.func @matvec()
// CHECK: spirv.mlir.selection {
// CHECK: spirv.mlir.loop {
// CHECK: spirv.SLessThan %{{.+}}, %cst33_i32
// CHECK: spirv.FMul
// CHECK: spirv.ExecutionMode @matmul "LocalSize", 16, 4, 1
// CHECK: spirv.ExecutionMode @batch_matmul "LocalSize", 16, 4, 1
// CHECK: spirv.ExecutionMode @matvec "LocalSize", 64, 1, 1
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
