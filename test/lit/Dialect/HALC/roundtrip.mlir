// RUN: halc-opt %s | halc-opt | FileCheck %s

// CHECK-LABEL: halc.executable @linked
// CHECK-SAME: target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16|int8, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 32768, subgroup_sizes = [8, 4]>)
// CHECK: halc.export @add ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([64, 1, 1]) workgroup_count([4, 1, 1])
// CHECK: halc.export @scale ordinal(1) layout(#halc.layout<bindings = [read_write], constants = 2>)
// CHECK: builtin.module
// CHECK: func.func @add
halc.executable @linked target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16|int8, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 32768, subgroup_sizes = [8, 4]>) {
  halc.export @add ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([64, 1, 1]) workgroup_count([4, 1, 1])
  halc.export @scale ordinal(1) layout(#halc.layout<bindings = [read_write], constants = 2>)
  builtin.module {
    func.func @add(%a: memref<4xf32>, %b: memref<4xf32>, %c: memref<4xf32>) {
      return
    }
  }
}

// CHECK-LABEL: func.func @host
// CHECK: halc.dispatch @linked::@add(%{{.*}}, %{{.*}}) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
func.func @host(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = halc.dispatch @linked::@add(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @configured
// CHECK: lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [32, 32, 0], workgroup_size = [8, 8, 1], reduction_tile = [4]>
func.func @configured(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = linalg.matmul {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [32, 32, 0], workgroup_size = [8, 8, 1], reduction_tile = [4]>}
      ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// The optional fields of a lowering config in any order; printed in the
// order of the attribute's parameters.
// CHECK-LABEL: func.func private @all_tuning
// CHECK-SAME: #halc.lowering_config<strategy = row_lanes, workgroup_tile = [32, 0], workgroup_size = [32, 8, 1], reduction_tile = [4], reduction_lanes = 32>
func.func private @all_tuning() attributes {config = #halc.lowering_config<strategy = row_lanes, workgroup_tile = [32, 0], workgroup_size = [32, 8, 1], reduction_lanes = 32, reduction_tile = [4]>}

// A target with cooperative matrices, and a config that runs on them.
// CHECK-LABEL: func.func private @cooperative
// CHECK-SAME: #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [128, 128, 32], workgroup_size = [64, 2, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>
// CHECK-SAME: cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>, <m = 16, n = 8, k = 8, a = f16, b = f16, c = f16>]>
func.func private @cooperative() attributes {t = #halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>, <m = 16, n = 8, k = 8, a = f16, b = f16, c = f16>]>, config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [128, 128, 32], workgroup_size = [64, 2, 1], subgroup_matrix = [16, 16, 16], reduction_tile = [16], promote_operands = [0, 1]>}

// The workgroup memory of a compute unit, after the configuration.
// CHECK-LABEL: func.func private @compute_unit
// CHECK-SAME: configuration = {llvm_features = "+ptx70"}, compute_unit_shared_memory_bytes = 167936>
func.func private @compute_unit() attributes {t = #halc.target<backend = "cuda", arch = "sm_80", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], configuration = {llvm_features = "+ptx70"}, compute_unit_shared_memory_bytes = 167936>}

// The compute units and the facts of the kernel's compiler, last.
// CHECK-LABEL: func.func private @kernel_compiler
// CHECK-SAME: compute_unit_shared_memory_bytes = 233472, compute_units = 132, unrolls_marked_loops, peels_prefetched_loops>
func.func private @kernel_compiler() attributes {t = #halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], compute_unit_shared_memory_bytes = 233472, compute_units = 132, unrolls_marked_loops, peels_prefetched_loops>}

// A dispatch region: what it reads from above, its dynamic result sizes.
// CHECK-LABEL: func.func @region
// CHECK: %[[R:.+]] = halc.dispatch.region result_dims(%{{.+}}) -> (tensor<?xf32>) {
// CHECK: %[[NEG:.+]] = linalg.negf
// CHECK: halc.yield %[[NEG]] : tensor<?xf32>
// CHECK: return %[[R]]
func.func @region(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %r = halc.dispatch.region result_dims(%n) -> (tensor<?xf32>) {
    %e = tensor.empty(%n) : tensor<?xf32>
    %0 = linalg.negf ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    halc.yield %0 : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
