// ERROR: 6:8: lowering_config tiles reduction loop 2 across workgroups; only parallel loops can be
func.func @mm(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %r = linalg.matmul {lowering_config = #halc.lowering_config<workgroup_tile = [4, 4, 7], workgroup_size = [1, 1, 1]>} ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}
