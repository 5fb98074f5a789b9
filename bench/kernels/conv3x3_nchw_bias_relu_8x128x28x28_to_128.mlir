// torch: torch.relu(torch.nn.functional.conv2d(a, b, c, stride=1, padding=1))
func.func @conv_bias_relu(%a: tensor<8x128x28x28xf32>, %b: tensor<128x128x3x3xf32>, %c: tensor<128xf32>) -> tensor<8x128x28x28xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z : f32
  } : tensor<8x128x28x28xf32> to tensor<8x128x30x30xf32>
  %e = tensor.empty() : tensor<8x128x28x28xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x128x28x28xf32>) -> tensor<8x128x28x28xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %b : tensor<8x128x30x30xf32>, tensor<128x128x3x3xf32>) outs(%f : tensor<8x128x28x28xf32>) -> tensor<8x128x28x28xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv, %c : tensor<8x128x28x28xf32>, tensor<128xf32>) outs(%e : tensor<8x128x28x28xf32>) {
  ^bb0(%v: f32, %bias: f32, %o: f32):
    %s = arith.addf %v, %bias : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<8x128x28x28xf32>
  return %r : tensor<8x128x28x28xf32>
}
