// Few long rows, summed and maxed: each row is shared by the subgroups of a
// workgroup, combined through workgroup memory (the Target tests' input).
func.func @row_sum_max(%a: tensor<16x4096xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %z = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %s = linalg.reduce ins(%a : tensor<16x4096xf32>) outs(%f : tensor<16xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %r = arith.addf %x, %acc : f32
      linalg.yield %r : f32
    }
  %g = linalg.fill ins(%ninf : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %m = linalg.reduce ins(%a : tensor<16x4096xf32>) outs(%g : tensor<16xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %r = arith.maxnumf %x, %acc : f32
      linalg.yield %r : f32
    }
  return %s, %m : tensor<16xf32>, tensor<16xf32>
}
