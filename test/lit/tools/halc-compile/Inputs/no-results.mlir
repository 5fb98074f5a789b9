// A function with no results.
func.func @nothing(%a: tensor<4xf32>) {
  return
}
