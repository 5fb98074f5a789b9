// Staged contractions whose tiles do not divide the output or K: each
// workgroup pads its tile (inputs read as zeros past their edges, the
// accumulator a whole static tile) and each thread writes back the part of
// its block inside the output. Matmuls with edges in M, N and K (K = 1000
// in steps of 32, the last padded), B transposed, f16 inputs, a batch, an
// NCHW convolution (196 pixels in tiles of 64), a 7x7 NHWC one (49 pixels
// in tiles of 16) and a 7x7 stride-2 stem (K = 147); each compared with the
// CPU reference on random inputs. A hand-written 128x128 tile: its padded
// accumulator (64 KiB) passes through workgroup memory only until it is
// carried in registers, so the kernel fits lavapipe's 32 KiB. One MSL configuration: the dispatches use
// no subgroup operations.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --msl-configurations=3.0/macos %s | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe --compile-to=executable-configurations -o - | FileCheck %s --check-prefix=CONFIG
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @matmul_250x333x257: result[0] vs cpu: matches
// CHECK: @matmul_500x200x1000: result[0] vs cpu: matches
// CHECK: @matmul_bt_200x120x99: result[0] vs cpu: matches
// CHECK: @matmul_f16_130x250x72: result[0] vs cpu: matches
// CHECK: @batch_matmul_3x96x200x50: result[0] vs cpu: matches
// CHECK: @conv3x3_nchw_2x64x14x14: result[0] vs cpu: matches
// CHECK: @conv3x3_1x7x7x128: result[0] vs cpu: matches
// CHECK: @stem7x7_s2_2x64x64x3: result[0] vs cpu: matches
// CHECK: @matmul_128x128_tiles_200x136x100: result[0] vs cpu: matches
// CONFIG-COUNT-3: workgroup_tile = [16, 64, 32], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [16, 64, 8], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [1, 16, 64, 32], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [1, 16, 64, 32], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG-COUNT-2: workgroup_tile = [16, 64, 32], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
// CONFIG: workgroup_tile = [128, 128, 16], workgroup_size = [32, 8, 1], reduction_tile = [4], promote_operands = [0, 1]
func.func @matmul_250x333x257(%a: tensor<250x257xf32>, %b: tensor<257x333xf32>) -> tensor<250x333xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<250x333xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<250x333xf32>) -> tensor<250x333xf32>
  %r = linalg.matmul ins(%a, %b : tensor<250x257xf32>, tensor<257x333xf32>) outs(%f : tensor<250x333xf32>) -> tensor<250x333xf32>
  return %r : tensor<250x333xf32>
}
func.func @matmul_500x200x1000(%a: tensor<500x1000xf32>, %b: tensor<1000x200xf32>) -> tensor<500x200xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<500x200xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<500x200xf32>) -> tensor<500x200xf32>
  %r = linalg.matmul ins(%a, %b : tensor<500x1000xf32>, tensor<1000x200xf32>) outs(%f : tensor<500x200xf32>) -> tensor<500x200xf32>
  return %r : tensor<500x200xf32>
}
func.func @matmul_bt_200x120x99(%a: tensor<200x99xf32>, %b: tensor<120x99xf32>) -> tensor<200x120xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<200x120xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<200x120xf32>) -> tensor<200x120xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %b : tensor<200x99xf32>, tensor<120x99xf32>) outs(%f : tensor<200x120xf32>) -> tensor<200x120xf32>
  return %r : tensor<200x120xf32>
}
func.func @matmul_f16_130x250x72(%a: tensor<130x72xf16>, %b: tensor<72x250xf16>) -> tensor<130x250xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<130x250xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<130x250xf32>) -> tensor<130x250xf32>
  %r = linalg.matmul ins(%a, %b : tensor<130x72xf16>, tensor<72x250xf16>) outs(%f : tensor<130x250xf32>) -> tensor<130x250xf32>
  return %r : tensor<130x250xf32>
}
func.func @batch_matmul_3x96x200x50(%a: tensor<3x96x50xf32>, %b: tensor<3x50x200xf32>) -> tensor<3x96x200xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x96x200xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x96x200xf32>) -> tensor<3x96x200xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x96x50xf32>, tensor<3x50x200xf32>) outs(%f : tensor<3x96x200xf32>) -> tensor<3x96x200xf32>
  return %r : tensor<3x96x200xf32>
}
func.func @conv3x3_nchw_2x64x14x14(%x: tensor<2x64x14x14xf32>, %w: tensor<128x64x3x3xf32>) -> tensor<2x128x14x14xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z : f32
  } : tensor<2x64x14x14xf32> to tensor<2x64x16x16xf32>
  %e = tensor.empty() : tensor<2x128x14x14xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x128x14x14xf32>) -> tensor<2x128x14x14xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %w : tensor<2x64x16x16xf32>, tensor<128x64x3x3xf32>) outs(%f : tensor<2x128x14x14xf32>) -> tensor<2x128x14x14xf32>
  return %r : tensor<2x128x14x14xf32>
}
func.func @conv3x3_1x7x7x128(%x: tensor<1x7x7x128xf32>, %w: tensor<128x3x3x128xf32>) -> tensor<1x7x7x128xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z : f32
  } : tensor<1x7x7x128xf32> to tensor<1x9x9x128xf32>
  %e = tensor.empty() : tensor<1x7x7x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x7x7x128xf32>) -> tensor<1x7x7x128xf32>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %w : tensor<1x9x9x128xf32>, tensor<128x3x3x128xf32>) outs(%f : tensor<1x7x7x128xf32>) -> tensor<1x7x7x128xf32>
  return %r : tensor<1x7x7x128xf32>
}
func.func @stem7x7_s2_2x64x64x3(%x: tensor<2x64x64x3xf32>, %w: tensor<64x7x7x3xf32>) -> tensor<2x32x32x64xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 3, 3, 0] high[0, 2, 2, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z : f32
  } : tensor<2x64x64x3xf32> to tensor<2x69x69x3xf32>
  %e = tensor.empty() : tensor<2x32x32x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x32x32x64xf32>) -> tensor<2x32x32x64xf32>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
     ins(%p, %w : tensor<2x69x69x3xf32>, tensor<64x7x7x3xf32>) outs(%f : tensor<2x32x32x64xf32>) -> tensor<2x32x32x64xf32>
  return %r : tensor<2x32x32x64xf32>
}
func.func @matmul_128x128_tiles_200x136x100(%a: tensor<200x100xf32>, %b: tensor<100x136xf32>) -> tensor<200x136xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<200x136xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<200x136xf32>) -> tensor<200x136xf32>
  %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [128, 128, 16], workgroup_size = [32, 8, 1], reduction_tile = [4], promote_operands = [0, 1]>} ins(%a, %b : tensor<200x100xf32>, tensor<100x136xf32>) outs(%f : tensor<200x136xf32>) -> tensor<200x136xf32>
  return %r : tensor<200x136xf32>
}
