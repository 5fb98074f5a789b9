// torch: torch.nn.functional.conv2d(a, b, stride=1, padding=1)
func.func @conv(%a: tensor<8x256x14x14xf32>, %b: tensor<256x256x3x3xf32>) -> tensor<8x256x14x14xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %a low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z : f32
  } : tensor<8x256x14x14xf32> to tensor<8x256x16x16xf32>
  %e = tensor.empty() : tensor<8x256x14x14xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x256x14x14xf32>) -> tensor<8x256x14x14xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %b : tensor<8x256x16x16xf32>, tensor<256x256x3x3xf32>) outs(%f : tensor<8x256x14x14xf32>) -> tensor<8x256x14x14xf32>
  return %r : tensor<8x256x14x14xf32>
}
