// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(halc.executable(halc-prefetch-workgroup-copies,builtin.module(func.func(canonicalize,cse))))' | FileCheck %s

// A K loop whose body copies a step of A to workgroup memory, waits, then
// sums what it copied: the workgroup buffer moves to the entry, the loads
// of step 0 run before the loop, each step stores the values loaded the
// step before, waits, loads the next step's (the step at %k + 16) and
// computes; the last step's stores and math follow the loop (a target
// that peels_prefetched_loops: NVIDIA's SPIR-V compiler schedules that
// best). The thread's loop over the copied step (2 iterations) is unrolled
// by halc (Metal: SPIRV-Cross drops a loop's Unroll mark).
// CHECK-LABEL: func.func @sum_steps
// CHECK-NOT: scf.for
// CHECK: %[[SHARED:.+]] = memref.alloc() : memref<16x16xf32, #gpu.address_space<workgroup>>
// CHECK: %[[FIRST:.+]] = vector.load %arg0[%[[TID:.+]], %c0] : memref<16x64xf32>, vector<4xf32>
// CHECK: %[[LOOP:.+]]:3 = scf.for %[[K:.+]] = %c0 to %c48 step %c16 iter_args(%[[ACC:.+]] = %{{.+}}, %[[V0:.+]] = %[[FIRST]], %[[V1:.+]] = %{{.+}})
// CHECK-NEXT: vector.store %[[V0]], %[[SHARED]][%[[TID]], %c0]
// CHECK-NEXT: vector.store %[[V1]], %[[SHARED]][%[[TID]], %c4]
// CHECK-NEXT: gpu.barrier
// CHECK: %[[NEXT:.+]] = arith.addi %[[K]], %c16
// CHECK: vector.load %arg0[%[[TID]], %[[NEXT]]]
// CHECK-NOT: scf.for
// CHECK-COUNT-2: vector.load %[[SHARED]]
// CHECK: gpu.barrier
// CHECK-NEXT: scf.yield
// CHECK: vector.store %[[LOOP]]#1, %[[SHARED]]
// CHECK: vector.store %[[LOOP]]#2, %[[SHARED]]
// CHECK: gpu.barrier
// CHECK-NOT: scf.for
// CHECK: vector.store %{{.+}}, %arg1
halc.executable @exe target(#halc.target<backend = "metal-spirv", arch = "apple", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [32], peels_prefetched_loops>) {
  halc.export @sum_steps ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([16, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @sum_steps(%a: memref<16x64xf32>, %out: memref<16x4xf32>) {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant dense<0.0> : vector<4xf32>
      %tid = gpu.thread_id x
      %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %zero) -> (vector<4xf32>) {
        %shared = memref.alloc() : memref<16x16xf32, #gpu.address_space<workgroup>>
        %v0 = vector.load %a[%tid, %k] : memref<16x64xf32>, vector<4xf32>
        vector.store %v0, %shared[%tid, %c0] : memref<16x16xf32, #gpu.address_space<workgroup>>, vector<4xf32>
        %k4 = arith.addi %k, %c4 : index
        %v1 = vector.load %a[%tid, %k4] : memref<16x64xf32>, vector<4xf32>
        vector.store %v1, %shared[%tid, %c4] : memref<16x16xf32, #gpu.address_space<workgroup>>, vector<4xf32>
        gpu.barrier
        %s = scf.for %j = %c0 to %c8 step %c4 iter_args(%x = %acc) -> (vector<4xf32>) {
          %w = vector.load %shared[%tid, %j] : memref<16x16xf32, #gpu.address_space<workgroup>>, vector<4xf32>
          %y = arith.addf %x, %w : vector<4xf32>
          scf.yield %y : vector<4xf32>
        }
        gpu.barrier
        scf.yield %s : vector<4xf32>
      }
      vector.store %r, %out[%tid, %c0] : memref<16x4xf32>, vector<4xf32>
      return
    }
  }
}

// -----

