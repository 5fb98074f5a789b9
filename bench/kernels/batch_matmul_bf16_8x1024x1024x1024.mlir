// torch: torch.bmm(a, b)
func.func @batch_matmul(%a: tensor<8x1024x1024xbf16>, %b: tensor<8x1024x1024xbf16>) -> tensor<8x1024x1024xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x1024x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x1024x1024xf32>) -> tensor<8x1024x1024xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<8x1024x1024xbf16>, tensor<8x1024x1024xbf16>) outs(%f : tensor<8x1024x1024xf32>) -> tensor<8x1024x1024xf32>
  return %r : tensor<8x1024x1024xf32>
}
