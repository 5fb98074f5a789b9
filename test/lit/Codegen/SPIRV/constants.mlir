// RUN: halc-opt %s -pass-pipeline='builtin.module(halc.executable(halc-outline-spirv-kernels,halc-convert-to-spirv))' | FileCheck %s

// The dispatch's constants are the 32-bit words of a push-constant block
// exactly as large as its export's constants (Vulkan's push-constant range
// and Metal's setBytes give a kernel that many bytes):
// halc.constant.load ordinal(i) reads word i.
// CHECK-DAG: spirv.GlobalVariable @__push_constants_2__ : !spirv.ptr<!spirv.struct<(!spirv.array<2 x i32, stride=4> [0])>, PushConstant>
// CHECK-DAG: spirv.GlobalVariable @__push_constants_3__ : !spirv.ptr<!spirv.struct<(!spirv.array<3 x i32, stride=4> [0])>, PushConstant>
// CHECK: spirv.func @scale
// CHECK-DAG: %[[ONE:.+]] = spirv.Constant 1 : i32
// CHECK-DAG: %[[PC:.+]] = spirv.mlir.addressof @__push_constants_2__
// CHECK: %[[PTR:.+]] = spirv.AccessChain %[[PC]][%{{.+}}, %[[ONE]]]
// CHECK: %[[BITS:.+]] = spirv.Load "PushConstant" %[[PTR]] : i32
// CHECK: %[[S:.+]] = spirv.Bitcast %[[BITS]] : i32 to f32
// CHECK: spirv.FMul %{{.+}}, %[[S]] : f32
// CHECK: spirv.func @offset
// CHECK: spirv.mlir.addressof @__push_constants_3__
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @scale ordinal(0) layout(#halc.layout<bindings = [read_only, read_write], constants = 2>) workgroup_size([64, 1, 1]) workgroup_count([1, 1, 1])
  halc.export @offset ordinal(1) layout(#halc.layout<bindings = [read_write], constants = 3>) workgroup_size([64, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @scale(%a: memref<64xf32>, %out: memref<64xf32>) {
      %bits = halc.constant.load ordinal(1) : i32
      %s = arith.bitcast %bits : i32 to f32
      %tid = gpu.thread_id x
      %x = memref.load %a[%tid] : memref<64xf32>
      %y = arith.mulf %x, %s : f32
      memref.store %y, %out[%tid] : memref<64xf32>
      return
    }
    func.func @offset(%out: memref<64xi32>) {
      %c = halc.constant.load ordinal(2) : i32
      %tid = gpu.thread_id x
      memref.store %c, %out[%tid] : memref<64xi32>
      return
    }
  }
}
