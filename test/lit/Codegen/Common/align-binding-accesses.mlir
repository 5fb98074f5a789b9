// RUN: halc-opt %s -pass-pipeline='builtin.module(halc.executable(halc-align-binding-accesses))' | FileCheck %s

// Bindings start 16-byte aligned; an access is as aligned as the factors of
// two its element offset is known to have (constants, products, sums, loops
// starting and stepping by multiples, the binding's static strides), up to
// its vector's size.
// CHECK-LABEL: func.func @accesses
// A thread's four elements of a 1-D binding: 16 bytes.
// CHECK: vector.load %arg0[%[[I:.+]]] {alignment = 16 : i64} : memref<1024xf32>, vector<4xf32>
// CHECK: vector.store %{{.+}}, %arg3[%[[I]]] {alignment = 16 : i64} : memref<1024xf32>, vector<4xf32>
// Any row of a binding with rows of 4096, at a loop counter from tid * 4 by
// steps of 1024: 16 bytes.
// CHECK: scf.for %[[J:.+]] = %{{.+}} to %c4096 step %c1024
// CHECK: vector.load %arg1[%{{.+}}, %[[J]]] {alignment = 16 : i64} : memref<64x4096xf32>, vector<4xf32>
// Rows of 4094 elements (one factor of two): any row is only 8-byte aligned.
// CHECK: vector.load %arg2[%{{.+}}, %[[J]]] {alignment = 8 : i64} : memref<64x4094xf32>, vector<4xf32>
// f16: four elements are 8 bytes.
// CHECK: vector.load %arg4[%[[I]]] {alignment = 8 : i64} : memref<1024xf16>, vector<4xf16>
// Workgroup memory starts 16-byte aligned too.
// CHECK: vector.load %[[SHARED:.+]][%[[I]]] {alignment = 16 : i64} : memref<1024xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// An offset of the thread id alone, a dynamic row stride, a one-element
// vector: no alignment recorded.
// CHECK: vector.load %arg0[%thread_id_x] : memref<1024xf32>, vector<4xf32>
// CHECK: vector.load %arg5[%{{.+}}, %c0] : memref<?x?xf32>, vector<4xf32>
// CHECK: vector.load %arg0[%[[I]]] : memref<1024xf32>, vector<1xf32>
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @accesses ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_only, read_write, read_only, read_only]>) workgroup_size([256, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @accesses(%a: memref<1024xf32>, %rows: memref<64x4096xf32>, %odd: memref<64x4094xf32>, %out: memref<1024xf32>, %half: memref<1024xf16>, %dyn: memref<?x?xf32>) {
      %c4 = arith.constant 4 : index
      %c1024 = arith.constant 1024 : index
      %c4096 = arith.constant 4096 : index
      %c0 = arith.constant 0 : index
      %shared = memref.alloc() : memref<1024xf32, #gpu.address_space<workgroup>>
      %tid = gpu.thread_id x
      %row = gpu.block_id x
      %i = arith.muli %tid, %c4 : index
      %x = vector.load %a[%i] : memref<1024xf32>, vector<4xf32>
      vector.store %x, %out[%i] : memref<1024xf32>, vector<4xf32>
      scf.for %j = %i to %c4096 step %c1024 {
        %y = vector.load %rows[%row, %j] : memref<64x4096xf32>, vector<4xf32>
        %z = vector.load %odd[%row, %j] : memref<64x4094xf32>, vector<4xf32>
      }
      %h = vector.load %half[%i] : memref<1024xf16>, vector<4xf16>
      %s = vector.load %shared[%i] : memref<1024xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %u = vector.load %a[%tid] : memref<1024xf32>, vector<4xf32>
      %d = vector.load %dyn[%row, %c0] : memref<?x?xf32>, vector<4xf32>
      %one = vector.load %a[%i] : memref<1024xf32>, vector<1xf32>
      return
    }
  }
}