// The same loop for a target that does not peel (LLVM): no step's math
// follows the loop; ahead of the last step the loads read it again (K
// clamped to 48, in bounds; the values go unused). The thread's loop over
// the copied step stays a loop, marked for the target's compiler to unroll
// (LLVM: as fast on an H100, less for MLIR to lower).
// CHECK-LABEL: func.func @sum_steps_llvm
// CHECK: %[[SHARED:.+]] = memref.alloc() : memref<16x16xf32, #gpu.address_space<workgroup>>
// CHECK: %[[FIRST:.+]] = vector.load %arg0[%[[TID:.+]], %c0] : memref<16x64xf32>, vector<4xf32>
// CHECK: %[[LOOP:.+]]:3 = scf.for %[[K:.+]] = %c0 to %c64 step %c16 iter_args(%[[ACC:.+]] = %{{.+}}, %[[V0:.+]] = %[[FIRST]], %[[V1:.+]] = %{{.+}})
// CHECK-NEXT: vector.store %[[V0]], %[[SHARED]][%[[TID]], %c0]
// CHECK-NEXT: vector.store %[[V1]], %[[SHARED]][%[[TID]], %c4]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[NEXT:.+]] = arith.addi %[[K]], %c16
// CHECK-NEXT: %[[CLAMPED:.+]] = arith.minsi %[[NEXT]], %c48
// CHECK-NEXT: vector.load %arg0[%[[TID]], %[[CLAMPED]]]
// CHECK: scf.for %{{.+}} = %c0 to %c8 step %c4
// CHECK-NEXT: vector.load %[[SHARED]]
// CHECK: } {halc.unroll}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.yield
// CHECK-NOT: gpu.barrier
// CHECK: vector.store %[[LOOP]]#0, %arg1
halc.executable @exe target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [32], unrolls_marked_loops>) {
  halc.export @sum_steps_llvm ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([16, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @sum_steps_llvm(%a: memref<16x64xf32>, %out: memref<16x4xf32>) {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant dense<0.0> : vector<4xf32>
      %tid = gpu.thread_id x
      %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %zero) -> (vector<4xf32>) {
        %shared = memref.alloc() : memref<16x16xf32, #gpu.address_space<workgroup>>
        %v0 = vector.load %a[%tid, %k] : memref<16x64xf32>, vector<4xf32>
        vector.store %v0, %shared[%tid, %c0] : memref<16x16xf32, #gpu.address_space<workgroup>>, vector<4xf32>
        %k4 = arith.addi %k, %c4 : index
        %v1 = vector.load %a[%tid, %k4] : memref<16x64xf32>, vector<4xf32>
        vector.store %v1, %shared[%tid, %c4] : memref<16x16xf32, #gpu.address_space<workgroup>>, vector<4xf32>
        gpu.barrier
        %s = scf.for %j = %c0 to %c8 step %c4 iter_args(%x = %acc) -> (vector<4xf32>) {
          %w = vector.load %shared[%tid, %j] : memref<16x16xf32, #gpu.address_space<workgroup>>, vector<4xf32>
          %y = arith.addf %x, %w : vector<4xf32>
          scf.yield %y : vector<4xf32>
        }
        gpu.barrier
        scf.yield %s : vector<4xf32>
      }
      vector.store %r, %out[%tid, %c0] : memref<16x4xf32>, vector<4xf32>
      return
    }
  }
}

// -----

