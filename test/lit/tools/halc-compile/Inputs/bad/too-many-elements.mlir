// ERROR: 2:1: 'tensor<65536x65536xf32>' has more than 2147483647 elements
func.func @f(%a: tensor<65536xf32>, %b: tensor<65536xf32>) -> tensor<65536x65536xf32> {
  %e = tensor.empty() : tensor<65536x65536xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b : tensor<65536xf32>, tensor<65536xf32>) outs(%e : tensor<65536x65536xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %m = arith.mulf %x, %y : f32
    linalg.yield %m : f32
  } -> tensor<65536x65536xf32>
  return %r : tensor<65536x65536xf32>
}
