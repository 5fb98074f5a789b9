// ERROR: 6:8: 'halc.export' op workgroup size 4096 along x exceeds the limit
func.func @mm(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [4, 4, 0], workgroup_size = [4096, 1, 1]>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}
