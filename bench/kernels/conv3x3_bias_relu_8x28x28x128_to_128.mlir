// torch: torch.relu(torch.nn.functional.conv2d(a.permute(0, 3, 1, 2), b.permute(0, 3, 1, 2), c, stride=1, padding=1))
func.func @conv_bias_relu(%a: tensor<8x28x28x128xf32>, %b: tensor<128x3x3x128xf32>, %c: tensor<128xf32>) -> tensor<8x28x28x128xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z : f32
  } : tensor<8x28x28x128xf32> to tensor<8x30x30x128xf32>
  %e = tensor.empty() : tensor<8x28x28x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x28x28x128xf32>) -> tensor<8x28x28x128xf32>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %b : tensor<8x30x30x128xf32>, tensor<128x3x3x128xf32>) outs(%f : tensor<8x28x28x128xf32>) -> tensor<8x28x28x128xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r, %c : tensor<8x28x28x128xf32>, tensor<128xf32>) outs(%e : tensor<8x28x28x128xf32>) {
  ^bb0(%x: f32, %v: f32, %o: f32):
    %s = arith.addf %x, %v : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<8x28x28x128xf32>
  return %y : tensor<8x28x28x128xf32>
}
