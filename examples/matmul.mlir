// A matrix multiply followed by a bias add and ReLU: one dispatch.
func.func @matmul_bias_relu(%lhs: tensor<128x256xf32>, %rhs: tensor<256x96xf32>,
                            %bias: tensor<96xf32>) -> tensor<128x96xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<128x96xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<128x96xf32>) -> tensor<128x96xf32>
  %mm = linalg.matmul ins(%lhs, %rhs : tensor<128x256xf32>, tensor<256x96xf32>)
                      outs(%init : tensor<128x96xf32>) -> tensor<128x96xf32>
  %result = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<128x96xf32>, tensor<96xf32>)
      outs(%empty : tensor<128x96xf32>) {
  ^bb0(%m: f32, %b: f32, %out: f32):
    %sum = arith.addf %m, %b : f32
    %relu = arith.maximumf %sum, %zero : f32
    linalg.yield %relu : f32
  } -> tensor<128x96xf32>
  return %result : tensor<128x96xf32>
}
