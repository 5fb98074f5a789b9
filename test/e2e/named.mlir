// Named data-movement ops: copy, transpose, broadcast (fill: in the
// contraction tests), at sizes with
// remainders, vs. the CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @copy_3x513: result[0] vs cpu: matches
// CHECK: @transpose_17x127: result[0] vs cpu: matches
// CHECK: @transpose_64x32: result[0] vs cpu: matches
// CHECK: @broadcast_5x127: result[0] vs cpu: matches
func.func @copy_3x513(%a: tensor<3x513xf32>) -> tensor<3x513xf32> {
  %e = tensor.empty() : tensor<3x513xf32>
  %r = linalg.copy ins(%a : tensor<3x513xf32>) outs(%e : tensor<3x513xf32>) -> tensor<3x513xf32>
  return %r : tensor<3x513xf32>
}
func.func @transpose_17x127(%a: tensor<17x127xf32>) -> tensor<127x17xf32> {
  %e = tensor.empty() : tensor<127x17xf32>
  %r = linalg.transpose ins(%a : tensor<17x127xf32>) outs(%e : tensor<127x17xf32>) permutation = [1, 0]
  return %r : tensor<127x17xf32>
}
func.func @transpose_64x32(%a: tensor<64x32xi32>) -> tensor<32x64xi32> {
  %e = tensor.empty() : tensor<32x64xi32>
  %r = linalg.transpose ins(%a : tensor<64x32xi32>) outs(%e : tensor<32x64xi32>) permutation = [1, 0]
  return %r : tensor<32x64xi32>
}
func.func @broadcast_5x127(%a: tensor<127xf32>) -> tensor<5x127xf32> {
  %e = tensor.empty() : tensor<5x127xf32>
  %r = linalg.broadcast ins(%a : tensor<127xf32>) outs(%e : tensor<5x127xf32>) dimensions = [0]
  return %r : tensor<5x127xf32>
}
