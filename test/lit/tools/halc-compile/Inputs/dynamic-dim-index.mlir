// A size whose dimension index is known only at run time.
func.func @pick(%a: tensor<?x?xf32>, %k: i32) -> tensor<?xf32> {
  %i = arith.index_cast %k : i32 to index
  %n = tensor.dim %a, %i : tensor<?x?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %f : tensor<?xf32>
}
