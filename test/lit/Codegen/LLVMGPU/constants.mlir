// RUN: halc-opt %s -split-input-file -verify-diagnostics -pass-pipeline='builtin.module(halc.executable(halc-convert-to-rocdl))' | FileCheck %s

// The dispatch's constants are the kernel's i32 parameters after the binding
// pointers, in ordinal order (IREE's HIP ABI); each halc.constant.load reads
// its parameter.
// CHECK: llvm.func @scale(%[[A:.+]]: !llvm.ptr, %[[OUT:.+]]: !llvm.ptr, %[[C0:.+]]: i32, %[[C1:.+]]: i32)
// CHECK: %[[S:.+]] = llvm.bitcast %[[C1]] : i32 to f32
// CHECK: llvm.fmul %{{.+}}, %[[S]] : f32
halc.executable @exe target(#halc.target<backend = "rocm", arch = "gfx942", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 65536, subgroup_sizes = [64]>) {
  halc.export @scale ordinal(0) layout(#halc.layout<bindings = [read_only, read_write], constants = 2>) workgroup_size([64, 1, 1]) workgroup_count([1, 1, 1])
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
  }
}

// -----

halc.executable @exe target(#halc.target<backend = "rocm", arch = "gfx942", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 65536, subgroup_sizes = [64]>) {
  halc.export @scale ordinal(0) layout(#halc.layout<bindings = [read_write], constants = 1>) workgroup_size([64, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @scale(%out: memref<64xi32>) {
      // expected-error @+1 {{'halc.constant.load' op reads constant 1 but export @scale has 1 constants}}
      %c = halc.constant.load ordinal(1) : i32
      %tid = gpu.thread_id x
      memref.store %c, %out[%tid] : memref<64xi32>
      return
    }
  }
}
