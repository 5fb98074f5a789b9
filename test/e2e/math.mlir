// Math on random inputs vs. the CPU reference: exp, log, tanh, sqrt, rsqrt,
// powf, absf and erf (a polynomial on the GPU, libm on the CPU), f32 and f16.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @math_f32_127: result[0] vs cpu: matches
// CHECK: @erf_f32_513: result[0] vs cpu: matches
// CHECK: @math_f16_64: result[0] vs cpu: matches
#id = affine_map<(d0) -> (d0)>
func.func @math_f32_127(%a: tensor<127xf32>, %b: tensor<127xf32>) -> tensor<127xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<127xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
    ins(%a, %b : tensor<127xf32>, tensor<127xf32>) outs(%e : tensor<127xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %ax = math.absf %x : f32
    %p = arith.addf %ax, %one : f32
    %l = math.log %p : f32
    %s = math.sqrt %p : f32
    %q = math.rsqrt %p : f32
    %w = math.powf %p, %y : f32
    %t = math.tanh %y : f32
    %x2 = math.exp %x : f32
    %0 = arith.addf %l, %s : f32
    %1 = arith.addf %0, %q : f32
    %2 = arith.addf %1, %w : f32
    %3 = arith.addf %2, %t : f32
    %4 = arith.addf %3, %x2 : f32
    linalg.yield %4 : f32
  } -> tensor<127xf32>
  return %r : tensor<127xf32>
}
func.func @erf_f32_513(%a: tensor<513xf32>) -> tensor<513xf32> {
  %three = arith.constant 3.0 : f32
  %e = tensor.empty() : tensor<513xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
    ins(%a : tensor<513xf32>) outs(%e : tensor<513xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %three : f32
    %v = math.erf %s : f32
    linalg.yield %v : f32
  } -> tensor<513xf32>
  return %r : tensor<513xf32>
}
func.func @math_f16_64(%a: tensor<64xf16>) -> tensor<64xf16> {
  %e = tensor.empty() : tensor<64xf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
    ins(%a : tensor<64xf16>) outs(%e : tensor<64xf16>) {
  ^bb0(%x: f16, %o: f16):
    %ex = math.exp %x : f16
    %t = math.tanh %x : f16
    %s = arith.addf %ex, %t : f16
    linalg.yield %s : f16
  } -> tensor<64xf16>
  return %r : tensor<64xf16>
}
