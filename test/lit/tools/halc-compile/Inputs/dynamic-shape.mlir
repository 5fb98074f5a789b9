// A dynamic batch: a later halc passes it as a push constant.
func.func @dyn(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  return %a : tensor<?x4xf32>
}
