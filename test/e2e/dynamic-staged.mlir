// Contractions with a dynamic M or batch take the staged strategy: the
// heuristic takes the dynamic extent as large, and the last tile, whatever
// the call's size, is padded (its inputs read as zeros past their edges,
// each thread writing back its block's part inside the output). Called at
// sizes that are and are not multiples of the tile; each compared with the
// CPU reference on random inputs.
// REQUIRES: lavapipe
// RUN: %e2e --dynamic-sizes=1,7,64,100 %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --dynamic-sizes=1,7,64,100 %s | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe --compile-to=executable-configurations -o - | FileCheck %s --check-prefix=CONFIG
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @rows[?=1]: result[0] vs cpu: matches 1x512xf32
// CHECK: @rows[?=7]: result[0] vs cpu: matches 7x512xf32
// CHECK: @rows[?=64]: result[0] vs cpu: matches 64x512xf32
// CHECK: @rows[?=100]: result[0] vs cpu: matches 100x512xf32
// CHECK: @batch[?=1]: result[0] vs cpu: matches 1x64x128xf32
// CHECK: @batch[?=7]: result[0] vs cpu: matches 7x64x128xf32
// CHECK: @batch[?=64]: result[0] vs cpu: matches 64x64x128xf32
// CHECK: @batch[?=100]: result[0] vs cpu: matches 100x64x128xf32
// CONFIG-LABEL: @rows(%
// CONFIG: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, {{.*}}promote_operands = [0, 1]>}
// CONFIG-LABEL: @batch(%
// CONFIG: linalg.batch_matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [1, {{.*}}promote_operands = [0, 1]>}
func.func @rows(%a: tensor<?x256xf32>, %b: tensor<256x512xf32>) -> tensor<?x512xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x256xf32>
  %e = tensor.empty(%m) : tensor<?x512xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x512xf32>) -> tensor<?x512xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x256xf32>, tensor<256x512xf32>) outs(%f : tensor<?x512xf32>) -> tensor<?x512xf32>
  return %r : tensor<?x512xf32>
}
func.func @batch(%a: tensor<?x64x32xf32>, %b: tensor<?x32x128xf32>) -> tensor<?x64x128xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x64x32xf32>
  %e = tensor.empty(%n) : tensor<?x64x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x64x128xf32>) -> tensor<?x64x128xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<?x64x32xf32>, tensor<?x32x128xf32>) outs(%f : tensor<?x64x128xf32>) -> tensor<?x64x128xf32>
  return %r : tensor<?x64x128xf32>
}
