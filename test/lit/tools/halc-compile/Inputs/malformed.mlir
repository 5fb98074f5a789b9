func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  // An op that does not exist.
  linalg.frobnicate %a : tensor<4xf32>
  return %a : tensor<4xf32>
}
