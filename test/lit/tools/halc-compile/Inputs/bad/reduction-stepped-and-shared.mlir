// ERROR: 6:8: lowering_config has strategy column_lanes, but its workgroup_tile steps through a reduction loop that its lanes share; a workgroup does one or the other
func.func @rowsum(%a: tensor<16x64xf32>) -> tensor<16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<16x64xf32>) outs(%f : tensor<16xf32>) attrs = {lowering_config = #halc.lowering_config<strategy = column_lanes, workgroup_tile = [4, 16], workgroup_size = [4, 32, 1], reduction_tile = [4], reduction_lanes = 32>} {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}
