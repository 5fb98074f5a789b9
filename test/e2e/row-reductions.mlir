// Row reductions shared by the lanes of a workgroup (reduction_lanes):
// combined by subgroup operations where the target's subgroup size is fixed
// (the MSL of metal-spirv: simd_sum and simd_max on 32 lanes, and through
// threadgroup memory across the subgroups of a long row's workgroup), through
// workgroup memory alone where it is not (lavapipe): rows of 1, 31, 33, 130,
// 1000 and 50,257 elements (fewer elements than lanes, steps of 4, 2 and 1
// that leave lanes without work), sums and maxima in f32, i32 and f16, the
// same row sum over a dynamic number of rows, and a sum scaled by an
// elementwise producer fused into it, vs. the CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e --dynamic-sizes=1,9 %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --msl-configurations=3.0/macos,2.4/ios --dynamic-sizes=1,9 %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @rowsum_f32_7x1: result[0] vs cpu: matches 7xf32
// CHECK: @rowsum_f32_5x31: result[0] vs cpu: matches 5xf32
// CHECK: @rowmax_f32_9x33: result[0] vs cpu: matches 9xf32
// CHECK: @rowsum_f32_3x1000: result[0] vs cpu: matches 3xf32
// CHECK: @rowmax_f32_2x50257: result[0] vs cpu: matches 2xf32
// CHECK: @rowsum_f32_4x50257: result[0] vs cpu: matches 4xf32
// CHECK: @rowsum_i32_6x130: result[0] vs cpu: matches 6xi32
// CHECK: @rowsum_f16_8x96: result[0] vs cpu: matches 8xf16
// CHECK: @rowsum_dynamic_rows[?=1]: result[0] vs cpu: matches 1xf32
// CHECK: @rowsum_dynamic_rows[?=9]: result[0] vs cpu: matches 9xf32
// CHECK: @scaled_rowsum_3x200: result[0] vs cpu: matches 3xf32
func.func @rowsum_f32_7x1(%a: tensor<7x1xf32>) -> tensor<7xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<7xf32>) -> tensor<7xf32>
  %s = linalg.reduce ins(%a : tensor<7x1xf32>) outs(%f : tensor<7xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %c = arith.addf %x, %acc : f32
      linalg.yield %c : f32
    }
  return %s : tensor<7xf32>
}
func.func @rowsum_f32_5x31(%a: tensor<5x31xf32>) -> tensor<5xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
  %s = linalg.reduce ins(%a : tensor<5x31xf32>) outs(%f : tensor<5xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %c = arith.addf %x, %acc : f32
      linalg.yield %c : f32
    }
  return %s : tensor<5xf32>
}
func.func @rowmax_f32_9x33(%a: tensor<9x33xf32>) -> tensor<9xf32> {
  %z = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<9xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<9xf32>) -> tensor<9xf32>
  %s = linalg.reduce ins(%a : tensor<9x33xf32>) outs(%f : tensor<9xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %c = arith.maximumf %x, %acc : f32
      linalg.yield %c : f32
    }
  return %s : tensor<9xf32>
}
func.func @rowsum_f32_3x1000(%a: tensor<3x1000xf32>) -> tensor<3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %s = linalg.reduce ins(%a : tensor<3x1000xf32>) outs(%f : tensor<3xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %c = arith.addf %x, %acc : f32
      linalg.yield %c : f32
    }
  return %s : tensor<3xf32>
}
func.func @rowmax_f32_2x50257(%a: tensor<2x50257xf32>) -> tensor<2xf32> {
  %z = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %s = linalg.reduce ins(%a : tensor<2x50257xf32>) outs(%f : tensor<2xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %c = arith.maxnumf %x, %acc : f32
      linalg.yield %c : f32
    }
  return %s : tensor<2xf32>
}
func.func @rowsum_f32_4x50257(%a: tensor<4x50257xf32>) -> tensor<4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.reduce ins(%a : tensor<4x50257xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %c = arith.addf %x, %acc : f32
      linalg.yield %c : f32
    }
  return %s : tensor<4xf32>
}
func.func @rowsum_i32_6x130(%a: tensor<6x130xi32>) -> tensor<6xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<6xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<6xi32>) -> tensor<6xi32>
  %s = linalg.reduce ins(%a : tensor<6x130xi32>) outs(%f : tensor<6xi32>) dimensions = [1]
    (%x: i32, %acc: i32) {
      %c = arith.addi %x, %acc : i32
      linalg.yield %c : i32
    }
  return %s : tensor<6xi32>
}
func.func @rowsum_f16_8x96(%a: tensor<8x96xf16>) -> tensor<8xf16> {
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<8xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<8xf16>) -> tensor<8xf16>
  %s = linalg.reduce ins(%a : tensor<8x96xf16>) outs(%f : tensor<8xf16>) dimensions = [1]
    (%x: f16, %acc: f16) {
      %c = arith.addf %x, %acc : f16
      linalg.yield %c : f16
    }
  return %s : tensor<8xf16>
}
func.func @rowsum_dynamic_rows(%a: tensor<?x77xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x77xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %s = linalg.reduce ins(%a : tensor<?x77xf32>) outs(%f : tensor<?xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %c = arith.addf %x, %acc : f32
      linalg.yield %c : f32
    }
  return %s : tensor<?xf32>
}
func.func @scaled_rowsum_3x200(%a: tensor<3x200xf32>, %b: tensor<3x200xf32>) -> tensor<3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
    ins(%a, %b : tensor<3x200xf32>, tensor<3x200xf32>) outs(%f : tensor<3xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %c = arith.addf %p, %acc : f32
    linalg.yield %c : f32
  } -> tensor<3xf32>
  return %s : tensor<3xf32>
}
