// Reductions through linalg.generic: sum and max over the innermost and over
// an outer dimension, and a full reduction, linalg.softmax (decomposed) and
// an argmax that returns the index (two results of one reduction), at sizes
// with remainders, vs. the CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @rowsum_17x513: result[0] vs cpu: matches
// CHECK: @rowmax_127x3: result[0] vs cpu: matches
// CHECK: @colsum_129x17: result[0] vs cpu: matches
// CHECK: @total_1000: result[0] vs cpu: matches
// CHECK: @rowsum_i32_3x64: result[0] vs cpu: matches
// CHECK: @softmax_13x77: result[0] vs cpu: matches
// CHECK: @argmax_17x129: result[0] vs cpu: matches
func.func @rowsum_17x513(%a: tensor<17x513xf32>) -> tensor<17xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<17xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<17xf32>) -> tensor<17xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
    ins(%a : tensor<17x513xf32>) outs(%f : tensor<17xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<17xf32>
  return %r : tensor<17xf32>
}
func.func @rowmax_127x3(%a: tensor<127x3xf32>) -> tensor<127xf32> {
  %z = arith.constant -3.0e+38 : f32
  %e = tensor.empty() : tensor<127xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<127xf32>) -> tensor<127xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
    ins(%a : tensor<127x3xf32>) outs(%f : tensor<127xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.maximumf %x, %acc : f32
    linalg.yield %m : f32
  } -> tensor<127xf32>
  return %r : tensor<127xf32>
}
func.func @colsum_129x17(%a: tensor<129x17xf32>) -> tensor<17xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<17xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<17xf32>) -> tensor<17xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
    ins(%a : tensor<129x17xf32>) outs(%f : tensor<17xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<17xf32>
  return %r : tensor<17xf32>
}
func.func @total_1000(%a: tensor<1000xf32>) -> tensor<f32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
    ins(%a : tensor<1000xf32>) outs(%f : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}
func.func @rowsum_i32_3x64(%a: tensor<3x64xi32>) -> tensor<3xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<3xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<3xi32>) -> tensor<3xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
    ins(%a : tensor<3x64xi32>) outs(%f : tensor<3xi32>) {
  ^bb0(%x: i32, %acc: i32):
    %s = arith.addi %x, %acc : i32
    linalg.yield %s : i32
  } -> tensor<3xi32>
  return %r : tensor<3xi32>
}
func.func @softmax_13x77(%a: tensor<13x77xf32>) -> tensor<13x77xf32> {
  %e = tensor.empty() : tensor<13x77xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<13x77xf32>) outs(%e : tensor<13x77xf32>) -> tensor<13x77xf32>
  return %r : tensor<13x77xf32>
}
func.func @argmax_17x129(%a: tensor<17x129xf32>) -> tensor<17xi32> {
  %ninf = arith.constant -3.0e38 : f32
  %z = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<17xf32>
  %ei = tensor.empty() : tensor<17xi32>
  %v = linalg.fill ins(%ninf : f32) outs(%ev : tensor<17xf32>) -> tensor<17xf32>
  %i = linalg.fill ins(%z : i32) outs(%ei : tensor<17xi32>) -> tensor<17xi32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<17x129xf32>) outs(%v, %i : tensor<17xf32>, tensor<17xi32>) {
  ^bb0(%x: f32, %best: f32, %bi: i32):
    %k = linalg.index 1 : index
    %ki = arith.index_cast %k : index to i32
    %gt = arith.cmpf ogt, %x, %best : f32
    %nb = arith.select %gt, %x, %best : f32
    %ni = arith.select %gt, %ki, %bi : i32
    linalg.yield %nb, %ni : f32, i32
  } -> (tensor<17xf32>, tensor<17xi32>)
  return %r#1 : tensor<17xi32>
}
