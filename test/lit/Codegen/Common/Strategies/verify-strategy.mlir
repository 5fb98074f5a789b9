// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(halc.executable(halc-select-lowering-config))' -verify-diagnostics

// A lowering config given in the input wins, but its strategy must fit the
// op it is on: a mismatch is an error naming what does not fit, never a
// silent fallback (halc-tile-and-distribute checks the same).

// Lanes share a reduction: an elementwise op has none.
halc.executable @rows_of_elementwise target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>]>) {
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @f(%a: memref<64x256xf32>, %out: memref<64x256xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<64x256xf32> to tensor<64x256xf32>
      %e = tensor.empty() : tensor<64x256xf32>
      // expected-error @+1 {{lowering_config has strategy row_lanes, but the op is neither a reduction of its innermost loop that lanes can share nor the end of a row chain}}
      %r = linalg.exp {lowering_config = #halc.lowering_config<strategy = row_lanes, workgroup_tile = [1, 0], workgroup_size = [32, 1, 1], reduction_lanes = 32>} ins(%0 : tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x256xf32>, memref<64x256xf32>) -> ()
      return
    }
  }
}

// -----

// A row's reduction is not a column's.
halc.executable @columns_of_rows target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>]>) {
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @f(%a: memref<64x256xf32>, %out: memref<64xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<64x256xf32> to tensor<64x256xf32>
      %e = tensor.empty() : tensor<64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
      // expected-error @+1 {{lowering_config has strategy column_lanes, but the op is not a reduction of an outer loop, read along whole rows of 32 columns, that lanes can share}}
      %r = linalg.reduce ins(%0 : tensor<64x256xf32>) outs(%f : tensor<64xf32>) dimensions = [1] {lowering_config = #halc.lowering_config<strategy = column_lanes, workgroup_tile = [32, 0], workgroup_size = [32, 8, 1], reduction_tile = [1], reduction_lanes = 8>}
        (%x: f32, %acc: f32) {
          %s = arith.addf %x, %acc : f32
          linalg.yield %s : f32
        }
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64xf32>, memref<64xf32>) -> ()
      return
    }
  }
}

// -----

// Only a contraction is staged.
halc.executable @staged_reduction target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>]>) {
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @f(%a: memref<64x256xf32>, %out: memref<64xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<64x256xf32> to tensor<64x256xf32>
      %e = tensor.empty() : tensor<64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
      // expected-error @+1 {{lowering_config has strategy staged_contraction, but the op is not a contraction with one reduction loop}}
      %r = linalg.reduce ins(%0 : tensor<64x256xf32>) outs(%f : tensor<64xf32>) dimensions = [1] {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [32, 32], workgroup_size = [32, 8, 1], reduction_tile = [4], promote_operands = [0]>}
        (%x: f32, %acc: f32) {
          %s = arith.addf %x, %acc : f32
          linalg.yield %s : f32
        }
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64xf32>, memref<64xf32>) -> ()
      return
    }
  }
}

// -----

// A staged contraction steps through K.
halc.executable @staged_without_steps target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>]>) {
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @f(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %out: memref<64x64xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<64x64xf32> to tensor<64x64xf32>
      %1 = bufferization.to_tensor %b restrict : memref<64x64xf32> to tensor<64x64xf32>
      %e = tensor.empty() : tensor<64x64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
      // expected-error @+1 {{lowering_config has strategy staged_contraction, but its workgroup_tile does not step through the contraction's reduction loop}}
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [32, 32, 0], workgroup_size = [8, 8, 1], reduction_tile = [4], promote_operands = [0, 1]>} ins(%0, %1 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x64xf32>, memref<64x64xf32>) -> ()
      return
    }
  }
}

// -----

// Thread tiles do not step through K.
halc.executable @thread_tiles_with_steps target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>]>) {
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @f(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %out: memref<64x64xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<64x64xf32> to tensor<64x64xf32>
      %1 = bufferization.to_tensor %b restrict : memref<64x64xf32> to tensor<64x64xf32>
      %e = tensor.empty() : tensor<64x64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
      // expected-error @+1 {{lowering_config has strategy thread_tiles, but its workgroup_tile steps through a reduction loop, which only a contraction staged in workgroup memory does}}
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [32, 32, 16], workgroup_size = [8, 8, 1], reduction_tile = [4]>} ins(%0, %1 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x64xf32>, memref<64x64xf32>) -> ()
      return
    }
  }
}

// -----

// A promoted operand is an input of the op.
halc.executable @transpose_of_missing_input target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>]>) {
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @f(%a: memref<64x256xf32>, %out: memref<64x256xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<64x256xf32> to tensor<64x256xf32>
      %e = tensor.empty() : tensor<64x256xf32>
      // expected-error @+1 {{lowering_config has strategy transpose, but promote_operands names operand 1 of an op with 1 inputs}}
      %r = linalg.exp {lowering_config = #halc.lowering_config<strategy = transpose, workgroup_tile = [32, 32], workgroup_size = [32, 8, 1], promote_operands = [1]>} ins(%0 : tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x256xf32>, memref<64x256xf32>) -> ()
      return
    }
  }
}

// -----

// Cooperative matrices run named matmuls: a generic contraction widens its inputs before the product.
halc.executable @matrices_of_generic target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>]>) {
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @f(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %out: memref<64x64xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<64x64xf16> to tensor<64x64xf16>
      %1 = bufferization.to_tensor %b restrict : memref<64x64xf16> to tensor<64x64xf16>
      %e = tensor.empty() : tensor<64x64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
      // expected-error @+1 {{lowering_config has strategy cooperative_matrix, but cooperative matrices run a linalg.matmul or linalg.batch_matmul only}}
      %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%0, %1 : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f : tensor<64x64xf32>)
          attrs = {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [32, 32, 32], workgroup_size = [64, 1, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>} {
      ^bb0(%x: f16, %y: f16, %acc: f32):
        %xf = arith.extf %x : f16 to f32
        %yf = arith.extf %y : f16 to f32
        %p = arith.mulf %xf, %yf : f32
        %s = arith.addf %acc, %p : f32
        linalg.yield %s : f32
      } -> tensor<64x64xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x64xf32>, memref<64x64xf32>) -> ()
      return
    }
  }
}

// -----

// One op carries a dispatch's config.
halc.executable @two_configs target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>]>) {
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @f(%a: memref<64x256xf32>, %out: memref<64x256xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<64x256xf32> to tensor<64x256xf32>
      %e = tensor.empty() : tensor<64x256xf32>
      %1 = linalg.exp {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [4, 128], workgroup_size = [32, 4, 1]>} ins(%0 : tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
      // expected-error @+1 {{has a lowering_config, but so has another op of the dispatch; one op carries a dispatch's config}}
      %r = linalg.negf {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [4, 128], workgroup_size = [32, 4, 1]>} ins(%1 : tensor<64x256xf32>) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x256xf32>, memref<64x256xf32>) -> ()
      return
    }
  }
}
