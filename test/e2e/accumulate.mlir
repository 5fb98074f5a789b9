// Contractions, convolutions and reductions that accumulate into a function
// argument (C += A·B, the GEMM of every bias; a sum or a maximum starting
// from given values), static and dynamic, f32, bf16 and i8 into i32: the
// kernel reads the accumulator and writes its own result
// (halc-convert-accgemm-to-gemm), compared with the CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e --dynamic-sizes=5,33 %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --dynamic-sizes=33 %s | FileCheck %s
// RUN: halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 -o /dev/null
// RUN: halc-compile %s --iree-hal-target-backends=cuda -o /dev/null
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @gemm_acc: result[0] vs cpu: matches
// CHECK: @gemm_acc_staged: result[0] vs cpu: matches
// CHECK: @gemm_acc_dynamic{{.*}}: result[0] vs cpu: matches
// CHECK: @matvec_i8_acc: result[0] vs cpu: matches
// CHECK: @batch_matvec_i8_acc: result[0] vs cpu: matches
// CHECK: @conv_acc: result[0] vs cpu: matches
// CHECK: @acc_twice: result[0] vs cpu: matches
// CHECK: @acc_twice: result[1] vs cpu: matches
// CHECK: @row_sum_acc: result[0] vs cpu: matches
// CHECK: @column_max_acc: result[0] vs cpu: matches
// CHECK: @row_sum_acc_dynamic{{.*}}: result[0] vs cpu: matches
// CHECK: @bf16_sum_acc: result[0] vs cpu: matches
func.func @gemm_acc(%a: tensor<17x33xf32>, %b: tensor<33x13xf32>, %c: tensor<17x13xf32>) -> tensor<17x13xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<17x33xf32>, tensor<33x13xf32>) outs(%c : tensor<17x13xf32>) -> tensor<17x13xf32>
  return %r : tensor<17x13xf32>
}
func.func @gemm_acc_staged(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>, %c: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x128xf32>) outs(%c : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}
func.func @gemm_acc_dynamic(%a: tensor<?x16xf32>, %b: tensor<16x8xf32>, %c: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x16xf32>, tensor<16x8xf32>) outs(%c : tensor<?x8xf32>) -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}
func.func @matvec_i8_acc(%a: tensor<37x64xi8>, %b: tensor<64xi8>, %c: tensor<37xi32>) -> tensor<37xi32> {
  %r = linalg.matvec ins(%a, %b : tensor<37x64xi8>, tensor<64xi8>) outs(%c : tensor<37xi32>) -> tensor<37xi32>
  return %r : tensor<37xi32>
}
func.func @batch_matvec_i8_acc(%a: tensor<3x19x32xi8>, %b: tensor<3x32xi8>, %c: tensor<3x19xi32>) -> tensor<3x19xi32> {
  %r = linalg.batch_matvec ins(%a, %b : tensor<3x19x32xi8>, tensor<3x32xi8>) outs(%c : tensor<3x19xi32>) -> tensor<3x19xi32>
  return %r : tensor<3x19xi32>
}
func.func @conv_acc(%x: tensor<1x9x9x8xf32>, %w: tensor<3x3x8x16xf32>, %c: tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x9x9x8xf32>, tensor<3x3x8x16xf32>) outs(%c : tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32>
  return %r : tensor<1x7x7x16xf32>
}
// The same accumulator read by two contractions, and one of them returned
// next to it.
func.func @acc_twice(%a: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %r = linalg.matmul ins(%a, %a : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  %s = linalg.matmul ins(%r, %a : tensor<8x8xf32>, tensor<8x8xf32>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %s, %r : tensor<8x8xf32>, tensor<8x8xf32>
}

func.func @row_sum_acc(%a: tensor<6x300xf32>, %acc: tensor<6xf32>) -> tensor<6xf32> {
  %r = linalg.reduce ins(%a : tensor<6x300xf32>) outs(%acc : tensor<6xf32>) dimensions = [1]
    (%x: f32, %s: f32) {
      %t = arith.addf %x, %s : f32
      linalg.yield %t : f32
    }
  return %r : tensor<6xf32>
}
func.func @column_max_acc(%a: tensor<50x7xi32>, %acc: tensor<7xi32>) -> tensor<7xi32> {
  %r = linalg.reduce ins(%a : tensor<50x7xi32>) outs(%acc : tensor<7xi32>) dimensions = [0]
    (%x: i32, %m: i32) {
      %t = arith.maxsi %x, %m : i32
      linalg.yield %t : i32
    }
  return %r : tensor<7xi32>
}
func.func @row_sum_acc_dynamic(%a: tensor<?x40xf32>, %acc: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x40xf32>) outs(%acc : tensor<?xf32>) {
  ^bb0(%x: f32, %s: f32):
    %sq = arith.mulf %x, %x : f32
    %t = arith.addf %sq, %s : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @bf16_sum_acc(%a: tensor<3x512xbf16>, %acc: tensor<3xbf16>) -> tensor<3xbf16> {
  %r = linalg.reduce ins(%a : tensor<3x512xbf16>) outs(%acc : tensor<3xbf16>) dimensions = [1]
    (%x: bf16, %s: bf16) {
      %t = arith.addf %x, %s : bf16
      linalg.yield %t : bf16
    }
  return %r : tensor<3xbf16>
}
