// Convolutions and pooling: NHWC (stride 2) and NCHW (dilation 2)
// convolutions, a depthwise one on a zero-padded input (the pad fuses into
// it), max pooling and average pooling (sum, then divide), at sizes with
// remainders, and a padded ReLU (computed by another dispatch) under a
// convolution, vs. the CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @conv_nhwc_2x9x11x3_s2: result[0] vs cpu: matches
// CHECK: @conv_nchw_1x3x10x10_d2: result[0] vs cpu: matches
// CHECK: @depthwise_pad_1x7x7x5: result[0] vs cpu: matches
// CHECK: @maxpool_1x9x9x3: result[0] vs cpu: matches
// CHECK: @avgpool_1x9x9x3: result[0] vs cpu: matches
// CHECK: @relu_pad_conv_1x5x6x2: result[0] vs cpu: matches
func.func @conv_nhwc_2x9x11x3_s2(%in: tensor<2x9x11x3xf32>, %f: tensor<3x3x3x8xf32>) -> tensor<2x4x5x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x5x8xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<2x4x5x8xf32>) -> tensor<2x4x5x8xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
     ins(%in, %f : tensor<2x9x11x3xf32>, tensor<3x3x3x8xf32>) outs(%i : tensor<2x4x5x8xf32>) -> tensor<2x4x5x8xf32>
  return %r : tensor<2x4x5x8xf32>
}
func.func @conv_nchw_1x3x10x10_d2(%in: tensor<1x3x10x10xf32>, %f: tensor<5x3x3x3xf32>) -> tensor<1x5x6x6xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x5x6x6xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<1x5x6x6xf32>) -> tensor<1x5x6x6xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%in, %f : tensor<1x3x10x10xf32>, tensor<5x3x3x3xf32>) outs(%i : tensor<1x5x6x6xf32>) -> tensor<1x5x6x6xf32>
  return %r : tensor<1x5x6x6xf32>
}
func.func @depthwise_pad_1x7x7x5(%in: tensor<1x7x7x5xf32>, %f: tensor<3x3x5xf32>) -> tensor<1x7x7x5xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %in low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<1x7x7x5xf32> to tensor<1x9x9x5xf32>
  %e = tensor.empty() : tensor<1x7x7x5xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<1x7x7x5xf32>) -> tensor<1x7x7x5xf32>
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %f : tensor<1x9x9x5xf32>, tensor<3x3x5xf32>) outs(%i : tensor<1x7x7x5xf32>) -> tensor<1x7x7x5xf32>
  return %r : tensor<1x7x7x5xf32>
}
func.func @maxpool_1x9x9x3(%in: tensor<1x9x9x3xf32>) -> tensor<1x4x4x3xf32> {
  %ninf = arith.constant -3.0e38 : f32
  %w = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<1x4x4x3xf32>
  %i = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %r = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
     ins(%in, %w : tensor<1x9x9x3xf32>, tensor<2x2xf32>) outs(%i : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}
func.func @avgpool_1x9x9x3(%in: tensor<1x9x9x3xf32>) -> tensor<1x3x3x3xf32> {
  %z = arith.constant 0.0 : f32
  %n = arith.constant 9.0 : f32
  %w = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x3x3x3xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %s = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>}
     ins(%in, %w : tensor<1x9x9x3xf32>, tensor<3x3xf32>) outs(%i : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
     ins(%s : tensor<1x3x3x3xf32>) outs(%e : tensor<1x3x3x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %d = arith.divf %x, %n : f32
    linalg.yield %d : f32
  } -> tensor<1x3x3x3xf32>
  return %r : tensor<1x3x3x3xf32>
}
func.func @relu_pad_conv_1x5x6x2(%x: tensor<1x5x6x2xf32>, %f: tensor<3x3x2x3xf32>) -> tensor<1x5x6x3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x5x6x2xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x5x6x2xf32>) outs(%e : tensor<1x5x6x2xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %z : f32
    linalg.yield %m : f32
  } -> tensor<1x5x6x2xf32>
  %p = tensor.pad %relu low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z : f32
  } : tensor<1x5x6x2xf32> to tensor<1x7x8x2xf32>
  %oe = tensor.empty() : tensor<1x5x6x3xf32>
  %of = linalg.fill ins(%z : f32) outs(%oe : tensor<1x5x6x3xf32>) -> tensor<1x5x6x3xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %f : tensor<1x7x8x2xf32>, tensor<3x3x2x3xf32>) outs(%of : tensor<1x5x6x3xf32>) -> tensor<1x5x6x3xf32>
  return %r : tensor<1x5x6x3xf32>
}
