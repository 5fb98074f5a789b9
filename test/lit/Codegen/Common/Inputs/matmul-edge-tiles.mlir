// A matmul whose N (100) is not a multiple of the 64-wide workgroup tile:
// the last workgroup along x has a 36-wide edge tile. The config (thread
// tiles of the epilogue, the matmul fused in: what halc chooses for such a
// dispatch too small for staged tiles) is given, so that the tests see the
// edge of a thread tile.
func.func @matmul_bias_relu(%lhs: tensor<128x256xf32>, %rhs: tensor<256x100xf32>, %bias: tensor<100xf32>) -> tensor<128x100xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<128x100xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<128x100xf32>) -> tensor<128x100xf32>
  %mm = linalg.matmul ins(%lhs, %rhs : tensor<128x256xf32>, tensor<256x100xf32>) outs(%acc : tensor<128x100xf32>) -> tensor<128x100xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm, %bias : tensor<128x100xf32>, tensor<100xf32>) outs(%empty : tensor<128x100xf32>) attrs = {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [16, 64], workgroup_size = [16, 4, 1], reduction_tile = [4]>} {
  ^bb0(%m: f32, %b: f32, %o: f32):
    %s = arith.addf %m, %b : f32
    %relu = arith.maximumf %s, %zero : f32
    linalg.yield %relu : f32
  } -> tensor<128x100xf32>
  return %r : tensor<128x100xf32>
}
