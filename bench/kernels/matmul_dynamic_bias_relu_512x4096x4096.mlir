// torch: torch.relu(torch.addmm(c, a, b))
// inputs: 512x4096xf32 4096x4096xf32 4096xf32
func.func @matmul_bias_relu(%a: tensor<?x4096xf32>, %b: tensor<4096x4096xf32>, %bias: tensor<4096xf32>) -> tensor<?x4096xf32> {
  %z = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x4096xf32>
  %e = tensor.empty(%m) : tensor<?x4096xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x4096xf32>) -> tensor<?x4096xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x4096xf32>, tensor<4096x4096xf32>) outs(%f : tensor<?x4096xf32>) -> tensor<?x4096xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%r, %bias : tensor<?x4096xf32>, tensor<4096xf32>) outs(%e : tensor<?x4096xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<?x4096xf32>
  return %o : tensor<?x4096xf32>
}
