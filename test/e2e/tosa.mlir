// TOSA input (detected, lowered by upstream MLIR's TOSA pipelines): a
// matmul + bias + ReLU block, elementwise ops with broadcasting, a
// reduction, 32-bit scaling (tosa.apply_scale, tosa.rescale with
// DOUBLE_ROUND: arithmetic of 32 bits), a table given as an argument, vs.
// the CPU reference (which lowers the same TOSA on the CPU), and scaling
// against values worked out by hand.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// RUN: halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 -o /dev/null
// RUN: halc-compile %s --iree-hal-target-backends=cuda -o /dev/null
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @tosa_block: result[0] vs cpu: matches
// CHECK: @tosa_elementwise: result[0] vs cpu: matches
// CHECK: @tosa_reduce: result[0] vs cpu: matches
// CHECK: @tosa_apply_scale: result[0] vs cpu: matches
// CHECK: @tosa_table_argument: result[0] vs cpu: matches
// CHECK: @tosa_rescale: result[0] vs cpu: matches
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.halm
// RUN: halc-run %t.halm --function=tosa_apply_scale --input=8xi32=100,-100,3,7,-7,1000000,0,1 --input=8xi32=1073741824,1073741824,1073741824,-1073741824,1073741824,1073741824,5,1073741824 | FileCheck %s --check-prefix=SCALE
// The shift is 31 for every element: 100 * 2^30 / 2^31 = 50; halves round
// up (1.5 to 2, -3.5 to -3, 0.5 to 1: DOUBLE_ROUND changes only shifts
// above 31).
// SCALE: result[0]: 8xi32=[50 -50 2 -3 -3 500000 0 1]
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

func.func @tosa_apply_scale(%v: tensor<8xi32>, %m: tensor<8xi32>) -> tensor<8xi32> {
  %shift = "tosa.const"() <{values = dense<31> : tensor<8xi8>}> : () -> tensor<8xi8>
  %r = tosa.apply_scale %v, %m, %shift {rounding_mode = DOUBLE_ROUND} : (tensor<8xi32>, tensor<8xi32>, tensor<8xi8>) -> tensor<8xi32>
  return %r : tensor<8xi32>
}
func.func @tosa_table_argument(%x: tensor<4x16xi8>, %table: tensor<256xi8>) -> tensor<4x16xi8> {
  %r = tosa.table %x, %table : (tensor<4x16xi8>, tensor<256xi8>) -> tensor<4x16xi8>
  return %r : tensor<4x16xi8>
}
func.func @tosa_rescale(%x: tensor<5x16xi8>) -> tensor<5x16xi32> {
  %multiplier = "tosa.const"() <{values = dense<1518500250> : tensor<1xi32>}> : () -> tensor<1xi32>
  %shift = "tosa.const"() <{values = dense<33> : tensor<1xi8>}> : () -> tensor<1xi8>
  %izp = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
  %ozp = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
  %r = tosa.rescale %x, %multiplier, %shift, %izp, %ozp {scale32 = true, rounding_mode = DOUBLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<5x16xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<5x16xi32>
  return %r : tensor<5x16xi32>
}
