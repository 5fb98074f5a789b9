// RUN: halc-compile %s --compile-to=executable-targets --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=lavapipe -o - | FileCheck %s

// Rank 4, a broadcast operand (d1, d3), linalg.index, math, a comparison and
// a select. The three inner loops go to workgroups z, y, x (127 along x in
// 64-thread tiles: a guarded edge); each thread computes both elements of the
// outer one, a static 2x1x1x1 tile that is vectorized and then unrolled.
// CHECK-LABEL: halc.export @ew4
// CHECK-SAME: workgroup_size([64, 1, 1]) workgroup_count([2, 17, 3])
// CHECK: spirv.module
// CHECK-DAG: spirv.GlobalVariable @[[A:.+]] bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<12954 x f32, stride=4> [0])>, StorageBuffer>
// CHECK-DAG: spirv.GlobalVariable @[[B:.+]] bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.array<381 x f32, stride=4> [0])>, StorageBuffer>
// CHECK-DAG: spirv.GlobalVariable @[[OUT:.+]] bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.array<12954 x f32, stride=4> [0])>, StorageBuffer>
// CHECK-DAG: spirv.GlobalVariable @[[WG:.+]] built_in("WorkgroupId")
// CHECK-DAG: spirv.GlobalVariable @[[TID:.+]] built_in("LocalInvocationId")
// CHECK: spirv.func @ew4()
// CHECK: spirv.Load "Input" %{{.+}} : vector<3xi32>
// CHECK: spirv.mlir.selection {
// CHECK-NOT: spirv.mlir.loop
// CHECK: spirv.ConvertSToF
// CHECK: spirv.GL.Exp
// CHECK: spirv.GL.Tanh
// CHECK: spirv.GL.Pow
// CHECK: spirv.GL.InverseSqrt
// CHECK: spirv.GL.FAbs
// CHECK: spirv.GL.Log
// CHECK: spirv.GL.Sqrt
// CHECK: spirv.FOrdGreaterThan
// CHECK: spirv.Select
// CHECK: spirv.Store "StorageBuffer"
// CHECK: spirv.Store "StorageBuffer"
// CHECK-NOT: spirv.Store
// CHECK: spirv.EntryPoint "GLCompute" @ew4, {{(@ew4_arg_[0-9]+, )+}}@[[WG]], @[[TID]]
// CHECK: spirv.ExecutionMode @ew4 "LocalSize", 64, 1, 1
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bc = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
func.func @ew4(%a: tensor<2x3x17x127xf32>, %b: tensor<3x127xf32>) -> tensor<2x3x17x127xf32> {
  %e = tensor.empty() : tensor<2x3x17x127xf32>
  %r = linalg.generic {indexing_maps = [#id, #bc, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%a, %b : tensor<2x3x17x127xf32>, tensor<3x127xf32>) outs(%e : tensor<2x3x17x127xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %i = linalg.index 3 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %0 = math.exp %x : f32
    %1 = math.tanh %y : f32
    %3 = math.powf %0, %1 : f32
    %4 = math.rsqrt %3 : f32
    %5 = math.absf %4 : f32
    %6 = math.log %5 : f32
    %7 = math.sqrt %6 : f32
    %c = arith.cmpf ogt, %7, %fi : f32
    %s = arith.select %c, %7, %fi : f32
    linalg.yield %s : f32
  } -> tensor<2x3x17x127xf32>
  return %r : tensor<2x3x17x127xf32>
}

