// Contractions of a few rows (M up to 16: a decoding step): their K loop
// goes outside N (halc-reduce-few-rows) and a workgroup of 32 columns
// shares each column's K among its lanes, each thread all the rows of its
// column, B read once; one row is a vecmat, more rows keep the other
// strategies. With B read transposed (a fully connected layer's N x K
// weights, N not a multiple of 32) each output is a row of K that lanes
// share. Each compared with the CPU reference on random inputs.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe --compile-to=executable-configurations -o - | FileCheck %s --check-prefix=CONFIG
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @rows_1: result[0] vs cpu: matches 1x128xf32
// CHECK: @rows_2: result[0] vs cpu: matches 2x128xf32
// CHECK: @rows_3: result[0] vs cpu: matches 3x128xf32
// CHECK: @rows_5: result[0] vs cpu: matches 5x64xf32
// CHECK: @rows_8: result[0] vs cpu: matches 8x256xf32
// CHECK: @rows_17: result[0] vs cpu: matches 17x64xf32
// CHECK: @rows_32: result[0] vs cpu: matches 32x96xf32
// CHECK: @rows_64: result[0] vs cpu: matches 64x128xf32
// CHECK: @rows_8_f16: result[0] vs cpu: matches 8x128xf32
// CHECK: @rows_1_bt: result[0] vs cpu: matches 1x100xf32
// CHECK: @rows_8_bt: result[0] vs cpu: matches 8x100xf32
// CONFIG-LABEL: @rows_2(%
// CONFIG: iterator_types = ["parallel", "reduction", "parallel"]{{.*}}lowering_config = #halc.lowering_config<strategy = column_lanes, workgroup_tile = [2, 0, 32], workgroup_size = [32, {{[0-9]+}}, 1], reduction_tile = [4], reduction_lanes = {{[0-9]+}}>
// CONFIG-LABEL: @rows_3(%
// CONFIG: iterator_types = ["parallel", "reduction", "parallel"]{{.*}}lowering_config = #halc.lowering_config<strategy = column_lanes, workgroup_tile = [3, 0, 32], workgroup_size = [32, {{[0-9]+}}, 1], reduction_tile = [4], reduction_lanes = {{[0-9]+}}>
// CONFIG-LABEL: @rows_5(%
// CONFIG: iterator_types = ["parallel", "reduction", "parallel"]{{.*}}lowering_config = #halc.lowering_config<strategy = column_lanes, workgroup_tile = [5, 0, 32], workgroup_size = [32, {{[0-9]+}}, 1], reduction_tile = [4], reduction_lanes = {{[0-9]+}}>
// CONFIG-LABEL: @rows_8(%
// CONFIG: iterator_types = ["parallel", "reduction", "parallel"]{{.*}}lowering_config = #halc.lowering_config<strategy = column_lanes, workgroup_tile = [8, 0, 32], workgroup_size = [32, {{[0-9]+}}, 1], reduction_tile = [4], reduction_lanes = {{[0-9]+}}>
// CONFIG-LABEL: @rows_17(%
// CONFIG: linalg.matmul {lowering_config
// CONFIG-LABEL: @rows_64(%
// CONFIG: linalg.matmul {lowering_config
// CONFIG-LABEL: @rows_1_bt(%
// CONFIG: lowering_config = #halc.lowering_config<strategy = row_lanes,
// CONFIG-LABEL: @rows_8_bt(%
// CONFIG: lowering_config = #halc.lowering_config<strategy = row_lanes,
func.func @rows_1(%a: tensor<1x256xf32>, %b: tensor<256x128xf32>) -> tensor<1x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x128xf32>) -> tensor<1x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1x256xf32>, tensor<256x128xf32>) outs(%f : tensor<1x128xf32>) -> tensor<1x128xf32>
  return %r : tensor<1x128xf32>
}
func.func @rows_2(%a: tensor<2x256xf32>, %b: tensor<256x128xf32>) -> tensor<2x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x128xf32>) -> tensor<2x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<2x256xf32>, tensor<256x128xf32>) outs(%f : tensor<2x128xf32>) -> tensor<2x128xf32>
  return %r : tensor<2x128xf32>
}
func.func @rows_3(%a: tensor<3x256xf32>, %b: tensor<256x128xf32>) -> tensor<3x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x128xf32>) -> tensor<3x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<3x256xf32>, tensor<256x128xf32>) outs(%f : tensor<3x128xf32>) -> tensor<3x128xf32>
  return %r : tensor<3x128xf32>
}
func.func @rows_5(%a: tensor<5x128xf32>, %b: tensor<128x64xf32>) -> tensor<5x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<5x64xf32>) -> tensor<5x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<5x128xf32>, tensor<128x64xf32>) outs(%f : tensor<5x64xf32>) -> tensor<5x64xf32>
  return %r : tensor<5x64xf32>
}
func.func @rows_8(%a: tensor<8x512xf32>, %b: tensor<512x256xf32>) -> tensor<8x256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x256xf32>) -> tensor<8x256xf32>
  %r = linalg.matmul ins(%a, %b : tensor<8x512xf32>, tensor<512x256xf32>) outs(%f : tensor<8x256xf32>) -> tensor<8x256xf32>
  return %r : tensor<8x256xf32>
}
func.func @rows_17(%a: tensor<17x128xf32>, %b: tensor<128x64xf32>) -> tensor<17x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<17x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<17x64xf32>) -> tensor<17x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<17x128xf32>, tensor<128x64xf32>) outs(%f : tensor<17x64xf32>) -> tensor<17x64xf32>
  return %r : tensor<17x64xf32>
}
func.func @rows_32(%a: tensor<32x160xf32>, %b: tensor<160x96xf32>) -> tensor<32x96xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x96xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x96xf32>) -> tensor<32x96xf32>
  %r = linalg.matmul ins(%a, %b : tensor<32x160xf32>, tensor<160x96xf32>) outs(%f : tensor<32x96xf32>) -> tensor<32x96xf32>
  return %r : tensor<32x96xf32>
}
func.func @rows_64(%a: tensor<64x128xf32>, %b: tensor<128x128xf32>) -> tensor<64x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x128xf32>, tensor<128x128xf32>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
func.func @rows_8_f16(%a: tensor<8x256xf16>, %b: tensor<256x128xf16>) -> tensor<8x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x128xf32>) -> tensor<8x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<8x256xf16>, tensor<256x128xf16>) outs(%f : tensor<8x128xf32>) -> tensor<8x128xf32>
  return %r : tensor<8x128xf32>
}
func.func @rows_1_bt(%a: tensor<1x512xf32>, %b: tensor<100x512xf32>) -> tensor<1x100xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x100xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x100xf32>) -> tensor<1x100xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %b : tensor<1x512xf32>, tensor<100x512xf32>) outs(%f : tensor<1x100xf32>) -> tensor<1x100xf32>
  return %r : tensor<1x100xf32>
}
func.func @rows_8_bt(%a: tensor<8x512xf32>, %b: tensor<100x512xf32>, %bias: tensor<100xf32>) -> tensor<8x100xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x100xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x100xf32>) -> tensor<8x100xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %b : tensor<8x512xf32>, tensor<100x512xf32>) outs(%f : tensor<8x100xf32>) -> tensor<8x100xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%r, %bias : tensor<8x100xf32>, tensor<100xf32>) outs(%e : tensor<8x100xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> tensor<8x100xf32>
  return %y : tensor<8x100xf32>
}
