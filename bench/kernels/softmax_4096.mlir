// torch: torch.softmax(a, dim=1)
func.func @softmax(%a: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %e = tensor.empty() : tensor<4096x4096xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<4096x4096xf32>) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
