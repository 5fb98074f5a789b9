// Sixteen arguments read by one op and a result: seventeen bindings.
#id = affine_map<(d0) -> (d0)>
func.func @wide(%a0: tensor<4xf32>, %a1: tensor<4xf32>, %a2: tensor<4xf32>, %a3: tensor<4xf32>, %a4: tensor<4xf32>, %a5: tensor<4xf32>, %a6: tensor<4xf32>, %a7: tensor<4xf32>, %a8: tensor<4xf32>, %a9: tensor<4xf32>, %a10: tensor<4xf32>, %a11: tensor<4xf32>, %a12: tensor<4xf32>, %a13: tensor<4xf32>, %a14: tensor<4xf32>, %a15: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id, #id, #id, #id, #id, #id, #id, #id, #id, #id, #id, #id, #id], iterator_types = ["parallel"]}
      ins(%a0, %a1, %a2, %a3, %a4, %a5, %a6, %a7, %a8, %a9, %a10, %a11, %a12, %a13, %a14, %a15 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x0: f32, %x1: f32, %x2: f32, %x3: f32, %x4: f32, %x5: f32, %x6: f32, %x7: f32, %x8: f32, %x9: f32, %x10: f32, %x11: f32, %x12: f32, %x13: f32, %x14: f32, %x15: f32, %o: f32):
    %s0 = arith.addf %x0, %x0 : f32
    %s1 = arith.addf %s0, %x1 : f32
    %s2 = arith.addf %s1, %x2 : f32
    %s3 = arith.addf %s2, %x3 : f32
    %s4 = arith.addf %s3, %x4 : f32
    %s5 = arith.addf %s4, %x5 : f32
    %s6 = arith.addf %s5, %x6 : f32
    %s7 = arith.addf %s6, %x7 : f32
    %s8 = arith.addf %s7, %x8 : f32
    %s9 = arith.addf %s8, %x9 : f32
    %s10 = arith.addf %s9, %x10 : f32
    %s11 = arith.addf %s10, %x11 : f32
    %s12 = arith.addf %s11, %x12 : f32
    %s13 = arith.addf %s12, %x13 : f32
    %s14 = arith.addf %s13, %x14 : f32
    %s15 = arith.addf %s14, %x15 : f32
    linalg.yield %s15 : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
