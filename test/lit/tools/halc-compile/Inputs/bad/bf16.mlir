// ERROR: 2:14: argument #0 has element type 'bf16'; supported are f16, f32, f64, i8, i16, i32, i64
func.func @f(%a: tensor<4xbf16>) -> tensor<4xbf16> {
  return %a : tensor<4xbf16>
}
