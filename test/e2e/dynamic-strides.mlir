// Dynamic sizes in inner dimensions: the bindings are flat buffers viewed at
// sizes and strides read from the dispatch constants. Each function runs at
// square sizes and at 5x33 / 33x5 (the first dynamic dimension of each
// argument 5, the others 33, or the reverse), vs. the CPU reference: a
// scaled sum with a per-row factor, A·Bᵀ, a transpose, a row sum with a
// softmax over rows of dynamic length, convolutions over a dynamic batch,
// height and width (output sizes computed on the host), and concatenations.
// REQUIRES: lavapipe
// RUN: %e2e --dynamic-sizes=1,7,5x33,33x5 %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --dynamic-sizes=1,7,5x33,33x5 %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @add_bias[?=1]: result[0] vs cpu: matches 1x1xf32
// CHECK: @add_bias[?=5x33]: result[0] vs cpu: matches 5x33xf32
// CHECK: @add_bias[?=33x5]: result[0] vs cpu: matches 33x5xf32
// CHECK: @matmul_abt[?=7]: result[0] vs cpu: matches 7x7xf32
// CHECK: @matmul_abt[?=5x33]: result[0] vs cpu: matches 5x5xf32
// CHECK: @matmul_abt[?=33x5]: result[0] vs cpu: matches 33x33xf32
// CHECK: @transpose[?=5x33]: result[0] vs cpu: matches 33x5xf32
// CHECK: @rowsum_softmax[?=5x33]: result[0] vs cpu: matches 5xf32
// CHECK: @rowsum_softmax[?=5x33]: result[1] vs cpu: matches 5x33xf32
// CHECK: @rowsum_softmax[?=33x5]: result[1] vs cpu: matches 33x5xf32
// CHECK: @conv_same[?=5x33]: result[0] vs cpu: matches 5x33x33x4xf32
// CHECK: @conv_same[?=33x5]: result[0] vs cpu: matches 33x5x5x4xf32
// CHECK: @conv_stride2[?=1]: result[0] vs cpu: matches 1x1x1x4xf32
// CHECK: @conv_stride2[?=5x33]: result[0] vs cpu: matches 1x3x17x4xf32
// CHECK: @conv_stride2[?=33x5]: result[0] vs cpu: matches 1x17x3x4xf32
// CHECK: @concat[?=5x33]: result[0] vs cpu: matches 10x33xf32
// CHECK: @concat[?=5x33]: result[1] vs cpu: matches 5x99xf32
// CHECK: @concat[?=33x5]: result[0] vs cpu: matches 66x5xf32
// CHECK: @concat[?=33x5]: result[1] vs cpu: matches 33x15xf32
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @add_bias(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %b, %c : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.mulf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @matmul_abt(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
func.func @transpose(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %r = linalg.transpose ins(%a : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) permutation = [1, 0]
  return %r : tensor<?x?xf32>
}
func.func @rowsum_softmax(%a: tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m) : tensor<?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %s = linalg.reduce ins(%a : tensor<?x?xf32>) outs(%f : tensor<?xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %y = arith.addf %x, %acc : f32
      linalg.yield %y : f32
    }
  %e2 = tensor.empty(%m, %n) : tensor<?x?xf32>
  %sm = linalg.softmax dimension(1) ins(%a : tensor<?x?xf32>) outs(%e2 : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %s, %sm : tensor<?xf32>, tensor<?x?xf32>
}
func.func @conv_same(%img: tensor<?x?x?x3xf32>, %filt: tensor<3x3x3x4xf32>) -> tensor<?x?x?x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %img low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z : f32
  } : tensor<?x?x?x3xf32> to tensor<?x?x?x3xf32>
  %n = tensor.dim %img, %c0 : tensor<?x?x?x3xf32>
  %h = tensor.dim %img, %c1 : tensor<?x?x?x3xf32>
  %w = tensor.dim %img, %c2 : tensor<?x?x?x3xf32>
  %e = tensor.empty(%n, %h, %w) : tensor<?x?x?x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?x?x4xf32>) -> tensor<?x?x?x4xf32>
  %r = linalg.conv_2d_nhwc_hwcf ins(%p, %filt : tensor<?x?x?x3xf32>, tensor<3x3x3x4xf32>) outs(%f : tensor<?x?x?x4xf32>) -> tensor<?x?x?x4xf32>
  return %r : tensor<?x?x?x4xf32>
}
// Output sizes computed on the host: (H + 2 - 3) floordiv 2 + 1 through an
// affine map and through arith.
func.func @conv_stride2(%img: tensor<1x?x?x3xf32>, %filt: tensor<3x3x3x4xf32>) -> tensor<1x?x?x4xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %img low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z : f32
  } : tensor<1x?x?x3xf32> to tensor<1x?x?x3xf32>
  %h = tensor.dim %img, %c1 : tensor<1x?x?x3xf32>
  %w = tensor.dim %img, %c2 : tensor<1x?x?x3xf32>
  %oh = affine.apply affine_map<()[s0] -> ((s0 - 1) floordiv 2 + 1)>()[%h]
  %w1 = arith.subi %w, %c1 : index
  %w2 = arith.divui %w1, %c2 : index
  %ow = arith.addi %w2, %c1 : index
  %e = tensor.empty(%oh, %ow) : tensor<1x?x?x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x?x?x4xf32>) -> tensor<1x?x?x4xf32>
  %r = linalg.conv_2d_nhwc_hwcf {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%p, %filt : tensor<1x?x?x3xf32>, tensor<3x3x3x4xf32>) outs(%f : tensor<1x?x?x4xf32>) -> tensor<1x?x?x4xf32>
  return %r : tensor<1x?x?x4xf32>
}
// Concatenations of dynamic size along each axis: the offsets are sizes
// of the inputs, the result's size their sum.
func.func @concat(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %rows = tensor.concat dim(0) %a, %b : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %cols = tensor.concat dim(1) %a, %b, %a : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %rows, %cols : tensor<?x?xf32>, tensor<?x?xf32>
}
