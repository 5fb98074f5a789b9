// torch: torch.nn.functional.layer_norm(a, (4096,), eps=1e-5)
// Mean and variance over each row of 4096, then (x - mean) / sqrt(var + eps).
#row = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
func.func @layernorm(%a: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %z = arith.constant 0.0 : f32
  %n = arith.constant 4096.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e1 = tensor.empty() : tensor<4096xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<4096xf32>) -> tensor<4096xf32>
  %sum = linalg.generic {indexing_maps = [#row, #red], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4096x4096xf32>) outs(%f1 : tensor<4096xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<4096xf32>
  %sq = linalg.generic {indexing_maps = [#row, #red, #red], iterator_types = ["parallel", "reduction"]} ins(%a, %sum : tensor<4096x4096xf32>, tensor<4096xf32>) outs(%f1 : tensor<4096xf32>) {
  ^bb0(%x: f32, %s: f32, %acc: f32):
    %mean = arith.divf %s, %n : f32
    %d = arith.subf %x, %mean : f32
    %d2 = arith.mulf %d, %d : f32
    %r = arith.addf %d2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<4096xf32>
  %e2 = tensor.empty() : tensor<4096x4096xf32>
  %out = linalg.generic {indexing_maps = [#row, #red, #red, #row], iterator_types = ["parallel", "parallel"]} ins(%a, %sum, %sq : tensor<4096x4096xf32>, tensor<4096xf32>, tensor<4096xf32>) outs(%e2 : tensor<4096x4096xf32>) {
  ^bb0(%x: f32, %s: f32, %v: f32, %o: f32):
    %mean = arith.divf %s, %n : f32
    %var = arith.divf %v, %n : f32
    %ve = arith.addf %var, %eps : f32
    %rs = math.rsqrt %ve : f32
    %d = arith.subf %x, %mean : f32
    %y = arith.mulf %d, %rs : f32
    linalg.yield %y : f32
  } -> tensor<4096x4096xf32>
  return %out : tensor<4096x4096xf32>
}
