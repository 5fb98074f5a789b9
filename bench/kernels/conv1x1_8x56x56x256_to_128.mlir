// torch: torch.nn.functional.conv2d(a.permute(0, 3, 1, 2), b.permute(0, 3, 1, 2), stride=1, padding=0)
func.func @conv(%a: tensor<8x56x56x256xf32>, %b: tensor<128x1x1x256xf32>) -> tensor<8x56x56x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x56x56x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x56x56x128xf32>) -> tensor<8x56x56x128xf32>
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%a, %b : tensor<8x56x56x256xf32>, tensor<128x1x1x256xf32>) outs(%f : tensor<8x56x56x128xf32>) -> tensor<8x56x56x128xf32>
  return %r : tensor<8x56x56x128xf32>
}
