// RUN: halc-opt %s -pass-pipeline='builtin.module(halc.executable(halc-convert-to-rocdl))' | FileCheck %s

// A dispatch function becomes an LLVM kernel of one gpu.module named after
// the executable: bare pointers (one per binding), the workgroup size as
// reqd_work_group_size and flat_work_group_size, ROCDL ids, 32-bit index math
// (the buffers are small), 128-bit vector loads, and ocml for tanh.
// CHECK: gpu.module @exe
// CHECK: llvm.func @kernel(%[[A:.+]]: !llvm.ptr, %[[OUT:.+]]: !llvm.ptr)
// CHECK-SAME: rocdl.flat_work_group_size = "64,64"
// CHECK-SAME: rocdl.kernel
// CHECK-SAME: rocdl.reqd_work_group_size = array<i32: 64, 1, 1>
// CHECK: rocdl.workitem.id.x
// CHECK: llvm.mul {{.*}} : i32
// CHECK: llvm.load {{.*}} : !llvm.ptr -> vector<4xf32>
// CHECK: llvm.call @__ocml_tanh_f32
// CHECK: llvm.store {{.*}} : vector<4xf32>, !llvm.ptr
// CHECK-NOT: func.func
halc.executable @exe target(#halc.target<backend = "rocm", arch = "gfx942", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 65536, subgroup_sizes = [64]>) {
  halc.export @kernel ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([64, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @kernel(%a: memref<256xf32>, %out: memref<256xf32>) {
      %c4 = arith.constant 4 : index
      %tid = gpu.thread_id x
      %i = arith.muli %tid, %c4 : index
      %v = vector.load %a[%i] : memref<256xf32>, vector<4xf32>
      %t = math.tanh %v : vector<4xf32>
      vector.store %t, %out[%i] : memref<256xf32>, vector<4xf32>
      return
    }
  }
}
