// A convolution over a dynamic batch of NCHW images, 128 channels out (as
// ResNet's second stage has): the batch takes a workgroup dimension, so the
// largest static loops take the others and a thread's whole loop is the
// smallest (its columns). With the channels whole per thread, lavapipe
// computed every sum short.
// REQUIRES: lavapipe
// RUN: %e2e --dynamic-sizes=1,3 %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --msl-configurations=3.0/macos --dynamic-sizes=1,3 %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @conv_stride2[?=1]: result[0] vs cpu: matches 1x128x4x4xf32
// CHECK: @conv_stride2[?=3]: result[0] vs cpu: matches 3x128x4x4xf32

func.func @conv_stride2(%x: tensor<?x64x8x8xf32>, %w: tensor<128x64x3x3xf32>) -> tensor<?x128x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<?x64x8x8xf32> to tensor<?x64x10x10xf32>
  %n = tensor.dim %x, %c0 : tensor<?x64x8x8xf32>
  %empty = tensor.empty(%n) : tensor<?x128x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x128x4x4xf32>) -> tensor<?x128x4x4xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%padded, %w : tensor<?x64x10x10xf32>, tensor<128x64x3x3xf32>) outs(%init : tensor<?x128x4x4xf32>) -> tensor<?x128x4x4xf32>
  return %y : tensor<?x128x4x4xf32>
}
