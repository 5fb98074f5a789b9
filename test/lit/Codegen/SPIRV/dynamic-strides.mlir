// RUN: halc-opt %s -pass-pipeline='builtin.module(halc.executable(halc-outline-spirv-kernels,halc-convert-to-spirv))' | FileCheck %s

// A binding with a dynamic inner size is a flat runtime array viewed with
// strides read from the constants. SPIR-V has no dynamic strides: each
// access becomes an access to the binding at the linearized index,
// row * width + column.
// CHECK: spirv.func @transpose
// CHECK: %[[H:.+]] = spirv.Load "PushConstant"
// CHECK: %[[W:.+]] = spirv.Load "PushConstant"
// CHECK: %[[I:.+]] = spirv.CompositeExtract %{{.+}}[0 : i32]
// CHECK: %[[J:.+]] = spirv.CompositeExtract %{{.+}}[1 : i32]
// CHECK: %[[IW:.+]] = spirv.IMul %[[I]], %[[W]] : i32
// CHECK: %[[IN_AT:.+]] = spirv.IAdd %[[IW]], %[[J]] : i32
// CHECK: spirv.AccessChain %arg0[%{{.+}}, %[[IN_AT]]] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
// CHECK: %[[X:.+]] = spirv.Load "StorageBuffer"
// CHECK: %[[JH:.+]] = spirv.IMul %[[J]], %[[H]] : i32
// CHECK: %[[OUT_AT:.+]] = spirv.IAdd %[[JH]], %[[I]] : i32
// CHECK: %[[PTR:.+]] = spirv.AccessChain %arg1[%{{.+}}, %[[OUT_AT]]]
// CHECK: spirv.Store "StorageBuffer" %[[PTR]], %[[X]] : f32
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @transpose ordinal(0) layout(#halc.layout<bindings = [read_only, read_write], constants = 2>) workgroup_size([64, 1, 1]) workgroup_count([1, 1, 1])
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
