// ERROR: 3:8: @f calls @f: halc inlines every call, so no function may call itself, directly or through others
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @f(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
