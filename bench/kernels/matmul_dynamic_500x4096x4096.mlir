// torch: a @ b
// inputs: 500x4096xf32 4096x4096xf32
func.func @matmul(%a: tensor<?x4096xf32>, %b: tensor<4096x4096xf32>) -> tensor<?x4096xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x4096xf32>
  %e = tensor.empty(%m) : tensor<?x4096xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x4096xf32>) -> tensor<?x4096xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x4096xf32>, tensor<4096x4096xf32>) outs(%f : tensor<?x4096xf32>) -> tensor<?x4096xf32>
  return %r : tensor<?x4096xf32>
}
