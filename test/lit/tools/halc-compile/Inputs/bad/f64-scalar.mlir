// ERROR: 2:14: argument #0 is a scalar of type 'f64'; scalars travel as 32-bit constants
func.func @f(%s: f64, %a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
