// RUN: halc-opt %s -pass-pipeline='builtin.module(halc.executable(halc-outline-spirv-kernels,halc-vectorize-bindings))' -split-input-file | FileCheck %s

// A binding read and written only in vector<4>s aligned to their size is a
// buffer of vector<4>: rows of 4096 floats are rows of 1024 vectors, a 1-D
// binding of any length a runtime array of vectors, f16 too (64-bit
// vectors). Each access loads or stores the vector at innermost index / 4.
// CHECK: gpu.func @rows(%[[IN:.+]]: memref<8x1024xvector<4xf32>> {{.+}}, %[[OUT:.+]]: memref<8x1024xvector<4xf32>> {{.+}}, %[[DYN:.+]]: memref<?xvector<4xf32>> {{.+}}, %[[HALF:.+]]: memref<64xvector<4xf16>> {{.+}})
// CHECK: %[[J:.+]] = arith.muli %{{.+}}, %c4
// CHECK: %[[Q:.+]] = arith.divui %[[J]], %c4
// CHECK: %[[X:.+]] = memref.load %[[IN]][%{{.+}}, %[[Q]]] : memref<8x1024xvector<4xf32>>
// CHECK: memref.store %[[X]], %[[OUT]][%{{.+}}, %{{.+}}] : memref<8x1024xvector<4xf32>>
// CHECK: memref.load %[[DYN]][%{{.+}}] : memref<?xvector<4xf32>>
// CHECK: memref.load %[[HALF]][%{{.+}}] : memref<64xvector<4xf16>>
// CHECK-NOT: vector.load
// CHECK-NOT: vector.store
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @rows ordinal(0) layout(#halc.layout<bindings = [read_only, read_write, read_only, read_only]>) workgroup_size([256, 1, 1]) workgroup_count([8, 1, 1])
  builtin.module {
    func.func @rows(%in: memref<8x4096xf32>, %out: memref<8x4096xf32>, %dyn: memref<?xf32>, %half: memref<256xf16>) {
      %c4 = arith.constant 4 : index
      %row = gpu.block_id x
      %tid = gpu.thread_id x
      %j = arith.muli %tid, %c4 : index
      %x = vector.load %in[%row, %j] {alignment = 16 : i64} : memref<8x4096xf32>, vector<4xf32>
      vector.store %x, %out[%row, %j] {alignment = 16 : i64} : memref<8x4096xf32>, vector<4xf32>
      %d = vector.load %dyn[%j] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
      %h = vector.load %half[%j] {alignment = 8 : i64} : memref<256xf16>, vector<4xf16>
      return
    }
  }
}

// -----

// Bindings keep their scalars when one access is not a whole aligned
// vector<4> (a one-element store, an access aligned to 8 bytes only), or
// when rows are not whole vectors (rows of 6) whatever the alignment says.
// CHECK: gpu.func @mixed(%{{.+}}: memref<1024xf32> {{.+}}, %{{.+}}: memref<1024xf32> {{.+}}, %{{.+}}: memref<4x6xf32> {{.+}})
// CHECK: vector.load %{{.+}} {alignment = 16 : i64} : memref<1024xf32>, vector<4xf32>
// CHECK: vector.store %{{.+}} : memref<1024xf32>, vector<1xf32>
// CHECK: vector.load %{{.+}} {alignment = 8 : i64} : memref<1024xf32>, vector<4xf32>
// CHECK: vector.load %{{.+}} {alignment = 16 : i64} : memref<4x6xf32>, vector<4xf32>
// CHECK-NOT: memref.load
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @mixed ordinal(0) layout(#halc.layout<bindings = [read_write, read_only, read_only]>) workgroup_size([64, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @mixed(%a: memref<1024xf32>, %b: memref<1024xf32>, %c: memref<4x6xf32>) {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %tid = gpu.thread_id x
      %j = arith.muli %tid, %c4 : index
      %x = vector.load %a[%j] {alignment = 16 : i64} : memref<1024xf32>, vector<4xf32>
      %s = vector.extract_strided_slice %x {offsets = [0], sizes = [1], strides = [1]} : vector<4xf32> to vector<1xf32>
      vector.store %s, %a[%tid] : memref<1024xf32>, vector<1xf32>
      %y = vector.load %b[%j] {alignment = 8 : i64} : memref<1024xf32>, vector<4xf32>
      %z = vector.load %c[%tid, %c0] {alignment = 16 : i64} : memref<4x6xf32>, vector<4xf32>
      return
    }
  }
}

// -----

// Workgroup memory read and written in aligned vector<4>s is an array of
// vector<4> too (rows of 36 floats: 9 vectors); one with a scalar access
// keeps its scalars.
// CHECK-LABEL: gpu.func @shared
// CHECK: %[[TILE:.+]] = memref.alloc() : memref<16x9xvector<4xf32>, #gpu.address_space<workgroup>>
// CHECK: %[[ROW:.+]] = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK: memref.store %{{.+}}, %[[TILE]][%{{.+}}, %{{.+}}] : memref<16x9xvector<4xf32>, #gpu.address_space<workgroup>>
// CHECK: memref.load %[[TILE]][%{{.+}}, %{{.+}}] : memref<16x9xvector<4xf32>, #gpu.address_space<workgroup>>
// CHECK: vector.load %[[ROW]][%{{.+}}] {alignment = 16 : i64} : memref<64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @shared ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([16, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @shared(%a: memref<16x32xf32>) {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %tid = gpu.thread_id x
      %tile = memref.alloc() : memref<16x36xf32, #gpu.address_space<workgroup>>
      %row = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
      %j = arith.muli %tid, %c4 : index
      %x = vector.load %a[%tid, %c0] {alignment = 16 : i64} : memref<16x32xf32>, vector<4xf32>
      vector.store %x, %tile[%tid, %c4] {alignment = 16 : i64} : memref<16x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %y = vector.load %tile[%tid, %c0] {alignment = 16 : i64} : memref<16x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      vector.store %y, %a[%tid, %c4] {alignment = 16 : i64} : memref<16x32xf32>, vector<4xf32>
      %z = vector.load %row[%j] {alignment = 16 : i64} : memref<64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %s = vector.extract_strided_slice %z {offsets = [0], sizes = [1], strides = [1]} : vector<4xf32> to vector<1xf32>
      vector.store %s, %row[%tid] : memref<64xf32, #gpu.address_space<workgroup>>, vector<1xf32>
      return
    }
  }
}
