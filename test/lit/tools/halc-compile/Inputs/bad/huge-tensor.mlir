// ERROR: 2:14: 'tensor<4611686018427387904x4xf32>' has more than 2147483647 elements; halc's kernels index tensors with 32-bit integers
func.func @f(%a: tensor<4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32> {
  %e = tensor.empty() : tensor<4611686018427387904x4xf32>
  %r = linalg.negf ins(%a : tensor<4611686018427387904x4xf32>) outs(%e : tensor<4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32>
  return %r : tensor<4611686018427387904x4xf32>
}
