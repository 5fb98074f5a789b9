// Dynamic batch sizes and scalar arguments: one compiled file runs at batch
// 1, 7 and 64 (the sizes and scalars travel as dispatch constants; the
// workgroup counts follow the batch), vs. the CPU reference: a scaled
// elementwise op with an f32 and an i32 scalar, a block of several
// dispatches (matmul, bias, ReLU, softmax), a convolution over a batch of
// padded images, a row reduction, and a matmul with every dimension dynamic
// (square at each size).
// REQUIRES: lavapipe
// RUN: %e2e --dynamic-sizes=1,7,64 %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --dynamic-sizes=1,7,64 %s | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.halm
// RUN: halc-dump %t.halm | FileCheck %s --check-prefix=PLAN
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @scale_shift[?=1]: result[0] vs cpu: matches 1x33xf32
// CHECK: @scale_shift[?=7]: result[0] vs cpu: matches 7x33xf32
// CHECK: @scale_shift[?=64]: result[0] vs cpu: matches 64x33xf32
// CHECK: @mlp_softmax[?=1]: result[0] vs cpu: matches 1x10xf32
// CHECK: @mlp_softmax[?=7]: result[0] vs cpu: matches 7x10xf32
// CHECK: @mlp_softmax[?=64]: result[0] vs cpu: matches 64x10xf32
// CHECK: @conv_batch[?=1]: result[0] vs cpu: matches 1x6x6x4xf32
// CHECK: @conv_batch[?=7]: result[0] vs cpu: matches 7x6x6x4xf32
// CHECK: @conv_batch[?=64]: result[0] vs cpu: matches 64x6x6x4xf32
// CHECK: @rowsum[?=1]: result[0] vs cpu: matches 1xf32
// CHECK: @rowsum[?=7]: result[0] vs cpu: matches 7xf32
// CHECK: @rowsum[?=64]: result[0] vs cpu: matches 64xf32
// CHECK: @matmul[?=1]: result[0] vs cpu: matches 1x1xf32
// CHECK: @matmul[?=7]: result[0] vs cpu: matches 7x7xf32
// CHECK: @matmul[?=64]: result[0] vs cpu: matches 64x64xf32
// PLAN: function @scale_shift(?x33xf32, f32, i32) -> (?x33xf32)
// PLAN: function @mlp_softmax(?x20xf32, 20x10xf32, 10xf32) -> (?x10xf32)
func.func @scale_shift(%a: tensor<?x33xf32>, %s: f32, %k: i32) -> tensor<?x33xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x33xf32>
  %e = tensor.empty(%n) : tensor<?x33xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x33xf32>) outs(%e : tensor<?x33xf32>) {
  ^bb0(%x: f32, %o: f32):
    %kf = arith.sitofp %k : i32 to f32
    %m = arith.mulf %x, %s : f32
    %y = arith.addf %m, %kf : f32
    linalg.yield %y : f32
  } -> tensor<?x33xf32>
  return %r : tensor<?x33xf32>
}
func.func @mlp_softmax(%x: tensor<?x20xf32>, %w: tensor<20x10xf32>, %b: tensor<10xf32>) -> tensor<?x10xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x20xf32>
  %e = tensor.empty(%n) : tensor<?x10xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x10xf32>) -> tensor<?x10xf32>
  %m = linalg.matmul ins(%x, %w : tensor<?x20xf32>, tensor<20x10xf32>) outs(%f : tensor<?x10xf32>) -> tensor<?x10xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m, %b : tensor<?x10xf32>, tensor<10xf32>) outs(%e : tensor<?x10xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<?x10xf32>
  %sm = linalg.softmax dimension(1) ins(%r : tensor<?x10xf32>) outs(%e : tensor<?x10xf32>) -> tensor<?x10xf32>
  return %sm : tensor<?x10xf32>
}
func.func @conv_batch(%img: tensor<?x6x6x3xf32>, %filt: tensor<3x3x3x4xf32>) -> tensor<?x6x6x4xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %n = tensor.dim %img, %c0 : tensor<?x6x6x3xf32>
  %p = tensor.pad %img low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<?x6x6x3xf32> to tensor<?x8x8x3xf32>
  %e = tensor.empty(%n) : tensor<?x6x6x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x6x6x4xf32>) -> tensor<?x6x6x4xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %filt : tensor<?x8x8x3xf32>, tensor<3x3x3x4xf32>) outs(%f : tensor<?x6x6x4xf32>) -> tensor<?x6x6x4xf32>
  return %r : tensor<?x6x6x4xf32>
}
func.func @rowsum(%a: tensor<?x129xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x129xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<?x129xf32>) outs(%f : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
