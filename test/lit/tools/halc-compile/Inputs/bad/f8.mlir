// ERROR: 2:14: argument #0 has element type 'f8E4M3FN'; supported are f16, f32, f64, i8, i16, i32, i64, i1 or bf16
func.func @f(%a: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {
  return %a : tensor<4xf8E4M3FN>
}
