// An f16 row sum that a serial f16 accumulator gets wrong: 4,096 elements
// of 0.001 (0.0010004 in f16) sum to 4.0977, but an f16 accumulator stops
// growing near 4.0078. Where lanes share the row (the MSL of metal-spirv:
// one subgroup; lavapipe: 64 lanes combined through workgroup memory), each
// lane accumulates in f32: the sum is 4.0977, the f16 nearest the exact one.
// REQUIRES: lavapipe
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --iree-metal-compile-to-metallib=false -o %t.halm
// RUN: halc-run %t.halm --device=msl-cpu --input=1x4096xf16=0.001 --expected_output=1xf16=4.0977 | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.vk.halm
// RUN: halc-run %t.vk.halm --input=1x4096xf16=0.001 --expected_output=1xf16=4.0977 | FileCheck %s
// CHECK: result[0]: matches 1xf16
func.func @sum(%a: tensor<1x4096xf16>) -> tensor<1xf16> {
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<1xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<1xf16>) -> tensor<1xf16>
  %r = linalg.reduce ins(%a : tensor<1x4096xf16>) outs(%f : tensor<1xf16>) dimensions = [1]
    (%x: f16, %acc: f16) {
      %s = arith.addf %x, %acc : f16
      linalg.yield %s : f16
    }
  return %r : tensor<1xf16>
}
