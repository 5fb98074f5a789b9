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
