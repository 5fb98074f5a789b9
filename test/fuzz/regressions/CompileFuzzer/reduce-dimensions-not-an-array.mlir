// f64 reductions (IREE's 64-bit distribute test): 64-bit values do not take
// reduction lanes (a subgroup shuffle moves 32 bits; the LLVM GPU targets
// had failed to legalize gpu.subgroup_reduce of f64), so rows and columns
// are each a thread's serial loop. Compared with the CPU reference on
// random inputs on lavapipe; compiled for CUDA and ROCm too.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: halc-compile %s --iree-hal-target-backends=cuda -o %t.cuda.halm
// RUN: halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 -o %t.rocm.halm
// RUN: halc-compile %s --iree-hal-target-backends=cuda --compile-to=executable-configurations -o - | FileCheck %s --check-prefix=CONFIG
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @row_sum: result[0] vs cpu: matches 64xf64
// CHECK: @column_max: result[0] vs cpu: matches 256xf64
// CHECK: @matvec: result[0] vs cpu: matches 128xf64
// CONFIG-NOT: reduction_lanes
func.func @row_sum(%a: tensor<64x4096xf64>) -> tensor<64xf64> {
  %z = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<64xf64>
  %f = linalg.fill ins(%z : f64) outs(%e : tensor<64xf64>) -> tensor<64xf64>
  %r = linalg.reduce ins(%a : tensor<64x4096xf64>) outs(%f : tensor<64xf64>) dimensions = v[1]
    (%x: f64, %acc: f64) {
      %s = arith.addf %x, %acc : f64
      linalg.yield %s : f64
    }
  return %r : tensor<64xf64>
}
func.func @column_max(%a: tensor<1024x256xf64>) -> tensor<256xf64> {
  %z = arith.constant -1.0e+300 : f64
  %e = tensor.empty() : tensor<256xf64>
  %f = linalg.fill ins(%z : f64) outs(%e : tensor<256xf64>) -> tensor<256xf64>
  %r = linalg.reduce ins(%a : tensor<1024x256xf64>) outs(%f : tensor<256xf64>) dimensions = [0]
    (%x: f64, %acc: f64) {
      %s = arith.maximumf %x, %acc : f64
      linalg.yield %s : f64
    }
  return %r : tensor<256xf64>
}
func.func @matvec(%a: tensor<128x512xf64>, %v: tensor<512xf64>) -> tensor<128xf64> {
  %z = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<128xf64>
  %f = linalg.fill ins(%z : f64) outs(%e : tensor<128xf64>) -> tensor<128xf64>
  %r = linalg.matvec ins(%a, %v : tensor<128x512xf64>, tensor<512xf64>) outs(%f : tensor<128xf64>) -> tensor<128xf64>
  return %r : tensor<128xf64>
}
