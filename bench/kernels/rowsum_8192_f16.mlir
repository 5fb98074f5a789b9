// torch: a.sum(dim=1)
func.func @rowsum(%a: tensor<8192x8192xf16>) -> tensor<8192xf16> {
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<8192xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<8192xf16>) -> tensor<8192xf16>
  %r = linalg.reduce ins(%a : tensor<8192x8192xf16>) outs(%f : tensor<8192xf16>) dimensions = [1]
    (%x: f16, %acc: f16) {
      %s = arith.addf %x, %acc : f16
      linalg.yield %s : f16
    }
  return %r : tensor<8192xf16>
}
