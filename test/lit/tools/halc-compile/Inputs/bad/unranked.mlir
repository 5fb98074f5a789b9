// ERROR: 2:14: argument #0 of type 'tensor<*xf32>' is not a ranked tensor
func.func @f(%a: tensor<*xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  return %e : tensor<4xf32>
}
