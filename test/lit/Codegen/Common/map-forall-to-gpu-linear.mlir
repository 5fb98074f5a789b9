// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(halc.executable(halc-map-forall-to-gpu))' -verify-diagnostics | FileCheck %s

// A copy spread over all the threads of a 16x2 workgroup by linear ids: the
// linear id (x fastest) is split into 8 columns of four elements and 4 rows
// of two; the 32 iterations need every thread, so there is no guard.
// CHECK-LABEL: func.func @copy
// CHECK-NOT: scf.forall
// CHECK: %[[Z:.+]] = gpu.thread_id z
// CHECK: %[[Y:.+]] = gpu.thread_id y
// CHECK: %[[ZY:.+]] = arith.addi %{{.+}}, %[[Y]]
// CHECK: %[[X:.+]] = gpu.thread_id x
// CHECK: %[[ZYS:.+]] = arith.muli %[[ZY]], %c16
// CHECK: %[[LIN:.+]] = arith.addi %[[ZYS]], %[[X]]
// CHECK: %[[ROWQ:.+]] = arith.divui %[[LIN]], %c8
// CHECK: %[[ROW:.+]] = arith.remui %[[ROWQ]], %c4
// CHECK: arith.muli %[[ROW]], %c2{{.*}}
// CHECK: %[[COLQ:.+]] = arith.divui %[[LIN]], %c1
// CHECK: %[[COL:.+]] = arith.remui %[[COLQ]], %c8{{.*}}
// CHECK: arith.muli %[[COL]], %c4{{.*}}
// CHECK-NOT: scf.if
// CHECK: memref.copy
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @copy ordinal(0) layout(#halc.layout<bindings = [read_only]>) workgroup_size([16, 2, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @copy(%a: memref<8x32xf32>) {
      %shared = memref.alloc() : memref<8x36xf32, #gpu.address_space<workgroup>>
      scf.forall (%i, %j) = (0, 0) to (8, 32) step (2, 4) {
        %src = memref.subview %a[%i, %j] [2, 4] [1, 1] : memref<8x32xf32> to memref<2x4xf32, strided<[32, 1], offset: ?>>
        %dst = memref.subview %shared[%i, %j] [2, 4] [1, 1] : memref<8x36xf32, #gpu.address_space<workgroup>> to memref<2x4xf32, strided<[36, 1], offset: ?>, #gpu.address_space<workgroup>>
        memref.copy %src, %dst : memref<2x4xf32, strided<[32, 1], offset: ?>> to memref<2x4xf32, strided<[36, 1], offset: ?>, #gpu.address_space<workgroup>>
      } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
      return
    }
  }
}

// -----

// Twice the iterations of the workgroup's 16 threads: two rounds, the
// second at the linear id plus 16 (two blocks of rows, 4 rows, further),
// no guard.
// CHECK-LABEL: func.func @rounds
// CHECK-NOT: scf.forall
// CHECK: %[[X:.+]] = gpu.thread_id x
// CHECK: %[[LIN:.+]] = arith.addi %{{.+}}, %[[X]] : index
// CHECK: %[[ROWQ:.+]] = arith.divui %[[LIN]], %c8
// CHECK: arith.remui %[[ROWQ]], %c4
// CHECK-NOT: scf.if
// CHECK: memref.copy
// CHECK: %[[LIN2:.+]] = arith.addi %[[LIN]], %c16
// CHECK: %[[ROWQ2:.+]] = arith.divui %[[LIN2]], %c8
// CHECK: arith.remui %[[ROWQ2]], %c4
// CHECK-NOT: scf.if
// CHECK: memref.copy
// CHECK-NOT: memref.copy
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @rounds ordinal(0) layout(#halc.layout<bindings = [read_only]>) workgroup_size([16, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @rounds(%a: memref<8x32xf32>) {
      %shared = memref.alloc() : memref<8x36xf32, #gpu.address_space<workgroup>>
      scf.forall (%i, %j) = (0, 0) to (8, 32) step (2, 4) {
        %src = memref.subview %a[%i, %j] [2, 4] [1, 1] : memref<8x32xf32> to memref<2x4xf32, strided<[32, 1], offset: ?>>
        %dst = memref.subview %shared[%i, %j] [2, 4] [1, 1] : memref<8x36xf32, #gpu.address_space<workgroup>> to memref<2x4xf32, strided<[36, 1], offset: ?>, #gpu.address_space<workgroup>>
        memref.copy %src, %dst : memref<2x4xf32, strided<[32, 1], offset: ?>> to memref<2x4xf32, strided<[36, 1], offset: ?>, #gpu.address_space<workgroup>>
      } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
      return
    }
  }
}

