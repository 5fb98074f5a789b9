// RUN: halc-opt %s -split-input-file -verify-diagnostics

halc.executable @e {
  // expected-error @+1 {{'halc.export' op has 17 bindings; at most 16 are supported}}
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_only, read_only, read_only, read_only, read_only, read_only, read_only, read_only, read_only, read_only, read_only, read_only, read_only, read_only, read_write]>)
}

// -----

halc.executable @e {
  // expected-error @+1 {{'halc.export' op has 65 push constants; at most 64 are supported}}
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_write], constants = 65>)
}

// -----

halc.executable @e target(#halc.target<backend = "vulkan-spirv", arch = "small", features = none, max_workgroup_invocations = 128, max_workgroup_size = [128, 128, 64], max_shared_memory_bytes = 16384, subgroup_sizes = [32]>) {
  // expected-error @+1 {{'halc.export' op workgroup size 256 along x exceeds the limit of 128 of target 'small'}}
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([256, 1, 1])
}

// -----

halc.executable @e target(#halc.target<backend = "vulkan-spirv", arch = "small", features = none, max_workgroup_invocations = 128, max_workgroup_size = [128, 128, 64], max_shared_memory_bytes = 16384, subgroup_sizes = [32]>) {
  // expected-error @+1 {{'halc.export' op workgroup of 256 threads exceeds the limit of 128 of target 'small'}}
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([64, 4, 1])
}

// -----

halc.executable @e {
  // expected-error @+1 {{'halc.export' op workgroup_size needs 3 entries [x, y, z], got 2}}
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([64, 1])
}

// -----

halc.executable @e {
  // expected-error @+1 {{'halc.export' op workgroup_count entries must be non-negative}}
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_count([-1, 1, 1])
}

// -----

// A count of 0 runs nothing, but the count of a dynamic axis divides its
// constant.
halc.executable @e {
  // expected-error @+1 {{'halc.export' op workgroup_count entry 0 divides a constant and may not be 0}}
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_write], constants = 1>) workgroup_count([0, 1, 1]) workgroup_count_constants([0, -1, -1])
}

// -----

halc.executable @e {
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_write]>)
  // expected-error @+1 {{'halc.export' op has ordinal 2 but the executable's 2 exports must be numbered 0..1 without gaps or repeats}}
  halc.export @g ordinal(2) layout(#halc.layout<bindings = [read_write]>)
}

// -----

// expected-error @+1 {{'halc.executable' op holds 2 inner modules; expected at most one}}
halc.executable @e {
  builtin.module {}
  builtin.module {}
}

// -----

halc.executable @e {
  // expected-error @+1 {{'arith.constant' op is not allowed in a halc.executable; it holds halc.export ops and one builtin.module}}
  %c = arith.constant 0 : i32
}

// -----

halc.executable @e {
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
}
func.func @host(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'halc.dispatch' op has 1 operands and 2 results but the export has 2 bindings}}
  %0:2 = halc.dispatch @e::@f(%a) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<4xf32>
}

// -----

