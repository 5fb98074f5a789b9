// torch: a.float() @ b
func.func @matmul_cast(%a: tensor<2048x2048xf16>, %b: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %ea = tensor.empty() : tensor<2048x2048xf32>
  %a32 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<2048x2048xf16>) outs(%ea : tensor<2048x2048xf32>) {
  ^bb0(%x: f16, %o: f32):
    %w = arith.extf %x : f16 to f32
    linalg.yield %w : f32
  } -> tensor<2048x2048xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2048x2048xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %r = linalg.matmul ins(%a32, %b : tensor<2048x2048xf32>, tensor<2048x2048xf32>) outs(%f : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %r : tensor<2048x2048xf32>
}