// -----

// More iterations than the workgroup has threads, not a multiple of them,
// is an error.
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @too_many ordinal(0) layout(#halc.layout<bindings = [read_only]>) workgroup_size([12, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @too_many(%a: memref<8x32xf32>) {
      %shared = memref.alloc() : memref<8x36xf32, #gpu.address_space<workgroup>>
      // expected-error @+1 {{'scf.forall' op has 32 iterations, not a multiple of the 12 threads of the workgroup}}
      scf.forall (%i, %j) = (0, 0) to (8, 32) step (2, 4) {
        %src = memref.subview %a[%i, %j] [2, 4] [1, 1] : memref<8x32xf32> to memref<2x4xf32, strided<[32, 1], offset: ?>>
        %dst = memref.subview %shared[%i, %j] [2, 4] [1, 1] : memref<8x36xf32, #gpu.address_space<workgroup>> to memref<2x4xf32, strided<[36, 1], offset: ?>, #gpu.address_space<workgroup>>
        memref.copy %src, %dst : memref<2x4xf32, strided<[32, 1], offset: ?>> to memref<2x4xf32, strided<[36, 1], offset: ?>, #gpu.address_space<workgroup>>
      } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
      return
    }
  }
}

// -----

// A subgroup loop (#gpu.warp) over a 64x2 workgroup of 32-lane subgroups:
// two subgroups along x (thread_id x / 32), two along y; each iteration is
// one subgroup's, so all four subgroups work and there is no guard.
// CHECK-LABEL: func.func @subgroups
// CHECK-NOT: scf.forall
// CHECK: %[[Y:.+]] = gpu.thread_id y
// CHECK: arith.muli %[[Y]], %c16
// CHECK: %[[X:.+]] = gpu.thread_id x
// CHECK: %[[SX:.+]] = arith.divui %[[X]], %c32
// CHECK: arith.muli %[[SX]], %c16
// CHECK-NOT: scf.if
// CHECK: memref.copy
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @subgroups ordinal(0) layout(#halc.layout<bindings = [read_only]>) workgroup_size([64, 2, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @subgroups(%a: memref<32x32xf32>) {
      %shared = memref.alloc() : memref<32x32xf32, #gpu.address_space<workgroup>>
      scf.forall (%i, %j) = (0, 0) to (32, 32) step (16, 16) {
        %src = memref.subview %a[%i, %j] [16, 16] [1, 1] : memref<32x32xf32> to memref<16x16xf32, strided<[32, 1], offset: ?>>
        %dst = memref.subview %shared[%i, %j] [16, 16] [1, 1] : memref<32x32xf32, #gpu.address_space<workgroup>> to memref<16x16xf32, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
        memref.copy %src, %dst : memref<16x16xf32, strided<[32, 1], offset: ?>> to memref<16x16xf32, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
      } {mapping = [#gpu.warp<y>, #gpu.warp<x>]}
      return
    }
  }
}

// -----

// Subgroups need one subgroup size that divides the workgroup's x.
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8, 4]>) {
  halc.export @no_subgroup_size ordinal(0) layout(#halc.layout<bindings = [read_only]>) workgroup_size([16, 2, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @no_subgroup_size(%a: memref<32x32xf32>) {
      %shared = memref.alloc() : memref<32x32xf32, #gpu.address_space<workgroup>>
      // expected-error @+1 {{'scf.forall' op spreads a loop over subgroups, which needs one subgroup size that divides the workgroup's x}}
      scf.forall (%i, %j) = (0, 0) to (32, 32) step (16, 16) {
        %src = memref.subview %a[%i, %j] [16, 16] [1, 1] : memref<32x32xf32> to memref<16x16xf32, strided<[32, 1], offset: ?>>
        %dst = memref.subview %shared[%i, %j] [16, 16] [1, 1] : memref<32x32xf32, #gpu.address_space<workgroup>> to memref<16x16xf32, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
        memref.copy %src, %dst : memref<16x16xf32, strided<[32, 1], offset: ?>> to memref<16x16xf32, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
      } {mapping = [#gpu.warp<y>, #gpu.warp<x>]}
      return
    }
  }
}
