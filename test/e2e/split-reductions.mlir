// Contractions whose outputs have few staged tiles and long K loops
// (halc-split-reductions): a first dispatch computes the partial sums of K's
// parts, a second adds them up with the op's consumers (bias, ReLU); a
// matmul, a padded 3x3 convolution (HWCF filter), a 1x1 convolution
// (FHWC filter) and a channels-first (NCHW) padded 3x3 convolution of
// stride 2, whose partial sums have tiles padded at their edges (392
// pixels in 64-wide tiles), each compared with the CPU reference on random
// inputs.
// The shapes must be large enough to be split (some 10^8 products each):
// one MSL configuration, whose dispatches use no subgroup operations.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --msl-configurations=3.0/macos %s | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe --compile-to=dispatch-creation -o - | FileCheck %s --check-prefix=SPLIT
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @matmul_224x2048x512: result[0] vs cpu: matches
// CHECK: @conv3x3_bias_relu_8x7x7x256_to_512: result[0] vs cpu: matches
// CHECK: @conv1x1_fhwc_8x7x7x2048_to_512: result[0] vs cpu: matches
// CHECK: @conv3x3_s2_nchw_bias_relu_8x256x14x14_to_512: result[0] vs cpu: matches
// SPLIT: halc.dispatch @module_linked::@matmul_224x2048x512_dispatch_0({{.*}}) -> tensor<8x224x512xf32>
// SPLIT: halc.dispatch @module_linked::@matmul_224x2048x512_dispatch_1({{.*}}) -> tensor<224x512xf32>
// SPLIT: halc.dispatch @module_linked::@conv3x3_bias_relu_8x7x7x256_to_512_dispatch_0({{.*}}) -> tensor<8x392x512xf32>
// SPLIT: halc.dispatch @module_linked::@conv3x3_bias_relu_8x7x7x256_to_512_dispatch_1({{.*}}) -> tensor<8x7x7x512xf32>
// SPLIT: halc.dispatch @module_linked::@conv1x1_fhwc_8x7x7x2048_to_512_dispatch_0({{.*}}) -> tensor<8x392x512xf32>
// SPLIT: halc.dispatch @module_linked::@conv1x1_fhwc_8x7x7x2048_to_512_dispatch_1({{.*}}) -> tensor<8x7x7x512xf32>
// SPLIT: halc.dispatch @module_linked::@conv3x3_s2_nchw_bias_relu_8x256x14x14_to_512_dispatch_0({{.*}}) -> tensor<4x512x392xf32>
// SPLIT: halc.dispatch @module_linked::@conv3x3_s2_nchw_bias_relu_8x256x14x14_to_512_dispatch_1({{.*}}) -> tensor<8x512x7x7xf32>
func.func @matmul_224x2048x512(%a: tensor<224x2048xf32>, %b: tensor<2048x512xf32>) -> tensor<224x512xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<224x512xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<224x512xf32>) -> tensor<224x512xf32>
  %r = linalg.matmul ins(%a, %b : tensor<224x2048xf32>, tensor<2048x512xf32>) outs(%f : tensor<224x512xf32>) -> tensor<224x512xf32>
  return %r : tensor<224x512xf32>
}
func.func @conv3x3_bias_relu_8x7x7x256_to_512(%x: tensor<8x7x7x256xf32>, %w: tensor<3x3x256x512xf32>, %bias: tensor<512xf32>) -> tensor<8x7x7x512xf32> {
  %z = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z : f32
  } : tensor<8x7x7x256xf32> to tensor<8x9x9x256xf32>
  %e = tensor.empty() : tensor<8x7x7x512xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x7x7x512xf32>) -> tensor<8x7x7x512xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%padded, %w : tensor<8x9x9x256xf32>, tensor<3x3x256x512xf32>) outs(%f : tensor<8x7x7x512xf32>) -> tensor<8x7x7x512xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
     ins(%c, %bias : tensor<8x7x7x512xf32>, tensor<512xf32>) outs(%e : tensor<8x7x7x512xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    %m = arith.maximumf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<8x7x7x512xf32>
  return %r : tensor<8x7x7x512xf32>
}
func.func @conv1x1_fhwc_8x7x7x2048_to_512(%x: tensor<8x7x7x2048xf32>, %w: tensor<512x1x1x2048xf32>) -> tensor<8x7x7x512xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x7x7x512xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x7x7x512xf32>) -> tensor<8x7x7x512xf32>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<8x7x7x2048xf32>, tensor<512x1x1x2048xf32>) outs(%f : tensor<8x7x7x512xf32>) -> tensor<8x7x7x512xf32>
  return %r : tensor<8x7x7x512xf32>
}
func.func @conv3x3_s2_nchw_bias_relu_8x256x14x14_to_512(%x: tensor<8x256x14x14xf32>, %w: tensor<512x256x3x3xf32>, %bias: tensor<512xf32>) -> tensor<8x512x7x7xf32> {
  %z = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z : f32
  } : tensor<8x256x14x14xf32> to tensor<8x256x16x16xf32>
  %e = tensor.empty() : tensor<8x512x7x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x512x7x7xf32>) -> tensor<8x512x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
     ins(%padded, %w : tensor<8x256x16x16xf32>, tensor<512x256x3x3xf32>) outs(%f : tensor<8x512x7x7xf32>) -> tensor<8x512x7x7xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
     ins(%c, %bias : tensor<8x512x7x7xf32>, tensor<512xf32>) outs(%e : tensor<8x512x7x7xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    %m = arith.maximumf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<8x512x7x7xf32>
  return %r : tensor<8x512x7x7xf32>
}
