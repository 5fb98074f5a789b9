// linalg.pack and linalg.unpack, decomposed upstream's way (pad +
// expand_shape + transpose; transpose + collapse_shape + extract_slice), or
// with dynamic inner tiles read by index, and compiled like the rest;
// compared with the CPU reference, which runs the same decomposition.
// REQUIRES: lavapipe
// RUN: %e2e --dynamic-sizes=5,37 %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --dynamic-sizes=5,37 %s | FileCheck %s
// RUN: halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 -o /dev/null
// RUN: halc-compile %s --iree-hal-target-backends=cuda -o /dev/null
// The dynamic tile's packing against values worked out by hand: 5 rows of
// 6 in tiles of 2 rows (5 ceildiv 4) by 2 columns, rows past 5 padded:
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.halm
// RUN: halc-run %t.halm --function=pack_dynamic_tile --input=5x6xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30 --expected_output=4x3x2x2xf32=1,2,7,8,3,4,9,10,5,6,11,12,13,14,19,20,15,16,21,22,17,18,23,24,25,26,-1,-1,27,28,-1,-1,29,30,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1 | FileCheck %s --check-prefix=BY-HAND
// BY-HAND: result[0]: matches 4x3x2x2xf32
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @pack: result[0] vs cpu: matches
// CHECK: @pack_padded: result[0] vs cpu: matches
// CHECK: @pack_outer_perm: result[0] vs cpu: matches
// CHECK: @unpack: result[0] vs cpu: matches
// CHECK: @unpack_truncated: result[0] vs cpu: matches
// CHECK: @pack_then_unpack: result[0] vs cpu: matches
// CHECK: @pack_matmul_unpack: result[0] vs cpu: matches
// CHECK: @pack_dynamic[?=5]: result[0] vs cpu: matches
// CHECK: @pack_dynamic[?=37]: result[0] vs cpu: matches
// CHECK: @unpack_dynamic[?=5]: result[0] vs cpu: matches
// CHECK: @unpack_dynamic[?=37]: result[0] vs cpu: matches
// CHECK: @unpack_dynamic_2d[?=5]: result[0] vs cpu: matches
// CHECK: @unpack_dynamic_2d[?=37]: result[0] vs cpu: matches
// CHECK: @pack_dynamic_tile[?=5]: result[0] vs cpu: matches
// CHECK: @pack_dynamic_tile[?=37]: result[0] vs cpu: matches
// CHECK: @unpack_dynamic_tile[?=5]: result[0] vs cpu: matches
// CHECK: @unpack_dynamic_tile[?=37]: result[0] vs cpu: matches

func.func @pack(%a: tensor<16x32xf32>) -> tensor<2x8x8x4xf32> {
  %e = tensor.empty() : tensor<2x8x8x4xf32>
  %p = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e : tensor<16x32xf32> -> tensor<2x8x8x4xf32>
  return %p : tensor<2x8x8x4xf32>
}

// 13x15 in tiles of 8x4, the remainder padded with -1.
func.func @pack_padded(%a: tensor<13x15xi32>) -> tensor<2x4x8x4xi32> {
  %pad = arith.constant -1 : i32
  %e = tensor.empty() : tensor<2x4x8x4xi32>
  %p = linalg.pack %a padding_value(%pad : i32) inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e : tensor<13x15xi32> -> tensor<2x4x8x4xi32>
  return %p : tensor<2x4x8x4xi32>
}

// Tiles of the second dimension first in each row of tiles, the outer
// dimensions swapped (a right-hand matmul operand packed as IREE packs it).
func.func @pack_outer_perm(%a: tensor<24x40xf16>) -> tensor<5x6x8x4xf16> {
  %e = tensor.empty() : tensor<5x6x8x4xf16>
  %p = linalg.pack %a outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [8, 4] into %e : tensor<24x40xf16> -> tensor<5x6x8x4xf16>
  return %p : tensor<5x6x8x4xf16>
}

func.func @unpack(%a: tensor<2x8x8x4xf32>) -> tensor<16x32xf32> {
  %e = tensor.empty() : tensor<16x32xf32>
  %u = linalg.unpack %a inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e : tensor<2x8x8x4xf32> -> tensor<16x32xf32>
  return %u : tensor<16x32xf32>
}

// Unpacked into fewer elements than the tiles hold: the padding dropped.
func.func @unpack_truncated(%a: tensor<4x2x4x8xf32>) -> tensor<13x15xf32> {
  %e = tensor.empty() : tensor<13x15xf32>
  %u = linalg.unpack %a inner_dims_pos = [0, 1] inner_tiles = [4, 8] into %e : tensor<4x2x4x8xf32> -> tensor<13x15xf32>
  return %u : tensor<13x15xf32>
}

func.func @pack_then_unpack(%a: tensor<13x15xf32>) -> tensor<13x15xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x2x4x8xf32>
  %p = linalg.pack %a padding_value(%zero : f32) inner_dims_pos = [0, 1] inner_tiles = [4, 8] into %e : tensor<13x15xf32> -> tensor<4x2x4x8xf32>
  %e2 = tensor.empty() : tensor<13x15xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [4, 8] into %e2 : tensor<4x2x4x8xf32> -> tensor<13x15xf32>
  return %u : tensor<13x15xf32>
}

