// ERROR: 6:7: expected a list of integers after 'dimensions ='
// MLIR 22's parser of linalg.reduce crashes on a dimensions list it cannot
// parse: halc refuses it first (the compile fuzzer's first find).
func.func @f(%a: tensor<4x8xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%init : tensor<4xf32>)
      dimensions = v[1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}
