// A dynamic size in an inner dimension: its strides are not static.
func.func @dyn(%a: tensor<4x?xf32>) -> tensor<4x?xf32> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c1 : tensor<4x?xf32>
  %e = tensor.empty(%n) : tensor<4x?xf32>
  %r = linalg.negf ins(%a : tensor<4x?xf32>) outs(%e : tensor<4x?xf32>) -> tensor<4x?xf32>
  return %r : tensor<4x?xf32>
}
