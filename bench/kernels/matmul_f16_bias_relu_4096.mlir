// torch: torch.relu(torch.addmm(c, a, b))
func.func @matmul_bias_relu(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>, %c: tensor<4096xf16>) -> tensor<4096x4096xf16> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4096x4096xf32>
  %e16 = tensor.empty() : tensor<4096x4096xf16>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16>) outs(%f : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%m, %c : tensor<4096x4096xf32>, tensor<4096xf16>) outs(%e16 : tensor<4096x4096xf16>) {
  ^bb0(%x: f32, %y: f16, %o: f16):
    %w = arith.extf %y : f16 to f32
    %s = arith.addf %x, %w : f32
    %t = arith.maximumf %s, %z : f32
    %h = arith.truncf %t : f32 to f16
    linalg.yield %h : f16
  } -> tensor<4096x4096xf16>
  return %r : tensor<4096x4096xf16>
}
