// Convolutions as implicit GEMMs (halc-implicit-gemm): ResNet-50's kinds of
// layers at reduced sizes (3x3 padded, 1x1, stride 2, batch 8 on a 7x7
// image, the 7x7 stride-2 stem), NCHW and FHWC layouts, a dilation of 2,
// each compared with the CPU reference on random inputs. The CONFIG lines
// show which take the staged contraction strategy: 2x4 blocks a thread
// where bigger ones would leave most of a GPU idle, 8x4 (32x8 threads) and
// 4x4 on the two larger 1x1 layers; 14 threads along M where the pixels are
// a multiple of 7; the stem (K = 147 in steps of 32, the last padded) and
// a 7x7 image at batch 1 (49 pixels in tiles of 16) with edge tiles.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe --compile-to=executable-configurations -o - | FileCheck %s --check-prefix=CONFIG
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @conv3x3_1x16x16x64: result[0] vs cpu: matches
// CHECK: @conv3x3_8x7x7x64: result[0] vs cpu: matches
// CHECK: @conv1x1_2x8x8x64_to_256: result[0] vs cpu: matches
// CHECK: @conv1x1_s2_2x28x28x64_to_128: result[0] vs cpu: matches
// CHECK: @conv3x3_s2_1x16x16x32: result[0] vs cpu: matches
// CHECK: @stem7x7_s2_1x32x32x3: result[0] vs cpu: matches
// CHECK: @conv3x3_nchw_1x32x16x16: result[0] vs cpu: matches
// CHECK: @conv3x3_fhwc_1x8x8x32: result[0] vs cpu: matches
// CHECK: @conv3x3_d2_1x20x20x16: result[0] vs cpu: matches
// CHECK: @conv3x3_1x7x7x64: result[0] vs cpu: matches
// CHECK: @conv1x1_2x32x32x64_to_512: result[0] vs cpu: matches
// CHECK: @conv1x1_8x14x14x32_to_512: result[0] vs cpu: matches
// CONFIG: workgroup_tile = [16, 64, 32], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [28, 64, 32], workgroup_size = [16, 14, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [16, 64, 32], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [28, 64, 32], workgroup_size = [16, 14, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [16, 64, 32], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [16, 64, 32], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [1, 16, 64, 32], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [16, 64, 32], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [16, 64, 32], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [16, 64, 32], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [64, 128, 32], workgroup_size = [32, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [56, 64, 32], workgroup_size = [16, 14, 1], reduction_tile = [4], promote_operands = [0, 1]
func.func @conv3x3_1x16x16x64(%x: tensor<1x16x16x64xf32>, %w: tensor<3x3x64x64xf32>) -> tensor<1x16x16x64xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<1x16x16x64xf32> to tensor<1x18x18x64xf32>
  %e = tensor.empty() : tensor<1x16x16x64xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x64xf32>) -> tensor<1x16x16x64xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %w : tensor<1x18x18x64xf32>, tensor<3x3x64x64xf32>) outs(%i : tensor<1x16x16x64xf32>) -> tensor<1x16x16x64xf32>
  return %r : tensor<1x16x16x64xf32>
}
func.func @conv3x3_8x7x7x64(%x: tensor<8x7x7x64xf32>, %w: tensor<3x3x64x64xf32>) -> tensor<8x7x7x64xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<8x7x7x64xf32> to tensor<8x9x9x64xf32>
  %e = tensor.empty() : tensor<8x7x7x64xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<8x7x7x64xf32>) -> tensor<8x7x7x64xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %w : tensor<8x9x9x64xf32>, tensor<3x3x64x64xf32>) outs(%i : tensor<8x7x7x64xf32>) -> tensor<8x7x7x64xf32>
  return %r : tensor<8x7x7x64xf32>
}
func.func @conv1x1_2x8x8x64_to_256(%x: tensor<2x8x8x64xf32>, %w: tensor<1x1x64x256xf32>) -> tensor<2x8x8x256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x8x256xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<2x8x8x256xf32>) -> tensor<2x8x8x256xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<2x8x8x64xf32>, tensor<1x1x64x256xf32>) outs(%i : tensor<2x8x8x256xf32>) -> tensor<2x8x8x256xf32>
  return %r : tensor<2x8x8x256xf32>
}
func.func @conv1x1_s2_2x28x28x64_to_128(%x: tensor<2x28x28x64xf32>, %w: tensor<1x1x64x128xf32>) -> tensor<2x14x14x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x14x14x128xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<2x14x14x128xf32>) -> tensor<2x14x14x128xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
     ins(%x, %w : tensor<2x28x28x64xf32>, tensor<1x1x64x128xf32>) outs(%i : tensor<2x14x14x128xf32>) -> tensor<2x14x14x128xf32>
  return %r : tensor<2x14x14x128xf32>
}
func.func @conv3x3_s2_1x16x16x32(%x: tensor<1x16x16x32xf32>, %w: tensor<3x3x32x64xf32>) -> tensor<1x8x8x64xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<1x16x16x32xf32> to tensor<1x18x18x32xf32>
  %e = tensor.empty() : tensor<1x8x8x64xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x8x64xf32>) -> tensor<1x8x8x64xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
     ins(%p, %w : tensor<1x18x18x32xf32>, tensor<3x3x32x64xf32>) outs(%i : tensor<1x8x8x64xf32>) -> tensor<1x8x8x64xf32>
  return %r : tensor<1x8x8x64xf32>
}
func.func @stem7x7_s2_1x32x32x3(%x: tensor<1x32x32x3xf32>, %w: tensor<7x7x3x64xf32>) -> tensor<1x16x16x64xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 3, 3, 0] high[0, 3, 3, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<1x32x32x3xf32> to tensor<1x38x38x3xf32>
  %e = tensor.empty() : tensor<1x16x16x64xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x64xf32>) -> tensor<1x16x16x64xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
     ins(%p, %w : tensor<1x38x38x3xf32>, tensor<7x7x3x64xf32>) outs(%i : tensor<1x16x16x64xf32>) -> tensor<1x16x16x64xf32>
  return %r : tensor<1x16x16x64xf32>
}
func.func @conv3x3_nchw_1x32x16x16(%x: tensor<1x32x16x16xf32>, %w: tensor<64x32x3x3xf32>) -> tensor<1x64x16x16xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<1x32x16x16xf32> to tensor<1x32x18x18xf32>
  %e = tensor.empty() : tensor<1x64x16x16xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %w : tensor<1x32x18x18xf32>, tensor<64x32x3x3xf32>) outs(%i : tensor<1x64x16x16xf32>) -> tensor<1x64x16x16xf32>
  return %r : tensor<1x64x16x16xf32>
}
func.func @conv3x3_fhwc_1x8x8x32(%x: tensor<1x8x8x32xf32>, %w: tensor<64x3x3x32xf32>) -> tensor<1x8x8x64xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<1x8x8x32xf32> to tensor<1x10x10x32xf32>
  %e = tensor.empty() : tensor<1x8x8x64xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x8x64xf32>) -> tensor<1x8x8x64xf32>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %w : tensor<1x10x10x32xf32>, tensor<64x3x3x32xf32>) outs(%i : tensor<1x8x8x64xf32>) -> tensor<1x8x8x64xf32>
  return %r : tensor<1x8x8x64xf32>
}
func.func @conv3x3_d2_1x20x20x16(%x: tensor<1x20x20x16xf32>, %w: tensor<3x3x16x64xf32>) -> tensor<1x16x16x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x64xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x64xf32>) -> tensor<1x16x16x64xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<1x20x20x16xf32>, tensor<3x3x16x64xf32>) outs(%i : tensor<1x16x16x64xf32>) -> tensor<1x16x16x64xf32>
  return %r : tensor<1x16x16x64xf32>
}
func.func @conv3x3_1x7x7x64(%x: tensor<1x7x7x64xf32>, %w: tensor<3x3x64x64xf32>) -> tensor<1x7x7x64xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<1x7x7x64xf32> to tensor<1x9x9x64xf32>
  %e = tensor.empty() : tensor<1x7x7x64xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %w : tensor<1x9x9x64xf32>, tensor<3x3x64x64xf32>) outs(%i : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  return %r : tensor<1x7x7x64xf32>
}
func.func @conv1x1_2x32x32x64_to_512(%x: tensor<2x32x32x64xf32>, %w: tensor<1x1x64x512xf32>) -> tensor<2x32x32x512xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x32x32x512xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<2x32x32x512xf32>) -> tensor<2x32x32x512xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<2x32x32x64xf32>, tensor<1x1x64x512xf32>) outs(%i : tensor<2x32x32x512xf32>) -> tensor<2x32x32x512xf32>
  return %r : tensor<2x32x32x512xf32>
}
func.func @conv1x1_8x14x14x32_to_512(%x: tensor<8x14x14x32xf32>, %w: tensor<1x1x32x512xf32>) -> tensor<8x14x14x512xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x14x14x512xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<8x14x14x512xf32>) -> tensor<8x14x14x512xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<8x14x14x32xf32>, tensor<1x1x32x512xf32>) outs(%i : tensor<8x14x14x512xf32>) -> tensor<8x14x14x512xf32>
  return %r : tensor<8x14x14x512xf32>
}
