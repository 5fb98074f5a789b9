// Row chains: a softmax or a layer norm over rows is one dispatch whose
// workgroups each take whole rows and run the chain's reductions and its
// elementwise root in turn, the lanes sharing each row (the row's max, sum or
// mean combined by subgroup operations or through workgroup memory, read by
// every lane after a barrier): rows of 1, 31, 33, 1000 and 50,257 elements,
// f16 (a layer norm whose sums of squares, a contraction step, accumulate
// in f32), rows of two loops, a dynamic number of rows and a dynamic row length,
// and a layer norm with a scale and a shift read along the row, vs. the CPU
// reference, on lavapipe and through the Metal executor.
// REQUIRES: lavapipe
// RUN: %e2e --dynamic-sizes=1,9 %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --msl-configurations=3.0/macos,2.4/ios --dynamic-sizes=1,9 %s | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.halm
// RUN: halc-dump %t.halm | FileCheck %s --check-prefix=PLAN
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @softmax_7x1: result[0] vs cpu: matches 7x1xf32
// CHECK: @softmax_5x31: result[0] vs cpu: matches 5x31xf32
// CHECK: @softmax_9x33: result[0] vs cpu: matches 9x33xf32
// CHECK: @softmax_3x1000: result[0] vs cpu: matches 3x1000xf32
// CHECK: @softmax_2x50257: result[0] vs cpu: matches 2x50257xf32
// CHECK: @softmax_f16_4x96: result[0] vs cpu: matches 4x96xf16
// CHECK: @softmax_2x3x40: result[0] vs cpu: matches 2x3x40xf32
// CHECK: @softmax_dynamic_rows[?=1]: result[0] vs cpu: matches 1x33xf32
// CHECK: @softmax_dynamic_rows[?=9]: result[0] vs cpu: matches 9x33xf32
// CHECK: @softmax_dynamic_row_length[?=1]: result[0] vs cpu: matches 6x1xf32
// CHECK: @softmax_dynamic_row_length[?=9]: result[0] vs cpu: matches 6x9xf32
// CHECK: @layernorm_6x130: result[0] vs cpu: matches 6x130xf32
// CHECK: @layernorm_3x1000: result[0] vs cpu: matches 3x1000xf32
// CHECK: @layernorm_f16_4x256: result[0] vs cpu: matches 4x256xf16
// One dispatch per function: as many exports as functions.
// PLAN: HALM module: 1 executable(s), 12 function(s)
// PLAN-NEXT: executable 0:
// PLAN-NEXT: VKE1 executable: 12 exports
#all = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @softmax_7x1(%a: tensor<7x1xf32>) -> tensor<7x1xf32> {
  %e = tensor.empty() : tensor<7x1xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<7x1xf32>) outs(%e : tensor<7x1xf32>) -> tensor<7x1xf32>
  return %r : tensor<7x1xf32>
}
func.func @softmax_5x31(%a: tensor<5x31xf32>) -> tensor<5x31xf32> {
  %e = tensor.empty() : tensor<5x31xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<5x31xf32>) outs(%e : tensor<5x31xf32>) -> tensor<5x31xf32>
  return %r : tensor<5x31xf32>
}
func.func @softmax_9x33(%a: tensor<9x33xf32>) -> tensor<9x33xf32> {
  %e = tensor.empty() : tensor<9x33xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<9x33xf32>) outs(%e : tensor<9x33xf32>) -> tensor<9x33xf32>
  return %r : tensor<9x33xf32>
}
func.func @softmax_3x1000(%a: tensor<3x1000xf32>) -> tensor<3x1000xf32> {
  %e = tensor.empty() : tensor<3x1000xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<3x1000xf32>) outs(%e : tensor<3x1000xf32>) -> tensor<3x1000xf32>
  return %r : tensor<3x1000xf32>
}
func.func @softmax_2x50257(%a: tensor<2x50257xf32>) -> tensor<2x50257xf32> {
  %e = tensor.empty() : tensor<2x50257xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<2x50257xf32>) outs(%e : tensor<2x50257xf32>) -> tensor<2x50257xf32>
  return %r : tensor<2x50257xf32>
}
func.func @softmax_f16_4x96(%a: tensor<4x96xf16>) -> tensor<4x96xf16> {
  %e = tensor.empty() : tensor<4x96xf16>
  %r = linalg.softmax dimension(1) ins(%a : tensor<4x96xf16>) outs(%e : tensor<4x96xf16>) -> tensor<4x96xf16>
  return %r : tensor<4x96xf16>
}
func.func @softmax_2x3x40(%a: tensor<2x3x40xf32>) -> tensor<2x3x40xf32> {
  %e = tensor.empty() : tensor<2x3x40xf32>
  %r = linalg.softmax dimension(2) ins(%a : tensor<2x3x40xf32>) outs(%e : tensor<2x3x40xf32>) -> tensor<2x3x40xf32>
  return %r : tensor<2x3x40xf32>
}
func.func @softmax_dynamic_rows(%a: tensor<?x33xf32>) -> tensor<?x33xf32> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x33xf32>
  %e = tensor.empty(%d0) : tensor<?x33xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<?x33xf32>) outs(%e : tensor<?x33xf32>) -> tensor<?x33xf32>
  return %r : tensor<?x33xf32>
}
func.func @softmax_dynamic_row_length(%a: tensor<6x?xf32>) -> tensor<6x?xf32> {
  %c1 = arith.constant 1 : index
  %d1 = tensor.dim %a, %c1 : tensor<6x?xf32>
  %e = tensor.empty(%d1) : tensor<6x?xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<6x?xf32>) outs(%e : tensor<6x?xf32>) -> tensor<6x?xf32>
  return %r : tensor<6x?xf32>
}
func.func @layernorm_6x130(%a: tensor<6x130xf32>, %gamma: tensor<130xf32>, %beta: tensor<130xf32>) -> tensor<6x130xf32> {
  %z = arith.constant 0.0 : f32
  %n = arith.constant 130.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e1 = tensor.empty() : tensor<6xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<6xf32>) -> tensor<6xf32>
  %sum = linalg.generic {indexing_maps = [#all, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<6x130xf32>) outs(%f1 : tensor<6xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<6xf32>
  %sq = linalg.generic {indexing_maps = [#all, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%a, %sum : tensor<6x130xf32>, tensor<6xf32>) outs(%f1 : tensor<6xf32>) {
  ^bb0(%x: f32, %s: f32, %acc: f32):
    %mean = arith.divf %s, %n : f32
    %d = arith.subf %x, %mean : f32
    %d2 = arith.mulf %d, %d : f32
    %r = arith.addf %d2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<6xf32>
  %e2 = tensor.empty() : tensor<6x130xf32>
  %out = linalg.generic {indexing_maps = [#all, #row, #row, #col, #col, #all], iterator_types = ["parallel", "parallel"]} ins(%a, %sum, %sq, %gamma, %beta : tensor<6x130xf32>, tensor<6xf32>, tensor<6xf32>, tensor<130xf32>, tensor<130xf32>) outs(%e2 : tensor<6x130xf32>) {
  ^bb0(%x: f32, %s: f32, %v: f32, %g: f32, %b: f32, %o: f32):
    %mean = arith.divf %s, %n : f32
    %var = arith.divf %v, %n : f32
    %ve = arith.addf %var, %eps : f32
    %rs = math.rsqrt %ve : f32
    %d = arith.subf %x, %mean : f32
    %y = arith.mulf %d, %rs : f32
    %yg = arith.mulf %y, %g : f32
    %yb = arith.addf %yg, %b : f32
    linalg.yield %yb : f32
  } -> tensor<6x130xf32>
  return %out : tensor<6x130xf32>
}
func.func @layernorm_3x1000(%a: tensor<3x1000xf32>, %gamma: tensor<1000xf32>, %beta: tensor<1000xf32>) -> tensor<3x1000xf32> {
  %z = arith.constant 0.0 : f32
  %n = arith.constant 1000.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e1 = tensor.empty() : tensor<3xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<3xf32>) -> tensor<3xf32>
  %sum = linalg.generic {indexing_maps = [#all, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<3x1000xf32>) outs(%f1 : tensor<3xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  %sq = linalg.generic {indexing_maps = [#all, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%a, %sum : tensor<3x1000xf32>, tensor<3xf32>) outs(%f1 : tensor<3xf32>) {
  ^bb0(%x: f32, %s: f32, %acc: f32):
    %mean = arith.divf %s, %n : f32
    %d = arith.subf %x, %mean : f32
    %d2 = arith.mulf %d, %d : f32
    %r = arith.addf %d2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<3xf32>
  %e2 = tensor.empty() : tensor<3x1000xf32>
  %out = linalg.generic {indexing_maps = [#all, #row, #row, #col, #col, #all], iterator_types = ["parallel", "parallel"]} ins(%a, %sum, %sq, %gamma, %beta : tensor<3x1000xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1000xf32>, tensor<1000xf32>) outs(%e2 : tensor<3x1000xf32>) {
  ^bb0(%x: f32, %s: f32, %v: f32, %g: f32, %b: f32, %o: f32):
    %mean = arith.divf %s, %n : f32
    %var = arith.divf %v, %n : f32
    %ve = arith.addf %var, %eps : f32
    %rs = math.rsqrt %ve : f32
    %d = arith.subf %x, %mean : f32
    %y = arith.mulf %d, %rs : f32
    %yg = arith.mulf %y, %g : f32
    %yb = arith.addf %yg, %b : f32
    linalg.yield %yb : f32
  } -> tensor<3x1000xf32>
  return %out : tensor<3x1000xf32>
}
func.func @layernorm_f16_4x256(%a: tensor<4x256xf16>) -> tensor<4x256xf16> {
  %z = arith.constant 0.0 : f16
  %n = arith.constant 256.0 : f16
  %eps = arith.constant 1.0e-3 : f16
  %e1 = tensor.empty() : tensor<4xf16>
  %f1 = linalg.fill ins(%z : f16) outs(%e1 : tensor<4xf16>) -> tensor<4xf16>
  %sum = linalg.generic {indexing_maps = [#all, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x256xf16>) outs(%f1 : tensor<4xf16>) {
  ^bb0(%x: f16, %acc: f16):
    %s = arith.addf %x, %acc : f16
    linalg.yield %s : f16
  } -> tensor<4xf16>
  %sq = linalg.generic {indexing_maps = [#all, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%a, %sum : tensor<4x256xf16>, tensor<4xf16>) outs(%f1 : tensor<4xf16>) {
  ^bb0(%x: f16, %s: f16, %acc: f16):
    %mean = arith.divf %s, %n : f16
    %d = arith.subf %x, %mean : f16
    %d2 = arith.mulf %d, %d : f16
    %r = arith.addf %d2, %acc : f16
    linalg.yield %r : f16
  } -> tensor<4xf16>
  %e2 = tensor.empty() : tensor<4x256xf16>
  %out = linalg.generic {indexing_maps = [#all, #row, #row, #all], iterator_types = ["parallel", "parallel"]} ins(%a, %sum, %sq : tensor<4x256xf16>, tensor<4xf16>, tensor<4xf16>) outs(%e2 : tensor<4x256xf16>) {
  ^bb0(%x: f16, %s: f16, %v: f16, %o: f16):
    %mean = arith.divf %s, %n : f16
    %var = arith.divf %v, %n : f16
    %ve = arith.addf %var, %eps : f16
    %rs = math.rsqrt %ve : f16
    %d = arith.subf %x, %mean : f16
    %y = arith.mulf %d, %rs : f16
    linalg.yield %y : f16
  } -> tensor<4x256xf16>
  return %out : tensor<4x256xf16>
}
