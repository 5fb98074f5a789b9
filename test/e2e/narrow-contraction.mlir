// Contractions with a parallel loop of one iteration (halc-drop-unit-loops):
// a matrix times a column vector is a reduction of A's rows, a row vector
// times a matrix one of B's columns (lanes of a subgroup share each, see the
// CONFIG lines), a batch of one a plain matmul; at shapes with remainders,
// each compared with the CPU reference on random inputs.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe --compile-to=executable-configurations -o - | FileCheck %s --check-prefix=CONFIG
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @matvec_300x257: result[0] vs cpu: matches
// CHECK: @vecmat_513x256: result[0] vs cpu: matches
// CHECK: @batch1_matmul_64x32x128: result[0] vs cpu: matches
// CONFIG: iterator_types = ["parallel", "reduction"]
// CONFIG-SAME: reduction_lanes
// CONFIG: iterator_types = ["reduction", "parallel"]
// CONFIG-SAME: reduction_lanes
// CONFIG: iterator_types = ["parallel", "parallel", "reduction"]
// CONFIG-SAME: promote_operands = [0, 1]
func.func @matvec_300x257(%a: tensor<300x257xf32>, %b: tensor<257x1xf32>) -> tensor<300x1xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<300x1xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<300x1xf32>) -> tensor<300x1xf32>
  %r = linalg.matmul ins(%a, %b : tensor<300x257xf32>, tensor<257x1xf32>) outs(%f : tensor<300x1xf32>) -> tensor<300x1xf32>
  return %r : tensor<300x1xf32>
}
func.func @vecmat_513x256(%a: tensor<1x513xf32>, %b: tensor<513x256xf32>) -> tensor<1x256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x256xf32>) -> tensor<1x256xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1x513xf32>, tensor<513x256xf32>) outs(%f : tensor<1x256xf32>) -> tensor<1x256xf32>
  return %r : tensor<1x256xf32>
}
func.func @batch1_matmul_64x32x128(%a: tensor<1x64x32xf32>, %b: tensor<1x32x128xf32>) -> tensor<1x64x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x64x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x64x128xf32>) -> tensor<1x64x128xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<1x64x32xf32>, tensor<1x32x128xf32>) outs(%f : tensor<1x64x128xf32>) -> tensor<1x64x128xf32>
  return %r : tensor<1x64x128xf32>
}
