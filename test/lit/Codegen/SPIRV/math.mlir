// RUN: halc-compile %s --compile-to=executable-targets --iree-hal-target-backends=metal-spirv -o - | FileCheck %s

// Math that SPIR-V has as GLSL instructions maps to them; erf, which it has
// not, becomes a polynomial (fused multiply-adds) instead. 1000 elements are
// 250 vectors of four: two workgroups of 125 threads, one vector each.
// CHECK: halc.export @math {{.*}} workgroup_size([125, 1, 1]) workgroup_count([2, 1, 1])
// CHECK: spirv.func @math()
// CHECK-NOT: math.
// CHECK: spirv.GL.Fma {{.*}} : vector<4xf32>
// CHECK: spirv.GL.Exp {{.*}} : vector<4xf32>
// CHECK: spirv.GL.Log {{.*}} : vector<4xf32>
// CHECK: spirv.GL.Tanh {{.*}} : vector<4xf32>
// CHECK: spirv.GL.Sqrt {{.*}} : vector<4xf32>
// CHECK: spirv.GL.InverseSqrt {{.*}} : vector<4xf32>
// CHECK: spirv.GL.FAbs {{.*}} : vector<4xf32>
// CHECK: spirv.FOrdLessThan {{.*}} : vector<4xf32>
// CHECK: spirv.GL.FMax {{.*}} : vector<4xf32>
// CHECK: spirv.ExecutionMode @math "LocalSize", 125, 1, 1
func.func @math(%a: tensor<1000xf32>) -> tensor<1000xf32> {
  %e = tensor.empty() : tensor<1000xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
    ins(%a : tensor<1000xf32>) outs(%e : tensor<1000xf32>) {
  ^bb0(%x: f32, %o: f32):
    %0 = math.erf %x : f32
    %1 = math.exp %0 : f32
    %2 = math.log %1 : f32
    %3 = math.tanh %2 : f32
    %4 = math.sqrt %3 : f32
    %5 = math.rsqrt %4 : f32
    %6 = math.absf %5 : f32
    %c = arith.cmpf olt, %6, %x : f32
    %7 = arith.select %c, %6, %x : f32
    %8 = arith.maximumf %7, %x : f32
    linalg.yield %8 : f32
  } -> tensor<1000xf32>
  return %r : tensor<1000xf32>
}
