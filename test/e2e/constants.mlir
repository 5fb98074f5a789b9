// Constant tensors become read-only buffers of the plan, their elements in
// the module file: a matmul with constant weights and bias (one constant read
// by two dispatches), an i32 table, and results that alias the arguments
// (returned as they are, twice: the argument's buffer, no dispatch), vs. the
// CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.halm
// RUN: halc-dump %t.halm | FileCheck %s --check-prefix=PLAN
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @dense_layer_5x13x6: result[0] vs cpu: matches
// CHECK: @dense_layer_5x13x6: result[1] vs cpu: matches
// CHECK: @add_i32_table_7: result[0] vs cpu: matches
// CHECK: @returned_arguments: result[0] vs cpu: matches
// CHECK: @returned_arguments: result[1] vs cpu: matches
// PLAN: function @dense_layer_5x13x6(5x13xf32) -> (5x6xf32, 5x6xf32): 5 buffers (constants: 1, 2)
// PLAN: function @add_i32_table_7(7xi32) -> (7xi32): 3 buffers (constants: 1)
// PLAN: function @returned_arguments(5xf32) -> (5xf32, 5xf32): 1 buffers
// PLAN-NOT: dispatch
func.func @dense_layer_5x13x6(%x: tensor<5x13xf32>) -> (tensor<5x6xf32>, tensor<5x6xf32>) {
  %w = arith.constant dense<[[-0.352, -0.698, 0.302, -0.855, 0.072, -0.269], [-0.884, 0.015, -0.925, -0.133, -0.860, -0.819], [-0.151, 0.654, -0.752, -0.554, 0.255, 0.895], [0.154, -0.207, 0.953, -0.907, 0.717, -0.421], [-0.711, -0.764, -0.383, 0.632, -0.639, 0.163], [0.278, -0.255, 0.095, -0.874, -0.881, -0.588], [0.361, -0.145, -0.372, 0.171, -0.094, -0.400], [0.589, 0.398, -0.512, 0.149, 0.050, 0.750], [0.459, -0.424, 0.960, -0.764, -0.164, 0.514], [-0.696, -0.022, -0.922, 0.336, 0.529, 0.146], [0.751, -0.373, 0.391, 0.189, 0.160, -0.088], [0.680, 0.889, -0.052, 0.328, -0.879, 0.403], [0.294, 0.986, 0.644, -0.431, -0.228, 0.337]]> : tensor<13x6xf32>
  %b = arith.constant dense<[-0.955, -0.077, -0.664, -0.766, -0.882, 0.536]> : tensor<6xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x6xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<5x6xf32>) -> tensor<5x6xf32>
  %m = linalg.matmul ins(%x, %w : tensor<5x13xf32>, tensor<13x6xf32>) outs(%f : tensor<5x6xf32>) -> tensor<5x6xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%m, %b : tensor<5x6xf32>, tensor<6xf32>) outs(%e : tensor<5x6xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> tensor<5x6xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%y, %b : tensor<5x6xf32>, tensor<6xf32>) outs(%e : tensor<5x6xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.mulf %v, %c : f32
    linalg.yield %s : f32
  } -> tensor<5x6xf32>
  return %y, %n : tensor<5x6xf32>, tensor<5x6xf32>
}
func.func @add_i32_table_7(%a: tensor<7xi32>) -> tensor<7xi32> {
  %t = arith.constant dense<[-34, 44, -19, 0, 0, 13, -40]> : tensor<7xi32>
  %e = tensor.empty() : tensor<7xi32>
  %r = linalg.add ins(%a, %t : tensor<7xi32>, tensor<7xi32>) outs(%e : tensor<7xi32>) -> tensor<7xi32>
  return %r : tensor<7xi32>
}
func.func @returned_arguments(%a: tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>) {
  return %a, %a : tensor<5xf32>, tensor<5xf32>
}
