// ERROR: 7:8: @g calls @f, which calls @g: halc inlines every call
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @f(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
