func.func @half(%a: tensor<8xf16>) -> tensor<8xf16> {
  %e = tensor.empty() : tensor<8xf16>
  %r = linalg.negf ins(%a : tensor<8xf16>) outs(%e : tensor<8xf16>) -> tensor<8xf16>
  return %r : tensor<8xf16>
}
