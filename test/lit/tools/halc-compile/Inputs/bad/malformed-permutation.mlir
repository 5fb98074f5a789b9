// ERROR: 6:78: expected a list of integers after 'permutation ='
// MLIR 22's parser of linalg.transpose crashes on a permutation list whose
// entries do not parse (the compile fuzzer's second find).
func.func @f(%a: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %r = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1,-unit]
  return %r : tensor<8x4xf32>
}
