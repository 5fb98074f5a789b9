// Contractions at aligned shapes (vectorized, accumulators in registers) and
// at shapes with remainders (1, 3, 17, 127, 513: guarded edge tiles), each
// compared with the CPU reference on random inputs; an f16 matmul accumulates
// in f32.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @mm_1x1x1: result[0] vs cpu: matches
// CHECK: @mm_3x17x127: result[0] vs cpu: matches
// CHECK: @mm_17x3x513: result[0] vs cpu: matches
// CHECK: @mm_127x33x17: result[0] vs cpu: matches
// CHECK: @mm_64x128x96: result[0] vs cpu: matches
// CHECK: @mm_128x256x96: result[0] vs cpu: matches
// CHECK: @mm_513x8x3: result[0] vs cpu: matches
// CHECK: @bmm_3x17x31x13: result[0] vs cpu: matches
// CHECK: @bmm_2x32x16x64: result[0] vs cpu: matches
// CHECK: @mv_127x33: result[0] vs cpu: matches
// CHECK: @mv_1x513: result[0] vs cpu: matches
// CHECK: @mv_64x64: result[0] vs cpu: matches
// CHECK: @mm_f16_acc_f32_33x65x17: result[0] vs cpu: matches
func.func @mm_1x1x1(%a: tensor<1x1xf32>, %b: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x1xf32>) -> tensor<1x1xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1x1xf32>, tensor<1x1xf32>) outs(%f : tensor<1x1xf32>) -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}
func.func @mm_3x17x127(%a: tensor<3x17xf32>, %b: tensor<17x127xf32>) -> tensor<3x127xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x127xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x127xf32>) -> tensor<3x127xf32>
  %r = linalg.matmul ins(%a, %b : tensor<3x17xf32>, tensor<17x127xf32>) outs(%f : tensor<3x127xf32>) -> tensor<3x127xf32>
  return %r : tensor<3x127xf32>
}
func.func @mm_17x3x513(%a: tensor<17x3xf32>, %b: tensor<3x513xf32>) -> tensor<17x513xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<17x513xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<17x513xf32>) -> tensor<17x513xf32>
  %r = linalg.matmul ins(%a, %b : tensor<17x3xf32>, tensor<3x513xf32>) outs(%f : tensor<17x513xf32>) -> tensor<17x513xf32>
  return %r : tensor<17x513xf32>
}
func.func @mm_127x33x17(%a: tensor<127x33xf32>, %b: tensor<33x17xf32>) -> tensor<127x17xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<127x17xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<127x17xf32>) -> tensor<127x17xf32>
  %r = linalg.matmul ins(%a, %b : tensor<127x33xf32>, tensor<33x17xf32>) outs(%f : tensor<127x17xf32>) -> tensor<127x17xf32>
  return %r : tensor<127x17xf32>
}
func.func @mm_64x128x96(%a: tensor<64x128xf32>, %b: tensor<128x96xf32>) -> tensor<64x96xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x96xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x96xf32>) -> tensor<64x96xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x128xf32>, tensor<128x96xf32>) outs(%f : tensor<64x96xf32>) -> tensor<64x96xf32>
  return %r : tensor<64x96xf32>
}
func.func @mm_128x256x96(%a: tensor<128x256xf32>, %b: tensor<256x96xf32>) -> tensor<128x96xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x96xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<128x96xf32>) -> tensor<128x96xf32>
  %r = linalg.matmul ins(%a, %b : tensor<128x256xf32>, tensor<256x96xf32>) outs(%f : tensor<128x96xf32>) -> tensor<128x96xf32>
  return %r : tensor<128x96xf32>
}
func.func @mm_513x8x3(%a: tensor<513x8xf32>, %b: tensor<8x3xf32>) -> tensor<513x3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<513x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<513x3xf32>) -> tensor<513x3xf32>
  %r = linalg.matmul ins(%a, %b : tensor<513x8xf32>, tensor<8x3xf32>) outs(%f : tensor<513x3xf32>) -> tensor<513x3xf32>
  return %r : tensor<513x3xf32>
}
func.func @bmm_3x17x31x13(%a: tensor<3x17x31xf32>, %b: tensor<3x31x13xf32>) -> tensor<3x17x13xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x17x13xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x17x13xf32>) -> tensor<3x17x13xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x17x31xf32>, tensor<3x31x13xf32>) outs(%f : tensor<3x17x13xf32>) -> tensor<3x17x13xf32>
  return %r : tensor<3x17x13xf32>
}
func.func @bmm_2x32x16x64(%a: tensor<2x32x16xf32>, %b: tensor<2x16x64xf32>) -> tensor<2x32x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x32x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x32x16xf32>, tensor<2x16x64xf32>) outs(%f : tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
  return %r : tensor<2x32x64xf32>
}
func.func @mv_127x33(%a: tensor<127x33xf32>, %b: tensor<33xf32>) -> tensor<127xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<127xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<127xf32>) -> tensor<127xf32>
  %r = linalg.matvec ins(%a, %b : tensor<127x33xf32>, tensor<33xf32>) outs(%f : tensor<127xf32>) -> tensor<127xf32>
  return %r : tensor<127xf32>
}
func.func @mv_1x513(%a: tensor<1x513xf32>, %b: tensor<513xf32>) -> tensor<1xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  %r = linalg.matvec ins(%a, %b : tensor<1x513xf32>, tensor<513xf32>) outs(%f : tensor<1xf32>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}
func.func @mv_64x64(%a: tensor<64x64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %r = linalg.matvec ins(%a, %b : tensor<64x64xf32>, tensor<64xf32>) outs(%f : tensor<64xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func @mm_f16_acc_f32_33x65x17(%a: tensor<33x65xf16>, %b: tensor<65x17xf16>) -> tensor<33x17xf16> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<33x17xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<33x17xf32>) -> tensor<33x17xf32>
  %m = linalg.matmul ins(%a, %b : tensor<33x65xf16>, tensor<65x17xf16>) outs(%f : tensor<33x17xf32>) -> tensor<33x17xf32>
  %e16 = tensor.empty() : tensor<33x17xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%m : tensor<33x17xf32>) outs(%e16 : tensor<33x17xf16>) {
  ^bb0(%x: f32, %o: f16):
    %t = arith.truncf %x : f32 to f16
    linalg.yield %t : f16
  } -> tensor<33x17xf16>
  return %r : tensor<33x17xf16>
}
