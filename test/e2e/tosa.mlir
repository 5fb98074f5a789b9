// TOSA input (detected, lowered by upstream MLIR's TOSA pipelines): a
// matmul + bias + ReLU block, elementwise ops with broadcasting, a
// reduction, vs. the CPU reference (which lowers the same TOSA on the CPU).
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @tosa_block: result[0] vs cpu: matches
// CHECK: @tosa_elementwise: result[0] vs cpu: matches
// CHECK: @tosa_reduce: result[0] vs cpu: matches
func.func @tosa_block(%a: tensor<1x17x32xf32>, %b: tensor<1x32x9xf32>, %bias: tensor<1x1x9xf32>) -> tensor<1x17x9xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %mm = tosa.matmul %a, %b, %zp, %zp : (tensor<1x17x32xf32>, tensor<1x32x9xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x17x9xf32>
  %add = tosa.add %mm, %bias : (tensor<1x17x9xf32>, tensor<1x1x9xf32>) -> tensor<1x17x9xf32>
  %r = tosa.clamp %add {min_val = 0.0 : f32, max_val = 3.4e+38 : f32} : (tensor<1x17x9xf32>) -> tensor<1x17x9xf32>
  return %r : tensor<1x17x9xf32>
}
func.func @tosa_elementwise(%a: tensor<3x127xf32>, %b: tensor<1x127xf32>) -> tensor<3x127xf32> {
  %s = tosa.sub %a, %b : (tensor<3x127xf32>, tensor<1x127xf32>) -> tensor<3x127xf32>
  %e = tosa.exp %s : (tensor<3x127xf32>) -> tensor<3x127xf32>
  %t = tosa.tanh %e : (tensor<3x127xf32>) -> tensor<3x127xf32>
  %m = tosa.maximum %t, %a : (tensor<3x127xf32>, tensor<3x127xf32>) -> tensor<3x127xf32>
  return %m : tensor<3x127xf32>
}
func.func @tosa_reduce(%a: tensor<17x33xf32>) -> tensor<17x1xf32> {
  %r = tosa.reduce_sum %a {axis = 1 : i32} : (tensor<17x33xf32>) -> tensor<17x1xf32>
  return %r : tensor<17x1xf32>
}
