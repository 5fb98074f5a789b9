// A small network block end to end, one function of several dispatches:
// zero padding, a 3x3 convolution, bias and ReLU, 2x2 max pooling, flatten,
// a fully connected layer and softmax, vs. the CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @conv_bias_relu_pool_matmul_softmax: result[0] vs cpu: matches
func.func @conv_bias_relu_pool_matmul_softmax(%img: tensor<2x10x10x3xf32>, %filt: tensor<3x3x3x8xf32>, %bias: tensor<8xf32>, %w: tensor<200x10xf32>) -> tensor<2x10xf32> {
  %z = arith.constant 0.0 : f32
  %ninf = arith.constant -3.0e38 : f32
  %p = tensor.pad %img low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<2x10x10x3xf32> to tensor<2x12x12x3xf32>
  %e = tensor.empty() : tensor<2x10x10x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x10x10x8xf32>) -> tensor<2x10x10x8xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %filt : tensor<2x12x12x3xf32>, tensor<3x3x3x8xf32>) outs(%f : tensor<2x10x10x8xf32>) -> tensor<2x10x10x8xf32>
  %br = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
     ins(%c, %bias : tensor<2x10x10x8xf32>, tensor<8xf32>) outs(%e : tensor<2x10x10x8xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    %r = arith.maximumf %s, %z : f32
    linalg.yield %r : f32
  } -> tensor<2x10x10x8xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %pe = tensor.empty() : tensor<2x5x5x8xf32>
  %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<2x5x5x8xf32>) -> tensor<2x5x5x8xf32>
  %pool = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
     ins(%br, %win : tensor<2x10x10x8xf32>, tensor<2x2xf32>) outs(%pf : tensor<2x5x5x8xf32>) -> tensor<2x5x5x8xf32>
  %flat = tensor.collapse_shape %pool [[0], [1, 2, 3]] : tensor<2x5x5x8xf32> into tensor<2x200xf32>
  %me = tensor.empty() : tensor<2x10xf32>
  %mf = linalg.fill ins(%z : f32) outs(%me : tensor<2x10xf32>) -> tensor<2x10xf32>
  %logits = linalg.matmul ins(%flat, %w : tensor<2x200xf32>, tensor<200x10xf32>) outs(%mf : tensor<2x10xf32>) -> tensor<2x10xf32>
  %sm = linalg.softmax dimension(1) ins(%logits : tensor<2x10xf32>) outs(%me : tensor<2x10xf32>) -> tensor<2x10xf32>
  return %sm : tensor<2x10xf32>
}