func.func @host(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'halc.dispatch' op entry point @e::@missing does not name a halc.export}}
  %0 = halc.dispatch @e::@missing(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// expected-error @+1 {{workgroup_size needs 3 positive entries [x, y, z]}}
func.func private @f() attributes {config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [4], workgroup_size = [0, 1, 1]>}

// -----

// expected-error @+1 {{reduction_tile entries must not be negative}}
func.func private @f() attributes {config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [4, 4], workgroup_size = [4, 1, 1], reduction_tile = [-2]>}

// -----

// The lanes sharing a row are the threads along x, the row whole in a
// workgroup.
// expected-error @+1 {{strategy row_lanes shares each row among workgroup_size[0] lanes (reduction_lanes), the innermost loop whole (workgroup_tile 0)}}
func.func private @f() attributes {config = #halc.lowering_config<strategy = row_lanes, workgroup_tile = [0, 32], workgroup_size = [32, 8, 1], reduction_tile = [1], reduction_lanes = 16>}

// -----

// The lanes sharing a column are the threads along y.
// expected-error @+1 {{strategy column_lanes shares each column among workgroup_size[1] lanes (reduction_lanes)}}
func.func private @f() attributes {config = #halc.lowering_config<strategy = column_lanes, workgroup_tile = [0, 32], workgroup_size = [32, 8, 1], reduction_tile = [1], reduction_lanes = 32>}

// -----

// Every config names its strategy.
// expected-error @+1 {{expected 'strategy'}}
func.func private @f() attributes {config = #halc.lowering_config<workgroup_tile = [4], workgroup_size = [4, 1, 1]>}

// -----

// expected-error @+2 {{expected ::mlir::halc::Strategy to be one of: thread_tiles, transpose, row_lanes, column_lanes, staged_contraction, cooperative_matrix}}
// expected-error @+1 {{failed to parse HALC_LoweringConfigAttr parameter 'strategy' which is to be a `::mlir::halc::Strategy`}}
func.func private @f() attributes {config = #halc.lowering_config<strategy = matmul, workgroup_tile = [4], workgroup_size = [4, 1, 1]>}

// -----

// A field the strategy does not use is an error.
// expected-error @+1 {{strategy thread_tiles takes no promote_operands}}
func.func private @f() attributes {config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [32, 32], workgroup_size = [32, 8, 1], promote_operands = [0]>}

// -----

// expected-error @+1 {{strategy staged_contraction takes no reduction_lanes}}
func.func private @f() attributes {config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [32, 32, 8], workgroup_size = [32, 8, 1], reduction_lanes = 32, promote_operands = [0, 1]>}

// -----

// So is one it needs and lacks.
// expected-error @+1 {{strategy cooperative_matrix needs subgroup_matrix}}
func.func private @f() attributes {config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [32, 32, 16], workgroup_size = [32, 1, 1], promote_operands = [0, 1]>}

// -----

// expected-error @+1 {{strategy row_lanes needs reduction_lanes}}
func.func private @f() attributes {config = #halc.lowering_config<strategy = row_lanes, workgroup_tile = [4, 0], workgroup_size = [32, 4, 1]>}

// -----

// expected-error @+1 {{promote_operands must be distinct operand numbers in increasing order}}
func.func private @f() attributes {config = #halc.lowering_config<strategy = transpose, workgroup_tile = [32, 32], workgroup_size = [32, 8, 1], promote_operands = [1, 0]>}

// -----

// expected-error @+1 {{max_workgroup_size needs 3 positive entries}}
func.func private @f() attributes {t = #halc.target<backend = "b", arch = "a", features = none, max_workgroup_invocations = 1, max_workgroup_size = [1, 1], max_shared_memory_bytes = 0, subgroup_sizes = [1]>}

// -----

// expected-error @+1 {{compute_unit_shared_memory_bytes must not be negative}}
func.func private @f() attributes {t = #halc.target<backend = "b", arch = "a", features = none, max_workgroup_invocations = 1, max_workgroup_size = [1, 1, 1], max_shared_memory_bytes = 0, subgroup_sizes = [1], compute_unit_shared_memory_bytes = -1>}

// -----

// expected-error @+1 {{compute_units must not be negative}}
func.func private @f() attributes {t = #halc.target<backend = "b", arch = "a", features = none, max_workgroup_invocations = 1, max_workgroup_size = [1, 1, 1], max_shared_memory_bytes = 0, subgroup_sizes = [1], compute_units = -1>}

// -----

// expected-error @+1 {{'reduction_lanes' is given twice}}
func.func private @f() attributes {config = #halc.lowering_config<strategy = row_lanes, workgroup_tile = [32, 0], workgroup_size = [32, 8, 1], reduction_lanes = 32, reduction_lanes = 32>}

// -----

// expected-error @+1 {{expected reduction_tile, reduction_lanes, promote_operands or subgroup_matrix, got 'lanes'}}
func.func private @f() attributes {config = #halc.lowering_config<strategy = row_lanes, workgroup_tile = [32, 0], workgroup_size = [32, 8, 1], lanes = 32>}

// -----

// expected-error @+1 {{subgroup_matrix needs 3 positive entries [m, n, k]}}
func.func private @f() attributes {config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [32, 32, 16], workgroup_size = [32, 1, 1], promote_operands = [0, 1], subgroup_matrix = [16, 16]>}

// -----

func.func @region_dims(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{has 0 result_dims for 1 dynamic result dimensions}}
  %r = halc.dispatch.region -> (tensor<?xf32>) {
    halc.yield %a : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

func.func @region_yield(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{must end in a halc.yield of its result types}}
  %r = halc.dispatch.region -> (tensor<4xf32>) {
    halc.yield
  }
  return %r : tensor<4xf32>
}

// -----

func.func @region_arguments(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{reads values from above, not block arguments}}
  %r = halc.dispatch.region -> (tensor<4xf32>) {
  ^bb0(%x: tensor<4xf32>):
    halc.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
