// ERROR: 3:28: expected operation name in quotes
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>

