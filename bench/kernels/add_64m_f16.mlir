// torch: a + b
func.func @add(%a: tensor<67108864xf16>, %b: tensor<67108864xf16>) -> tensor<67108864xf16> {
  %e = tensor.empty() : tensor<67108864xf16>
  %r = linalg.add ins(%a, %b : tensor<67108864xf16>, tensor<67108864xf16>) outs(%e : tensor<67108864xf16>) -> tensor<67108864xf16>
  return %r : tensor<67108864xf16>
}
