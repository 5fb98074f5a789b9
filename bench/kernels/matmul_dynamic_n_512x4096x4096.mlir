// torch: a @ b
// inputs: 512x4096xf32 4096x4096xf32
func.func @matmul(%a: tensor<512x4096xf32>, %b: tensor<4096x?xf32>) -> tensor<512x?xf32> {
  %z = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  %n = tensor.dim %b, %c1 : tensor<4096x?xf32>
  %e = tensor.empty(%n) : tensor<512x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<512x?xf32>) -> tensor<512x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<512x4096xf32>, tensor<4096x?xf32>) outs(%f : tensor<512x?xf32>) -> tensor<512x?xf32>
  return %r : tensor<512x?xf32>
}
