// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(halc.executable(halc-lower-vectors))' | FileCheck %s

// A 2x4 read that may cross the edges of its view (a staged tile's copy at
// the edge of A): each row is one 128-bit load where it lies wholly inside
// (its row below the view's rows, its four columns within its columns),
// else a load per element inside and the padding (zero) outside.
// CHECK-LABEL: func.func @read_across_edges
// CHECK-SAME: (%{{.+}}: memref<1000x1000xf32>, %{{.+}}: memref<2x4xf32>, %[[ROWS:[a-z0-9]+]]: index, %[[COLUMNS:[a-z0-9]+]]: index,
// CHECK: %[[VIEW:.+]] = memref.subview
// CHECK: %[[ROW0:.+]] = arith.cmpi sge, %[[ROWS]], %c1
// CHECK: %[[FOUR:.+]] = arith.cmpi sge, %[[COLUMNS]], %c4
// CHECK: %[[WHOLE0:.+]] = arith.andi %[[ROW0]], %[[FOUR]]
// CHECK: scf.if %[[WHOLE0]] -> (vector<4xf32>) {
// CHECK-NEXT: vector.load %[[VIEW]][%c0, %c0] : memref<?x?xf32, strided<[1000, 1], offset: ?>>, vector<4xf32>
// CHECK: } else {
// CHECK: %[[LANE0:.+]] = arith.cmpi sgt, %[[COLUMNS]], %c0
// CHECK: %[[INSIDE0:.+]] = arith.andi %[[ROW0]], %[[LANE0]]
// CHECK: scf.if %[[INSIDE0]] -> (f32) {
// CHECK-NEXT: memref.load %[[VIEW]][%c0, %c0]
// CHECK: } else {
// CHECK-NEXT: scf.yield %cst
// CHECK-COUNT-3: memref.load %[[VIEW]][%c0,
// CHECK: vector.from_elements
// CHECK: scf.if
// CHECK-NEXT: vector.load %[[VIEW]][%c1, %c0]
// CHECK-NOT: vector.transfer_read
// CHECK: vector.store {{.+}} : memref<2x4xf32>, vector<4xf32>
// CHECK: vector.store {{.+}} : memref<2x4xf32>, vector<4xf32>
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @read_across_edges ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([1, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @read_across_edges(%a: memref<1000x1000xf32>, %out: memref<2x4xf32>, %rows: index, %columns: index, %i: index, %j: index) {
      %zero = arith.constant 0.0 : f32
      %view = memref.subview %a[%i, %j] [%rows, %columns] [1, 1] : memref<1000x1000xf32> to memref<?x?xf32, strided<[1000, 1], offset: ?>>
      %c0 = arith.constant 0 : index
      %v = vector.transfer_read %view[%c0, %c0], %zero : memref<?x?xf32, strided<[1000, 1], offset: ?>>, vector<2x4xf32>
      vector.transfer_write %v, %out[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xf32>, memref<2x4xf32>
      return
    }
  }
}

// -----

// The same read where the view's columns are a known multiple of four
// (an edge tile's extent, min(1000 - j, 128) with j a multiple of 128) and
// the read starts at one: each row lies wholly inside or wholly outside,
// so it is one load without a branch, from the source at the view's
// offset where the row is inside and at its origin where not, and the
// padding selected in its place.
// CHECK-LABEL: func.func @read_whole_rows
// CHECK-SAME: (%[[A:[a-z0-9]+]]: memref<1000x1000xf32>, %{{[a-z0-9]+}}: memref<2x4xf32>, %[[ROWS:[a-z0-9]+]]: index, %{{[a-z0-9]+}}: index, %[[I:[a-z0-9]+]]: index)
// CHECK-NOT: scf.if
// CHECK: %[[J:.+]] = arith.muli
// CHECK: %[[ROW0:.+]] = arith.cmpi sge, %[[ROWS]], %c1
// CHECK: %[[WHOLE0:.+]] = arith.andi %[[ROW0]], %{{.+}}
// CHECK: %[[SAFE_ROW0:.+]] = arith.select %[[WHOLE0]], %[[I]], %c0
// CHECK: %[[SAFE_COLUMN0:.+]] = arith.select %[[WHOLE0]], %[[J]], %c0
// CHECK: %[[LOADED0:.+]] = vector.load %[[A]][%[[SAFE_ROW0]], %[[SAFE_COLUMN0]]] : memref<1000x1000xf32>, vector<4xf32>
// CHECK: %[[MASK0:.+]] = vector.broadcast %[[WHOLE0]] : i1 to vector<4xi1>
// CHECK: arith.select %[[MASK0]], %[[LOADED0]], %{{.+}} : vector<4xi1>, vector<4xf32>
// CHECK: vector.load %[[A]]
// CHECK-NOT: scf.if
// CHECK-NOT: vector.transfer_read
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @read_whole_rows ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([1, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @read_whole_rows(%a: memref<1000x1000xf32>, %out: memref<2x4xf32>, %rows: index, %tile: index, %i: index) {
      %zero = arith.constant 0.0 : f32
      %c128 = arith.constant 128 : index
      %j = arith.muli %tile, %c128 : index
      %columns = affine.min affine_map<(d0) -> (-d0 + 1000, 128)>(%j)
      %view = memref.subview %a[%i, %j] [%rows, %columns] [1, 1] : memref<1000x1000xf32> to memref<?x?xf32, strided<[1000, 1], offset: ?>>
      %c0 = arith.constant 0 : index
      %v = vector.transfer_read %view[%c0, %c0], %zero : memref<?x?xf32, strided<[1000, 1], offset: ?>>, vector<2x4xf32>
      vector.transfer_write %v, %out[%c0, %c0] {in_bounds = [true, true]} : vector<2x4xf32>, memref<2x4xf32>
      return
    }
  }
}

// -----

// A thread's 2x4 block written to the part of the output it lies in (an
// edge tile's write-back): a row inside is one 128-bit store, a row across
// the edge a store per element inside, each under its own guard.
// CHECK-LABEL: func.func @write_inside
// CHECK-SAME: (%{{.+}}: memref<1000x1000xf32>, %{{.+}}: vector<2x4xf32>, %[[ROWS:[a-z0-9]+]]: index, %[[COLUMNS:[a-z0-9]+]]: index,
// CHECK: %[[VIEW:.+]] = memref.subview
// CHECK: %[[ROW0:.+]] = arith.cmpi sge, %[[ROWS]], %c1
// CHECK: %[[FOUR:.+]] = arith.cmpi sge, %[[COLUMNS]], %c4
// CHECK: %[[WHOLE0:.+]] = arith.andi %[[ROW0]], %[[FOUR]]
// CHECK: scf.if %[[WHOLE0]] {
// CHECK-NEXT: vector.store %{{.+}}, %[[VIEW]][%c0, %c0] : memref<?x?xf32, strided<[1000, 1], offset: ?>>, vector<4xf32>
// CHECK: } else {
// CHECK: %[[LANE0:.+]] = arith.cmpi sgt, %[[COLUMNS]], %c0
// CHECK: %[[INSIDE0:.+]] = arith.andi %[[ROW0]], %[[LANE0]]
// CHECK: scf.if %[[INSIDE0]] {
// CHECK-NEXT: memref.store %{{.+}}, %[[VIEW]][%c0, %c0]
// CHECK-COUNT-3: memref.store %{{.+}}, %[[VIEW]][%c0,
// CHECK: scf.if %{{.+}} {
// CHECK-NEXT: vector.store %{{.+}}, %[[VIEW]][%c1, %c0]
// CHECK-NOT: vector.transfer_write
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @write_inside ordinal(0) layout(#halc.layout<bindings = [read_write]>) workgroup_size([1, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @write_inside(%out: memref<1000x1000xf32>, %v: vector<2x4xf32>, %rows: index, %columns: index, %i: index, %j: index) {
      %c0 = arith.constant 0 : index
      %view = memref.subview %out[%i, %j] [%rows, %columns] [1, 1] : memref<1000x1000xf32> to memref<?x?xf32, strided<[1000, 1], offset: ?>>
      vector.transfer_write %v, %view[%c0, %c0] : vector<2x4xf32>, memref<?x?xf32, strided<[1000, 1], offset: ?>>
      return
    }
  }
}
