// RUN: halc-compile %s --compile-to=executable-targets --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=lavapipe -o - | FileCheck %s

// Reductions through linalg.generic. A row max (the innermost dimension) is
// shared by 32 lanes of a workgroup per row, one row per workgroup (17 along
// y): each lane's share of the row runs serially, its result goes to
// workgroup memory (lavapipe's subgroup size is not fixed: no subgroup
// operation combines lanes), a barrier, and lane 0 folds the 32 results and
// stores the output. A column sum over 17 columns (not a multiple of the 32
// a workgroup's lanes take) runs serially in each thread, coalesced across
// threads. A full reduction to a scalar runs in one thread, four elements
// per step.
// CHECK: halc.export @rowmax {{.*}} workgroup_size([32, 1, 1]) workgroup_count([1, 17, 1])
// CHECK: halc.export @colsum {{.*}} workgroup_size([17, 1, 1]) workgroup_count([1, 1, 1])
// CHECK: halc.export @total {{.*}} workgroup_size([1, 1, 1]) workgroup_count([1, 1, 1])
// CHECK: spirv.GlobalVariable @[[SHARED:.+]] : !spirv.ptr<!spirv.struct<(!spirv.array<32 x f32>)>, Workgroup>
// CHECK: spirv.func @rowmax()
// CHECK: spirv.mlir.loop {
// CHECK: spirv.GL.FMax
// CHECK: spirv.Store "Workgroup"
// CHECK-NEXT: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK: spirv.mlir.loop {
// CHECK: spirv.Load "Workgroup"
// CHECK: spirv.GL.FMax
// CHECK: spirv.Store "StorageBuffer"
// CHECK: spirv.func @colsum()
// CHECK: %[[TID:.+]] = spirv.CompositeExtract %{{.+}}[0 : i32]
// CHECK: spirv.mlir.loop {
// CHECK: ^bb1(%[[ROW:.+]]: i32, %[[SUM:.+]]: i32):
// CHECK: spirv.SLessThan %[[ROW]], %cst129_i32
// CHECK: %[[OFFSET:.+]] = spirv.IMul %[[ROW]], %cst17_i32
// CHECK: spirv.IAdd %[[TID]], %[[OFFSET]]
// CHECK: spirv.IAdd %[[SUM]], %{{.+}} : i32
// CHECK: spirv.func @total()
// CHECK-NOT: spirv.mlir.selection
// CHECK: spirv.mlir.loop {
// CHECK: ^bb1(%{{.+}}: i32, %[[TOTAL:.+]]: f32):
// CHECK: spirv.SLessThan %{{.+}}, %cst100_i32
// CHECK: spirv.Load "StorageBuffer" %{{.+}} : vector<4xf32>
// CHECK: %[[STEP:.+]] = spirv.Dot %{{.+}}, %{{.+}} : vector<4xf32> -> f32
// CHECK: spirv.FAdd %[[TOTAL]], %[[STEP]]
// CHECK: spirv.IAdd %{{.+}}, %cst4_i32
// CHECK: spirv.ExecutionMode @rowmax "LocalSize", 32, 1, 1
// CHECK: spirv.ExecutionMode @colsum "LocalSize", 17, 1, 1
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
