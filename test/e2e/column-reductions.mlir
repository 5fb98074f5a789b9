// Column reductions shared by lanes along y (reduction_lanes: 32 columns of
// a workgroup along x, coalesced; the lanes' results combined through
// workgroup memory): row counts of 1, 7, 1000 and a dynamic one (lanes
// without rows, strided shares that end unevenly), sums and maxima in f32,
// i32 and f16, a batch of column sums (z), and a column count that is not a
// multiple of 32 (each thread keeps its column), vs. the CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e --dynamic-sizes=1,45 %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --msl-configurations=3.0/macos,2.4/ios --dynamic-sizes=1,45 %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @colsum_f32_1x64: result[0] vs cpu: matches 64xf32
// CHECK: @colsum_f32_7x32: result[0] vs cpu: matches 32xf32
// CHECK: @colmax_f32_1000x96: result[0] vs cpu: matches 96xf32
// CHECK: @colsum_i32_333x64: result[0] vs cpu: matches 64xi32
// CHECK: @colsum_f16_200x32: result[0] vs cpu: matches 32xf16
// CHECK: @colsum_batch_3x50x64: result[0] vs cpu: matches 3x64xf32
// CHECK: @colsum_dynamic_rows[?=1]: result[0] vs cpu: matches 128xf32
// CHECK: @colsum_dynamic_rows[?=45]: result[0] vs cpu: matches 128xf32
// CHECK: @colsum_f32_40x50: result[0] vs cpu: matches 50xf32
func.func @colsum_f32_1x64(%a: tensor<1x64xf32>) -> tensor<64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s = linalg.reduce ins(%a : tensor<1x64xf32>) outs(%f : tensor<64xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %c = arith.addf %x, %acc : f32
      linalg.yield %c : f32
    }
  return %s : tensor<64xf32>
}
func.func @colsum_f32_7x32(%a: tensor<7x32xf32>) -> tensor<32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
  %s = linalg.reduce ins(%a : tensor<7x32xf32>) outs(%f : tensor<32xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %c = arith.addf %x, %acc : f32
      linalg.yield %c : f32
    }
  return %s : tensor<32xf32>
}
func.func @colmax_f32_1000x96(%a: tensor<1000x96xf32>) -> tensor<96xf32> {
  %z = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<96xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<96xf32>) -> tensor<96xf32>
  %s = linalg.reduce ins(%a : tensor<1000x96xf32>) outs(%f : tensor<96xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %c = arith.maxnumf %x, %acc : f32
      linalg.yield %c : f32
    }
  return %s : tensor<96xf32>
}
func.func @colsum_i32_333x64(%a: tensor<333x64xi32>) -> tensor<64xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<64xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<64xi32>) -> tensor<64xi32>
  %s = linalg.reduce ins(%a : tensor<333x64xi32>) outs(%f : tensor<64xi32>) dimensions = [0]
    (%x: i32, %acc: i32) {
      %c = arith.addi %x, %acc : i32
      linalg.yield %c : i32
    }
  return %s : tensor<64xi32>
}
func.func @colsum_f16_200x32(%a: tensor<200x32xf16>) -> tensor<32xf16> {
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<32xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<32xf16>) -> tensor<32xf16>
  %s = linalg.reduce ins(%a : tensor<200x32xf16>) outs(%f : tensor<32xf16>) dimensions = [0]
    (%x: f16, %acc: f16) {
      %c = arith.addf %x, %acc : f16
      linalg.yield %c : f16
    }
  return %s : tensor<32xf16>
}
func.func @colsum_batch_3x50x64(%a: tensor<3x50x64xf32>) -> tensor<3x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x64xf32>) -> tensor<3x64xf32>
  %s = linalg.reduce ins(%a : tensor<3x50x64xf32>) outs(%f : tensor<3x64xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %c = arith.addf %x, %acc : f32
      linalg.yield %c : f32
    }
  return %s : tensor<3x64xf32>
}
func.func @colsum_dynamic_rows(%a: tensor<?x128xf32>) -> tensor<128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<128xf32>) -> tensor<128xf32>
  %s = linalg.reduce ins(%a : tensor<?x128xf32>) outs(%f : tensor<128xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %c = arith.addf %x, %acc : f32
      linalg.yield %c : f32
    }
  return %s : tensor<128xf32>
}
func.func @colsum_f32_40x50(%a: tensor<40x50xf32>) -> tensor<50xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<50xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<50xf32>) -> tensor<50xf32>
  %s = linalg.reduce ins(%a : tensor<40x50xf32>) outs(%f : tensor<50xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %c = arith.addf %x, %acc : f32
      linalg.yield %c : f32
    }
  return %s : tensor<50xf32>
}
