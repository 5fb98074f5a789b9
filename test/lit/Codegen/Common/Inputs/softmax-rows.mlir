// A softmax over 16 rows of 256: a row chain, one dispatch (compiled for
// lavapipe: 32 lanes share each row, one row a workgroup, combined through
// workgroup memory).
func.func @softmax(%a: tensor<16x256xf32>) -> tensor<16x256xf32> {
  %e = tensor.empty() : tensor<16x256xf32>
  %r = linalg.softmax dimension(1) ins(%a : tensor<16x256xf32>) outs(%e : tensor<16x256xf32>) -> tensor<16x256xf32>
  return %r : tensor<16x256xf32>
}
