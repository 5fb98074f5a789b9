// Degenerate shapes compile and run: an elementwise op on an empty tensor
// (its dispatch runs no workgroup), a matmul over K = 0 and a row sum of
// rows of length 0 (each is its fill: the loops run no iteration), an empty
// result returned as it is, a convolution whose window is larger than its
// input (an empty result of rank 4, bound as a flat buffer: also for ROCm
// and CUDA), and a function that returns its argument (a copy kernel). On
// lavapipe and as MSL on the CPU, vs. the CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e --dynamic-sizes=1,7 %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --dynamic-sizes=1,7 %s | FileCheck %s
// RUN: halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 -o %t.rocm.halm
// RUN: halc-compile %s --iree-hal-target-backends=cuda -o %t.cuda.halm
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @neg_empty: result[0] vs cpu: matches 0x4xf32
// CHECK: @matmul_k0: result[0] vs cpu: matches 4x8xf32
// CHECK: @rowsum_of_nothing[?=7]: result[0] vs cpu: matches 7xf32
// CHECK: @empty_result: result[0] vs cpu: matches 3xf32
// CHECK: @empty_result: result[1] vs cpu: matches 0x3xf32
// CHECK: @conv_larger_window: result[0] vs cpu: matches 1x0x0x16xf32
// CHECK: @identity: result[0] vs cpu: matches 5x3xf32
func.func @neg_empty(%a: tensor<0x4xf32>) -> tensor<0x4xf32> {
  %e = tensor.empty() : tensor<0x4xf32>
  %r = linalg.negf ins(%a : tensor<0x4xf32>) outs(%e : tensor<0x4xf32>) -> tensor<0x4xf32>
  return %r : tensor<0x4xf32>
}

func.func @matmul_k0(%a: tensor<4x0xf32>, %b: tensor<0x8xf32>) -> tensor<4x8xf32> {
  %z = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x0xf32>, tensor<0x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

func.func @rowsum_of_nothing(%a: tensor<?x0xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x0xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
    ins(%a : tensor<?x0xf32>) outs(%f : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %o : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @empty_result(%a: tensor<3xf32>) -> (tensor<3xf32>, tensor<0x3xf32>) {
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.exp ins(%a : tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %e0 = tensor.empty() : tensor<0x3xf32>
  return %r, %e0 : tensor<3xf32>, tensor<0x3xf32>
}

func.func @conv_larger_window(%x: tensor<1x4x4x8xf32>, %w: tensor<5x5x8x16xf32>) -> tensor<1x0x0x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x0x0x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x0x0x16xf32>) -> tensor<1x0x0x16xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x4x8xf32>, tensor<5x5x8x16xf32>) outs(%f : tensor<1x0x0x16xf32>) -> tensor<1x0x0x16xf32>
  return %r : tensor<1x0x0x16xf32>
}

func.func @identity(%a: tensor<5x3xf32>) -> tensor<5x3xf32> {
  return %a : tensor<5x3xf32>
}
