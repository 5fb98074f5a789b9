// RUN: halc-opt %s -pass-pipeline='builtin.module(halc.executable(halc-outline-spirv-kernels))' --split-input-file --verify-diagnostics | FileCheck %s

// Each dispatch function becomes a gpu.func kernel with the SPIR-V ABI: the
// export's workgroup size as LocalSize, binding i at (set 0, binding i);
// views with dynamic strides are read at the linearized index of the flat
// binding, and a view showing a binding whole is the binding.
// CHECK: gpu.module
// CHECK: gpu.func @transpose(%[[A:.+]]: memref<?xf32> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}, %[[OUT:.+]]: memref<?xf32> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>}) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 2, 1]>}
// CHECK-NOT: memref.reinterpret_cast
// CHECK: memref.load %[[A]][%{{.+}}] : memref<?xf32>
// CHECK: memref.store %{{.+}}, %[[OUT]][%{{.+}}] : memref<?xf32>
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @transpose ordinal(0) layout(#halc.layout<bindings = [read_only, read_write], constants = 2>) workgroup_size([64, 2, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @transpose(%a: memref<?xf32>, %out: memref<?xf32>) {
      %hc = halc.constant.load ordinal(0) : i32
      %h = arith.index_castui %hc : i32 to index
      %wc = halc.constant.load ordinal(1) : i32
      %w = arith.index_castui %wc : i32 to index
      %in = memref.reinterpret_cast %a to offset: [0], sizes: [%h, %w], strides: [%w, 1] : memref<?xf32> to memref<?x?xf32, strided<[?, 1]>>
      %o = memref.reinterpret_cast %out to offset: [0], sizes: [%w, %h], strides: [%h, 1] : memref<?xf32> to memref<?x?xf32, strided<[?, 1]>>
      %i = gpu.thread_id x
      %j = gpu.thread_id y
      %x = memref.load %in[%i, %j] : memref<?x?xf32, strided<[?, 1]>>
      memref.store %x, %o[%j, %i] : memref<?x?xf32, strided<[?, 1]>>
      return
    }
  }
}

// -----

// A binding whose element type the target cannot store names the feature.
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "portable", features = none, max_workgroup_invocations = 128, max_workgroup_size = [128, 128, 64], max_shared_memory_bytes = 16384, subgroup_sizes = [32]>) {
  halc.export @half ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([1, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    // expected-error @+1 {{binding 0 of @half holds 'f16', which needs the 'fp16' feature that target 'portable' lacks}}
    func.func @half(%a: memref<4xf16>) {
      return
    }
  }
}

// -----

// bf16 is stored as its 16 bits: a bf16 binding needs 16-bit storage.
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "portable", features = none, max_workgroup_invocations = 128, max_workgroup_size = [128, 128, 64], max_shared_memory_bytes = 16384, subgroup_sizes = [32]>) {
  halc.export @brain ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([1, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    // expected-error @+1 {{binding 0 of @brain holds 'bf16', which needs the 'int16' feature that target 'portable' lacks}}
    func.func @brain(%a: memref<4xbf16>) {
      return
    }
  }
}
