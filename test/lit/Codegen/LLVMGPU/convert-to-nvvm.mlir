// RUN: halc-opt %s -pass-pipeline='builtin.module(halc.executable(halc-convert-to-nvvm))' | FileCheck %s

// A dispatch function becomes an NVVM kernel of one gpu.module named after
// the executable: bare pointers (one per binding), then the constants as
// i32 parameters; the workgroup size as maxntid; NVVM thread ids; 32-bit
// index math (the buffers are small). tanh and exp are polynomials and
// sqrt the one libdevice function halc defines itself (__nv_sqrtf, an LLVM
// intrinsic at PTX time): nothing else is called.
// CHECK: gpu.module @exe
// CHECK: llvm.func @kernel(%[[A:.+]]: !llvm.ptr, %[[OUT:.+]]: !llvm.ptr, %[[C0:.+]]: i32)
// CHECK-SAME: gpu.kernel
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.maxntid = array<i32: 64, 1, 1>
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: llvm.mul {{.*}} : i32
// CHECK-NOT: llvm.call @__nv_tanhf
// CHECK-NOT: llvm.call @__nv_expf
// CHECK: llvm.call @__nv_sqrtf
// CHECK-NOT: func.func
halc.executable @exe target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @kernel ordinal(0) layout(#halc.layout<bindings = [read_only, read_write], constants = 1>) workgroup_size([64, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @kernel(%a: memref<256xf32>, %out: memref<256xf32>) {
      %bits = halc.constant.load ordinal(0) : i32
      %s = arith.bitcast %bits : i32 to f32
      %tid = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %i = arith.muli %tid, %c4 : index
      %x = memref.load %a[%i] : memref<256xf32>
      %t = math.tanh %x : f32
      %e = math.exp %t : f32
      %q = math.sqrt %e : f32
      %y = arith.mulf %q, %s : f32
      memref.store %y, %out[%i] : memref<256xf32>
      return
    }
  }
}
