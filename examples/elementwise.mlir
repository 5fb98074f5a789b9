// GELU (tanh approximation) over a 2-D tensor plus a broadcast bias: one
// elementwise dispatch whose sizes are not multiples of the tiles.
func.func @gelu(%x: tensor<33x1000xf32>, %bias: tensor<1000xf32>) -> tensor<33x1000xf32> {
  %empty = tensor.empty() : tensor<33x1000xf32>
  %result = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x, %bias : tensor<33x1000xf32>, tensor<1000xf32>)
      outs(%empty : tensor<33x1000xf32>) {
  ^bb0(%v: f32, %b: f32, %out: f32):
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %c0 = arith.constant 0.7978845608 : f32
    %c1 = arith.constant 0.044715 : f32
    %a = arith.addf %v, %b : f32
    %a3 = arith.mulf %a, %a : f32
    %a3b = arith.mulf %a3, %a : f32
    %inner = arith.mulf %c1, %a3b : f32
    %sum = arith.addf %a, %inner : f32
    %scaled = arith.mulf %c0, %sum : f32
    %t = math.tanh %scaled : f32
    %onep = arith.addf %one, %t : f32
    %h = arith.mulf %half, %a : f32
    %r = arith.mulf %h, %onep : f32
    linalg.yield %r : f32
  } -> tensor<33x1000xf32>
  return %result : tensor<33x1000xf32>
}
