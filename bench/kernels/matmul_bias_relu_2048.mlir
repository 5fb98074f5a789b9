// torch: torch.relu(torch.addmm(c, a, b))
func.func @matmul_bias_relu(%a: tensor<2048x2048xf32>, %b: tensor<2048x2048xf32>, %c: tensor<2048xf32>) -> tensor<2048x2048xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2048x2048xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %m = linalg.matmul ins(%a, %b : tensor<2048x2048xf32>, tensor<2048x2048xf32>) outs(%f : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%m, %c : tensor<2048x2048xf32>, tensor<2048xf32>) outs(%e : tensor<2048x2048xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<2048x2048xf32>
  return %r : tensor<2048x2048xf32>
}
