// torch: a + b
func.func @add(%a: tensor<67108864xf32>, %b: tensor<67108864xf32>) -> tensor<67108864xf32> {
  %e = tensor.empty() : tensor<67108864xf32>
  %r = linalg.add ins(%a, %b : tensor<67108864xf32>, tensor<67108864xf32>) outs(%e : tensor<67108864xf32>) -> tensor<67108864xf32>
  return %r : tensor<67108864xf32>
}
