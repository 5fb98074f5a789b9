// RUN: halc-compile %s --compile-to=executable-targets --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=lavapipe -o - | FileCheck %s

// Named data-movement ops, each one dispatch. Workgroups cover the shapes
// exactly where a divisor fits (17, 33, 7x3); 31 rows in tiles of 3 leave a
// guarded edge.
// CHECK: halc.export @transpose {{.*}} workgroup_size([17, 3, 1]) workgroup_count([1, 11, 1])
// CHECK: halc.export @broadcast {{.*}} workgroup_size([33, 1, 1]) workgroup_count([1, 5, 1])
// CHECK: halc.export @copy {{.*}} workgroup_size([7, 3, 1]) workgroup_count([1, 1, 1])
// CHECK: halc.export @fill {{.*}}bindings = [read_write]{{.*}} workgroup_size([7, 3, 1])

// transpose reads a[j][i] (stride 31) and writes out[i][j] (stride 17).
// CHECK: spirv.func @transpose()
// CHECK: spirv.mlir.selection {
// CHECK-DAG: spirv.IMul %{{.+}}, %cst31_i32
// CHECK-DAG: spirv.IMul %{{.+}}, %cst17_i32
// CHECK: spirv.func @broadcast()
// CHECK: spirv.Load "StorageBuffer"
// CHECK: spirv.Store "StorageBuffer"
// CHECK: spirv.func @copy()
// CHECK: spirv.Load "StorageBuffer"
// CHECK: spirv.Store "StorageBuffer"
// CHECK: spirv.func @fill()
// CHECK-NOT: spirv.Load "StorageBuffer"
// CHECK: spirv.Store "StorageBuffer" %{{.+}}, %cst_f32
func.func @transpose(%a: tensor<17x31xf32>) -> tensor<31x17xf32> {
  %e = tensor.empty() : tensor<31x17xf32>
  %r = linalg.transpose ins(%a : tensor<17x31xf32>) outs(%e : tensor<31x17xf32>) permutation = [1, 0]
  return %r : tensor<31x17xf32>
}
func.func @broadcast(%a: tensor<33xi32>) -> tensor<5x33xi32> {
  %e = tensor.empty() : tensor<5x33xi32>
  %r = linalg.broadcast ins(%a : tensor<33xi32>) outs(%e : tensor<5x33xi32>) dimensions = [0]
  return %r : tensor<5x33xi32>
}
func.func @copy(%a: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %e = tensor.empty() : tensor<3x7xf32>
  %r = linalg.copy ins(%a : tensor<3x7xf32>) outs(%e : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %r : tensor<3x7xf32>
}
func.func @fill() -> tensor<3x7xf32> {
  %c = arith.constant 1.5 : f32
  %e = tensor.empty() : tensor<3x7xf32>
  %r = linalg.fill ins(%c : f32) outs(%e : tensor<3x7xf32>) -> tensor<3x7xf32>
  return %r : tensor<3x7xf32>
}
