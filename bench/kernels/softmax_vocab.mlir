// torch: torch.softmax(a, dim=1)
// A vocabulary softmax: 64 rows of 50,257 logits.
func.func @softmax(%a: tensor<64x50257xf32>) -> tensor<64x50257xf32> {
  %e = tensor.empty() : tensor<64x50257xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<64x50257xf32>) outs(%e : tensor<64x50257xf32>) -> tensor<64x50257xf32>
  return %r : tensor<64x50257xf32>
}