// A loop that writes a binding too keeps its loads where they are: a load
// a step ahead could read what the step before had not written yet. Its
// thread loop over workgroup memory is still unrolled.
// CHECK-LABEL: func.func @writes_binding
// CHECK: scf.for
// CHECK-NEXT: vector.load %arg0
// CHECK-NEXT: vector.store {{.+}} #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: vector.load {{.+}} #gpu.address_space<workgroup>>
// CHECK-NEXT: arith.subi
// CHECK-NEXT: vector.store {{.+}} %arg0
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8], unrolls_marked_loops, peels_prefetched_loops>) {
  halc.export @writes_binding ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([16, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @writes_binding(%a: memref<16x64xf32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %tid = gpu.thread_id x
      %shared = memref.alloc() : memref<16x4xf32, #gpu.address_space<workgroup>>
      scf.for %k = %c4 to %c64 step %c4 {
        %v = vector.load %a[%tid, %k] : memref<16x64xf32>, vector<4xf32>
        vector.store %v, %shared[%tid, %c0] : memref<16x4xf32, #gpu.address_space<workgroup>>, vector<4xf32>
        gpu.barrier
        scf.for %j = %c0 to %c1 step %c1 {
          %w = vector.load %shared[%tid, %c0] : memref<16x4xf32, #gpu.address_space<workgroup>>, vector<4xf32>
          %prev = arith.subi %k, %c4 : index
          vector.store %w, %a[%tid, %prev] : memref<16x64xf32>, vector<4xf32>
        }
        gpu.barrier
      }
      return
    }
  }
}

// -----

// For Vulkan the thread's loop over workgroup memory stays a loop, marked
// for the driver to unroll (halc-convert-to-spirv makes the mark the
// loop's Unroll control): the driver's unrolling ran as fast on an H100,
// and the module is a fraction of the size.
// CHECK-LABEL: func.func @unroll_marked
// CHECK: scf.for %{{.+}} = %c0 to %c16 step %c4
// CHECK: vector.load %{{.+}} : memref<16x16xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: } {halc.unroll}
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8], unrolls_marked_loops, peels_prefetched_loops>) {
  halc.export @unroll_marked ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([16, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @unroll_marked(%out: memref<16x4xf32>) {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant dense<0.0> : vector<4xf32>
      %tid = gpu.thread_id x
      %shared = memref.alloc() : memref<16x16xf32, #gpu.address_space<workgroup>>
      %sum = scf.for %j = %c0 to %c16 step %c4 iter_args(%acc = %zero) -> (vector<4xf32>) {
        %w = vector.load %shared[%tid, %j] : memref<16x16xf32, #gpu.address_space<workgroup>>, vector<4xf32>
        %next = arith.addf %acc, %w : vector<4xf32>
        scf.yield %next : vector<4xf32>
      }
      vector.store %sum, %out[%tid, %c0] : memref<16x4xf32>, vector<4xf32>
      return
    }
  }
}

// -----

// A gathered operand (an im2col matrix at the edge of its output): each
// thread copies two elements one by one, read at computed indices and
// zero past the edge (a linalg.generic on workgroup memory). The copy is
// unrolled into the K loop's body, so that its loads run a step ahead like
// vector copies: the step's values are loaded and selected before the
// loop and for the next step after the barrier, and only those f32 values
// cross to the next step (not the conditions of their selects). The
// pixel's indices do not change with K: they are computed once.
// CHECK-LABEL: func.func @gathered_steps
// CHECK: %[[SHARED:.+]] = memref.alloc() : memref<16x2xf32, #gpu.address_space<workgroup>>
// CHECK: %[[L0:.+]] = memref.load %arg0
// CHECK: %[[S0:.+]] = arith.select %{{.+}}, %[[L0]], %{{.+}} : f32
// CHECK: %[[L1:.+]] = memref.load %arg0
// CHECK: %[[S1:.+]] = arith.select %{{.+}}, %[[L1]], %{{.+}} : f32
// CHECK: %[[LOOP:.+]]:3 = scf.for %[[K:.+]] = %c0 to %c30 step %c2 iter_args(%{{.+}} = %{{.+}}, %[[V0:.+]] = %[[S0]], %[[V1:.+]] = %[[S1]]) -> (f32, f32, f32)
// CHECK-NEXT: %[[ROW:.+]] = memref.subview %[[SHARED]]
// CHECK-NEXT: memref.store %[[V0]], %[[ROW]][%c0, %c0]
// CHECK-NEXT: memref.store %[[V1]], %[[ROW]][%c0, %c1]
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: arith.divui
// CHECK: memref.load %arg0
// CHECK: arith.select
// CHECK-NOT: arith.divui
// CHECK: memref.load %arg0
// CHECK: arith.select
// CHECK: memref.load %[[SHARED]]
// CHECK: gpu.barrier
// CHECK-NEXT: scf.yield
// CHECK-NOT: linalg.generic
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8], unrolls_marked_loops, peels_prefetched_loops>) {
  halc.export @gathered_steps ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([16, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @gathered_steps(%a: memref<32x14x14xf32>, %out: memref<16xf32>) {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c14 = arith.constant 14 : index
      %c32 = arith.constant 32 : index
      %c196 = arith.constant 196 : index
      %zero = arith.constant 0.0 : f32
      %tid = gpu.thread_id x
      %pixel = arith.muli %tid, %c14 : index
      %r = scf.for %k = %c0 to %c32 step %c2 iter_args(%acc = %zero) -> (f32) {
        %shared = memref.alloc() : memref<16x2xf32, #gpu.address_space<workgroup>>
        %row = memref.subview %shared[%tid, 0] [1, 2] [1, 1] : memref<16x2xf32, #gpu.address_space<workgroup>> to memref<1x2xf32, strided<[2, 1], offset: ?>, #gpu.address_space<workgroup>>
        linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%row : memref<1x2xf32, strided<[2, 1], offset: ?>, #gpu.address_space<workgroup>>) {
        ^bb0(%o: f32):
          %j = linalg.index 1 : index
          %channel = arith.addi %k, %j : index
          %inside = arith.cmpi ult, %pixel, %c196 : index
          %clamped = arith.minsi %pixel, %c196 : index
          %y = arith.divui %clamped, %c14 : index
          %x = arith.remui %clamped, %c14 : index
          %v = memref.load %a[%channel, %y, %x] : memref<32x14x14xf32>
          %s = arith.select %inside, %v, %zero : f32
          linalg.yield %s : f32
        }
        gpu.barrier
        %w0 = memref.load %shared[%tid, %c0] : memref<16x2xf32, #gpu.address_space<workgroup>>
        %sum = arith.addf %acc, %w0 : f32
        gpu.barrier
        scf.yield %sum : f32
      }
      memref.store %r, %out[%tid] : memref<16xf32>
      return
    }
  }
}
