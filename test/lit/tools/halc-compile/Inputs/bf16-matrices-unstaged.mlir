// A bf16 matmul on cooperative matrices whose B is not staged (a
// hand-written lowering_config): test/lit/tools/halc-compile/errors.mlir.
func.func @mm(%a: tensor<256x64xbf16>, %b: tensor<64x256xbf16>) -> tensor<256x256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [128, 128, 32], workgroup_size = [64, 2, 1], reduction_tile = [16], promote_operands = [0], subgroup_matrix = [16, 16, 16]>} ins(%a, %b : tensor<256x64xbf16>, tensor<64x256xbf16>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
