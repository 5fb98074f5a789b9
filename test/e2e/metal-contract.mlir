// The Metal binding contract at scale, run on the CPU as Metal runs it (and
// on lavapipe): twelve exports of four bindings each, so that exports past
// the eighth still take one argument buffer at {{\[\[}}buffer(0)]]; constants of
// different counts in one library (dynamic sizes and scalars), each kernel's
// {{\[\[}}buffer(3)]] exactly its own constants; and an f16 tanh beside the f32
// kernels, which Apple's <metal_math> has no half function for.
// REQUIRES: lavapipe
// RUN: %e2e --dynamic-sizes=1,5x33 %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --dynamic-sizes=1,5x33 %s | FileCheck %s
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.mtl1
// RUN: halc-dump %t.mtl1 --source | FileCheck %s --check-prefix=MSL
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @fma_rows_0[?=1]: result[0] vs cpu: matches
// CHECK: @fma_rows_1[?=1]: result[0] vs cpu: matches
// CHECK: @fma_rows_2[?=1]: result[0] vs cpu: matches
// CHECK: @fma_rows_3[?=1]: result[0] vs cpu: matches
// CHECK: @fma_rows_4[?=1]: result[0] vs cpu: matches
// CHECK: @fma_rows_5[?=1]: result[0] vs cpu: matches
// CHECK: @fma_rows_6[?=1]: result[0] vs cpu: matches
// CHECK: @fma_rows_7[?=1]: result[0] vs cpu: matches
// CHECK: @fma_any_8[?=1]: result[0] vs cpu: matches
// CHECK: @fma_any_9[?=1]: result[0] vs cpu: matches
// CHECK: @fma_scaled_10[?=1]: result[0] vs cpu: matches
// CHECK: @tanh_f16_11[?=1]: result[0] vs cpu: matches
// Twelve kernels, each with its own argument buffer at [[buffer(0)]] and no
// binding passed any other way; each takes a push-constant block of its own
// count at [[buffer(3)]] (the executor checks the struct's size too).
// MSL: {{\[\[}}max_total_threads_per_threadgroup(128)]]
// MSL-NEXT: kernel void fma_rows_0(constant spvDescriptorSetBuffer0& spvDescriptorSet0 {{\[\[}}buffer(0)]], constant _{{[0-9]+}}& _push_constants_3_ {{\[\[}}buffer(3)]]
// MSL-NOT: {{\[\[buffer\([124-9]}}
// MSL: kernel void fma_any_8(constant spvDescriptorSetBuffer8& spvDescriptorSet8 {{\[\[}}buffer(0)]], constant _{{[0-9]+}}& _push_constants_6_ {{\[\[}}buffer(3)]]
// MSL-NOT: {{\[\[buffer\([124-9]}}
// MSL: kernel void fma_scaled_10(constant spvDescriptorSetBuffer10& spvDescriptorSet10 {{\[\[}}buffer(0)]], constant _{{[0-9]+}}& _push_constants_4_ {{\[\[}}buffer(3)]]
// MSL-NOT: {{\[\[buffer\([124-9]}}
// MSL: kernel void tanh_f16_11(constant spvDescriptorSetBuffer11& spvDescriptorSet11 {{\[\[}}buffer(0)]]
// MSL-NOT: precise::tanh(half
// MSL: precise::tanh(float4(
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @fma_rows_0(%a: tensor<?x16xf32>, %b: tensor<?x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b, %c : tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %k = arith.constant 0.0 : f32
    %w = arith.addf %p, %z : f32
    %v = arith.addf %w, %k : f32
    linalg.yield %v : f32
  } -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

func.func @fma_rows_1(%a: tensor<?x16xf32>, %b: tensor<?x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b, %c : tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %k = arith.constant 1.0 : f32
    %w = arith.addf %p, %z : f32
    %v = arith.addf %w, %k : f32
    linalg.yield %v : f32
  } -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

func.func @fma_rows_2(%a: tensor<?x16xf32>, %b: tensor<?x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b, %c : tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %k = arith.constant 2.0 : f32
    %w = arith.addf %p, %z : f32
    %v = arith.addf %w, %k : f32
    linalg.yield %v : f32
  } -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

func.func @fma_rows_3(%a: tensor<?x16xf32>, %b: tensor<?x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b, %c : tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %k = arith.constant 3.0 : f32
    %w = arith.addf %p, %z : f32
    %v = arith.addf %w, %k : f32
    linalg.yield %v : f32
  } -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

func.func @fma_rows_4(%a: tensor<?x16xf32>, %b: tensor<?x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b, %c : tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %k = arith.constant 4.0 : f32
    %w = arith.addf %p, %z : f32
    %v = arith.addf %w, %k : f32
    linalg.yield %v : f32
  } -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

func.func @fma_rows_5(%a: tensor<?x16xf32>, %b: tensor<?x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b, %c : tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %k = arith.constant 5.0 : f32
    %w = arith.addf %p, %z : f32
    %v = arith.addf %w, %k : f32
    linalg.yield %v : f32
  } -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

func.func @fma_rows_6(%a: tensor<?x16xf32>, %b: tensor<?x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b, %c : tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %k = arith.constant 6.0 : f32
    %w = arith.addf %p, %z : f32
    %v = arith.addf %w, %k : f32
    linalg.yield %v : f32
  } -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

func.func @fma_rows_7(%a: tensor<?x16xf32>, %b: tensor<?x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b, %c : tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %k = arith.constant 7.0 : f32
    %w = arith.addf %p, %z : f32
    %v = arith.addf %w, %k : f32
    linalg.yield %v : f32
  } -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

func.func @fma_any_8(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x?xf32>
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b, %c : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %k = arith.constant 8.0 : f32
    %w = arith.addf %p, %z : f32
    %v = arith.addf %w, %k : f32
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @fma_any_9(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x?xf32>
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b, %c : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %k = arith.constant 9.0 : f32
    %w = arith.addf %p, %z : f32
    %v = arith.addf %w, %k : f32
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @fma_scaled_10(%a: tensor<?x16xf32>, %b: tensor<?x16xf32>, %c: tensor<?x16xf32>, %s: f32) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b, %c : tensor<?x16xf32>, tensor<?x16xf32>, tensor<?x16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %q = arith.mulf %p, %s : f32
    %v = arith.addf %q, %z : f32
    linalg.yield %v : f32
  } -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

func.func @tanh_f16_11(%a: tensor<?x16xf16>, %b: tensor<?x16xf16>, %c: tensor<?x16xf16>) -> tensor<?x16xf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x16xf16>
  %e = tensor.empty(%n) : tensor<?x16xf16>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b, %c : tensor<?x16xf16>, tensor<?x16xf16>, tensor<?x16xf16>) outs(%e : tensor<?x16xf16>) {
  ^bb0(%x: f16, %y: f16, %z: f16, %o: f16):
    %t = math.tanh %x : f16
    %p = arith.mulf %t, %y : f16
    %v = arith.addf %p, %z : f16
    linalg.yield %v : f16
  } -> tensor<?x16xf16>
  return %r : tensor<?x16xf16>
}
