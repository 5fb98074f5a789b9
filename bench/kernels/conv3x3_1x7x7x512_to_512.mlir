// torch: torch.nn.functional.conv2d(a.permute(0, 3, 1, 2), b.permute(0, 3, 1, 2), stride=1, padding=1)
func.func @conv(%a: tensor<1x7x7x512xf32>, %b: tensor<512x3x3x512xf32>) -> tensor<1x7x7x512xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z : f32
  } : tensor<1x7x7x512xf32> to tensor<1x9x9x512xf32>
  %e = tensor.empty() : tensor<1x7x7x512xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %b : tensor<1x9x9x512xf32>, tensor<512x3x3x512xf32>) outs(%f : tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32>
  return %r : tensor<1x7x7x512xf32>
}
