// RUN: halc-compile %s --compile-to=executable-targets --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=lavapipe -o - | FileCheck %s

// Reductions through linalg.generic: the parallel loop is distributed, the
// reduced one runs serially in each thread, from the innermost dimension
// (rowmax) or from an outer one (colsum, coalesced across threads). A full
// reduction to a scalar runs in one thread.
// CHECK: halc.export @rowmax {{.*}} workgroup_size([32, 1, 1]) workgroup_count([1, 1, 1])
// CHECK: halc.export @colsum {{.*}} workgroup_size([32, 1, 1]) workgroup_count([1, 1, 1])
// CHECK: halc.export @total {{.*}} workgroup_size([1, 1, 1]) workgroup_count([1, 1, 1])

// CHECK: spirv.func @rowmax()
// CHECK: %[[TID:.+]] = spirv.CompositeExtract %{{.+}}[0 : i32]
// CHECK: %[[IN:.+]] = spirv.SLessThan %[[TID]], %cst17_i32
// CHECK: spirv.mlir.selection {
// CHECK: spirv.BranchConditional %[[IN]]
// CHECK: spirv.mlir.loop {
// CHECK: spirv.SLessThan %{{.+}}, %cst129_i32
// CHECK: spirv.GL.FMax
// CHECK: spirv.func @colsum()
// CHECK: spirv.mlir.selection {
// CHECK: spirv.mlir.loop {
// CHECK: spirv.SLessThan %{{.+}}, %cst129_i32
// CHECK: %[[ROW:.+]] = spirv.IMul %{{.+}}, %cst17_i32
// CHECK: spirv.IAdd
// CHECK: spirv.func @total()
// CHECK-NOT: spirv.mlir.selection
// CHECK: spirv.mlir.loop {
// CHECK: spirv.SLessThan %{{.+}}, %cst100_i32
// CHECK: spirv.FAdd
// CHECK: spirv.ExecutionMode @rowmax "LocalSize", 32, 1, 1
// CHECK: spirv.ExecutionMode @colsum "LocalSize", 32, 1, 1
// CHECK: spirv.ExecutionMode @total "LocalSize", 1, 1, 1
func.func @rowmax(%a: tensor<17x129xf32>) -> tensor<17xf32> {
  %z = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<17xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<17xf32>) -> tensor<17xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
    ins(%a : tensor<17x129xf32>) outs(%f : tensor<17xf32>) {
  ^bb0(%x: f32, %o: f32):
    %0 = arith.maximumf %x, %o : f32
    linalg.yield %0 : f32
  } -> tensor<17xf32>
  return %r : tensor<17xf32>
}
func.func @colsum(%a: tensor<129x17xi32>) -> tensor<17xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<17xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<17xi32>) -> tensor<17xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
    ins(%a : tensor<129x17xi32>) outs(%f : tensor<17xi32>) {
  ^bb0(%x: i32, %o: i32):
    %0 = arith.addi %x, %o : i32
    linalg.yield %0 : i32
  } -> tensor<17xi32>
  return %r : tensor<17xi32>
}
func.func @total(%a: tensor<100xf32>) -> tensor<f32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
    ins(%a : tensor<100xf32>) outs(%f : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %0 = arith.addf %x, %o : f32
    linalg.yield %0 : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}
