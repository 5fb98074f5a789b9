// An f16 matmul whose hand-written 80x320 tiles do not divide its output:
// each tile's padded result (100 KiB of f32) goes through workgroup memory
// next to the staged inputs, more than the 48 KiB an NVIDIA GPU has:
// test/lit/tools/halc-compile/errors.mlir.
func.func @mm(%a: tensor<4000x4000xf16>, %b: tensor<4000x4000xf16>) -> tensor<4000x4000xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4000x4000xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4000x4000xf32>) -> tensor<4000x4000xf32>
  %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [80, 320, 32], workgroup_size = [320, 1, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>} ins(%a, %b : tensor<4000x4000xf16>, tensor<4000x4000xf16>) outs(%f : tensor<4000x4000xf32>) -> tensor<4000x4000xf32>
  return %r : tensor<4000x4000xf32>
}
