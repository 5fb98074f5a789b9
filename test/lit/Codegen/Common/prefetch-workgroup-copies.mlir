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
