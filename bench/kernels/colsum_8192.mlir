// torch: a.sum(dim=0)
func.func @colsum(%a: tensor<8192x8192xf32>) -> tensor<8192xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8192xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8192xf32>) -> tensor<8192xf32>
  %r = linalg.reduce ins(%a : tensor<8192x8192xf32>) outs(%f : tensor<8192xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<8192xf32>
}
