// torch: a @ b
func.func @matmul(%a: tensor<4000x4000xf32>, %b: tensor<4000x4000xf32>) -> tensor<4000x4000xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4000x4000xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4000x4000xf32>) -> tensor<4000x4000xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4000x4000xf32>, tensor<4000x4000xf32>) outs(%f : tensor<4000x4000xf32>) -> tensor<4000x4000xf32>
  return %r : tensor<4000x4000xf32>
}
