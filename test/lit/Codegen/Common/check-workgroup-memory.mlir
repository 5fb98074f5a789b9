// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(halc.executable(halc-check-workgroup-memory))' -verify-diagnostics | FileCheck %s

// Buffers that fit the target's 32768 bytes together (16384 + 16384; a
// private buffer does not count) pass unchanged.
// CHECK-LABEL: func.func @fits
// CHECK-COUNT-2: memref.alloc() : memref<{{.+}}, #gpu.address_space<workgroup>>
halc.executable @fits target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @fits ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([64, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @fits(%out: memref<64xf32>) {
      %a = memref.alloc() : memref<64x64xf32, #gpu.address_space<workgroup>>
      %b = memref.alloc() : memref<64x128xf16, #gpu.address_space<workgroup>>
      %p = memref.alloca() : memref<64xf32>
      return
    }
  }
}

// -----

// Each buffer fits, all three do not (16384 + 16384 + 4096 bytes).
halc.executable @over target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @over ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([64, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    // expected-error @+1 {{dispatch @over needs 36864 bytes of workgroup memory (3 buffers); the target has 32768}}
    func.func @over(%out: memref<64xf32>) {
      %a = memref.alloc() : memref<64x64xf32, #gpu.address_space<workgroup>>
      %b = memref.alloc() : memref<64x64xf32, #gpu.address_space<workgroup>>
      %c = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
      return
    }
  }
}

// -----

halc.executable @dynamic target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @dynamic ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([64, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @dynamic(%out: memref<64xf32>, %n: index) {
      // expected-error @+1 {{workgroup buffer 'memref<?xf32, #gpu.address_space<workgroup>>' has no static size in bytes}}
      %a = memref.alloc(%n) : memref<?xf32, #gpu.address_space<workgroup>>
      return
    }
  }
}
