// Named data-movement ops: copy, transpose, broadcast (fill: in the
// contraction tests), at sizes with
// remainders, vs. the CPU reference. Transposes of at least 32x32 go through
// 32x32 tiles in workgroup memory (promote_operands): edge tiles of 100x70,
// f16, a batch of transposes, and an add that reads one operand transposed
// and the other not.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @copy_3x513: result[0] vs cpu: matches
// CHECK: @transpose_17x127: result[0] vs cpu: matches
// CHECK: @transpose_64x32: result[0] vs cpu: matches
// CHECK: @broadcast_5x127: result[0] vs cpu: matches
// CHECK: @transpose_100x70: result[0] vs cpu: matches
// CHECK: @transpose_f16_64x96: result[0] vs cpu: matches
// CHECK: @transpose_batch_3x40x50: result[0] vs cpu: matches
// CHECK: @transposed_add_48x80: result[0] vs cpu: matches
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
func.func @transpose_100x70(%a: tensor<100x70xf32>) -> tensor<70x100xf32> {
  %e = tensor.empty() : tensor<70x100xf32>
  %r = linalg.transpose ins(%a : tensor<100x70xf32>) outs(%e : tensor<70x100xf32>) permutation = [1, 0]
  return %r : tensor<70x100xf32>
}
func.func @transpose_f16_64x96(%a: tensor<64x96xf16>) -> tensor<96x64xf16> {
  %e = tensor.empty() : tensor<96x64xf16>
  %r = linalg.transpose ins(%a : tensor<64x96xf16>) outs(%e : tensor<96x64xf16>) permutation = [1, 0]
  return %r : tensor<96x64xf16>
}
func.func @transpose_batch_3x40x50(%a: tensor<3x40x50xf32>) -> tensor<3x50x40xf32> {
  %e = tensor.empty() : tensor<3x50x40xf32>
  %r = linalg.transpose ins(%a : tensor<3x40x50xf32>) outs(%e : tensor<3x50x40xf32>) permutation = [0, 2, 1]
  return %r : tensor<3x50x40xf32>
}
func.func @transposed_add_48x80(%a: tensor<80x48xf32>, %b: tensor<48x80xf32>) -> tensor<48x80xf32> {
  %e = tensor.empty() : tensor<48x80xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<80x48xf32>, tensor<48x80xf32>) outs(%e : tensor<48x80xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<48x80xf32>
  return %r : tensor<48x80xf32>
}
