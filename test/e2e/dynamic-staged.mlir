// Contractions with a dynamic M, N or batch take the staged strategy: the
// heuristic takes the dynamic extent as large, and the last tile, whatever
// the call's size, is padded (its inputs read as zeros past their edges,
// each thread writing back its block's part inside the output), with an
// epilogue too (a bias and ReLU applied to the padded blocks). A dynamic
// K keeps a thread's serial loop (its last step would be partial). Called
// at sizes that are and are not multiples of the tile; each compared with
// the CPU reference on random inputs.
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
// CHECK: @columns[?=1]: result[0] vs cpu: matches 64x1xf32
// CHECK: @columns[?=7]: result[0] vs cpu: matches 64x7xf32
// CHECK: @columns[?=64]: result[0] vs cpu: matches 64x64xf32
// CHECK: @columns[?=100]: result[0] vs cpu: matches 64x100xf32
// CHECK: @rows_bias_relu[?=1]: result[0] vs cpu: matches 1x512xf32
// CHECK: @rows_bias_relu[?=7]: result[0] vs cpu: matches 7x512xf32
// CHECK: @rows_bias_relu[?=64]: result[0] vs cpu: matches 64x512xf32
// CHECK: @rows_bias_relu[?=100]: result[0] vs cpu: matches 100x512xf32
// CHECK: @depth[?=1]: result[0] vs cpu: matches 64x128xf32
// CHECK: @depth[?=7]: result[0] vs cpu: matches 64x128xf32
// CHECK: @depth[?=64]: result[0] vs cpu: matches 64x128xf32
// CHECK: @depth[?=100]: result[0] vs cpu: matches 64x128xf32
// CONFIG-LABEL: @rows(%
// CONFIG: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, {{.*}}promote_operands = [0, 1]>}
// CONFIG-LABEL: @batch(%
// CONFIG: linalg.batch_matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [1, {{.*}}promote_operands = [0, 1]>}
// CONFIG-LABEL: @columns(%
// CONFIG: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, {{.*}}promote_operands = [0, 1]>}
// CONFIG-LABEL: @rows_bias_relu(%
// CONFIG: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, {{.*}}promote_operands = [0, 1]>}
// CONFIG-LABEL: @depth(%
// CONFIG: linalg.matmul {lowering_config = #halc.lowering_config<strategy = thread_tiles,
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
func.func @columns(%a: tensor<64x256xf32>, %b: tensor<256x?xf32>) -> tensor<64x?xf32> {
  %z = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  %n = tensor.dim %b, %c1 : tensor<256x?xf32>
  %e = tensor.empty(%n) : tensor<64x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x?xf32>) -> tensor<64x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x256xf32>, tensor<256x?xf32>) outs(%f : tensor<64x?xf32>) -> tensor<64x?xf32>
  return %r : tensor<64x?xf32>
}
func.func @rows_bias_relu(%a: tensor<?x256xf32>, %b: tensor<256x512xf32>, %bias: tensor<512xf32>) -> tensor<?x512xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x256xf32>
  %e = tensor.empty(%m) : tensor<?x512xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x512xf32>) -> tensor<?x512xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x256xf32>, tensor<256x512xf32>) outs(%f : tensor<?x512xf32>) -> tensor<?x512xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%r, %bias : tensor<?x512xf32>, tensor<512xf32>) outs(%e : tensor<?x512xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<?x512xf32>
  return %o : tensor<?x512xf32>
}
func.func @depth(%a: tensor<64x?xf32>, %b: tensor<?x128xf32>) -> tensor<64x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x?xf32>, tensor<?x128xf32>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