// A data-tiled matmul: operands packed, mmt4d, result unpacked.
func.func @pack_matmul_unpack(%a: tensor<20x36xf32>, %b: tensor<36x12xf32>) -> tensor<20x12xf32> {
  %zero = arith.constant 0.0 : f32
  %ea = tensor.empty() : tensor<3x9x8x4xf32>
  %pa = linalg.pack %a padding_value(%zero : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %ea : tensor<20x36xf32> -> tensor<3x9x8x4xf32>
  %eb = tensor.empty() : tensor<3x9x4x4xf32>
  %pb = linalg.pack %b padding_value(%zero : f32) outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [4, 4] into %eb : tensor<36x12xf32> -> tensor<3x9x4x4xf32>
  %ec = tensor.empty() : tensor<3x3x8x4xf32>
  %fc = linalg.fill ins(%zero : f32) outs(%ec : tensor<3x3x8x4xf32>) -> tensor<3x3x8x4xf32>
  %c = linalg.mmt4d ins(%pa, %pb : tensor<3x9x8x4xf32>, tensor<3x9x4x4xf32>) outs(%fc : tensor<3x3x8x4xf32>) -> tensor<3x3x8x4xf32>
  %e = tensor.empty() : tensor<20x12xf32>
  %u = linalg.unpack %c inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e : tensor<3x3x8x4xf32> -> tensor<20x12xf32>
  return %u : tensor<20x12xf32>
}

func.func @pack_dynamic(%a: tensor<?x6xf32>) -> tensor<?x3x4x2xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x6xf32>
  %tiles = affine.apply affine_map<()[s0] -> (s0 ceildiv 4)>()[%n]
  %e = tensor.empty(%tiles) : tensor<?x3x4x2xf32>
  %p = linalg.pack %a padding_value(%zero : f32) inner_dims_pos = [0, 1] inner_tiles = [4, 2] into %e : tensor<?x6xf32> -> tensor<?x3x4x2xf32>
  return %p : tensor<?x3x4x2xf32>
}

func.func @unpack_dynamic(%a: tensor<?x3x4x2xf32>) -> tensor<?x6xf32> {
  %c0 = arith.constant 0 : index
  %tiles = tensor.dim %a, %c0 : tensor<?x3x4x2xf32>
  %n = affine.apply affine_map<()[s0] -> (s0 * 4 - 3)>()[%tiles]
  %e = tensor.empty(%n) : tensor<?x6xf32>
  %u = linalg.unpack %a inner_dims_pos = [0, 1] inner_tiles = [4, 2] into %e : tensor<?x3x4x2xf32> -> tensor<?x6xf32>
  return %u : tensor<?x6xf32>
}

// Both outer dimensions dynamic (IREE's e2e unpack): the transposed tiles
// are bound row-major, so the collapse that follows needs no copy.
func.func @unpack_dynamic_2d(%a: tensor<?x?x8x4xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x?x8x4xf32>
  %d1 = tensor.dim %a, %c1 : tensor<?x?x8x4xf32>
  %m = affine.apply affine_map<()[s0] -> (s0 * 8 - 3)>()[%d0]
  %n = affine.apply affine_map<()[s0] -> (s0 * 4 - 1)>()[%d1]
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %u = linalg.unpack %a inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e : tensor<?x?x8x4xf32> -> tensor<?x?xf32>
  return %u : tensor<?x?xf32>
}

// The tile size itself known only at the call: tiles of 4 rows of the
// argument's length (its last tile padded), and the inverse.
func.func @pack_dynamic_tile(%a: tensor<?x6xf32>) -> tensor<4x3x?x2xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant -1.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x6xf32>
  %tile = affine.apply affine_map<()[s0] -> (s0 ceildiv 4)>()[%n]
  %e = tensor.empty(%tile) : tensor<4x3x?x2xf32>
  %p = linalg.pack %a padding_value(%zero : f32) inner_dims_pos = [0, 1] inner_tiles = [%tile, 2] into %e : tensor<?x6xf32> -> tensor<4x3x?x2xf32>
  return %p : tensor<4x3x?x2xf32>
}

func.func @unpack_dynamic_tile(%a: tensor<2x3x?x2xf32>) -> tensor<?x6xf32> {
  %c2 = arith.constant 2 : index
  %tile = tensor.dim %a, %c2 : tensor<2x3x?x2xf32>
  %n = affine.apply affine_map<()[s0] -> (s0 * 2)>()[%tile]
  %e = tensor.empty(%n) : tensor<?x6xf32>
  %u = linalg.unpack %a inner_dims_pos = [0, 1] inner_tiles = [%tile, 2] into %e : tensor<2x3x?x2xf32> -> tensor<?x6xf32>
  return %u : tensor<?x6xf32>
}
