// Contractions whose workgroups step through K with their tiles of A and B
// staged through workgroup memory (the heuristic picks this where the
// output tiles and a K step of 32, 16, 8 or 4 divide the loops): 16x4 (32x8
// threads; K longer than 64), 4x4 and (small outputs: more workgroups) 2x4
// blocks a thread, batches, f16 inputs accumulating in f32, a transposed B,
// K steps of 32, 16, 8 and 4; each compared with the CPU reference on
// random inputs.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe --compile-to=executable-configurations -o - | FileCheck %s --check-prefix=CONFIG
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @matmul: result[0] vs cpu: matches
// CHECK: @batch_matmul: result[0] vs cpu: matches
// CHECK: @matmul_f16: result[0] vs cpu: matches
// CHECK: @matmul_bt: result[0] vs cpu: matches
// CHECK: @matmul_k36: result[0] vs cpu: matches
// CHECK: @batch_matmul_8x8: result[0] vs cpu: matches
// CONFIG: workgroup_tile = [64, 64, 32], workgroup_size = [16, 16, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [1, 16, 64, 8], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [16, 64, 32], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [16, 64, 32], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [16, 64, 4], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [1, 128, 128, 16], workgroup_size = [32, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
func.func @matmul(%a: tensor<512x256xf32>, %b: tensor<256x1024xf32>) -> tensor<512x1024xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<512x1024xf32>) -> tensor<512x1024xf32>
  %r = linalg.matmul ins(%a, %b : tensor<512x256xf32>, tensor<256x1024xf32>) outs(%f : tensor<512x1024xf32>) -> tensor<512x1024xf32>
  return %r : tensor<512x1024xf32>
}
func.func @batch_matmul(%a: tensor<3x64x24xf32>, %b: tensor<3x24x128xf32>) -> tensor<3x64x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x64x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x64x128xf32>) -> tensor<3x64x128xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x64x24xf32>, tensor<3x24x128xf32>) outs(%f : tensor<3x64x128xf32>) -> tensor<3x64x128xf32>
  return %r : tensor<3x64x128xf32>
}
func.func @matmul_f16(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>) -> tensor<64x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x64xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
func.func @matmul_bt(%a: tensor<64x32xf32>, %b: tensor<64x32xf32>) -> tensor<64x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %b : tensor<64x32xf32>, tensor<64x32xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
func.func @matmul_k36(%a: tensor<64x36xf32>, %b: tensor<36x128xf32>) -> tensor<64x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x36xf32>, tensor<36x128xf32>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
func.func @batch_matmul_8x8(%a: tensor<4x1024x80xf32>, %b: tensor<4x80x1024xf32>) -> tensor<4x1024x1024xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x1024x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x1024x1024xf32>) -> tensor<4x1024x1024xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<4x1024x80xf32>, tensor<4x80x1024xf32>) outs(%f : tensor<4x1024x1024xf32>) -> tensor<4x1024x1024xf32>
  return %r : tensor<4x1024x1024xf32>
}
