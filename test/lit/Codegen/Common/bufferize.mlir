// RUN: rm -rf %t && halc-compile %S/Inputs/matmul-edge-tiles.mlir --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=lavapipe -o %t.spv --iree-hal-dump-executable-intermediates-to=%t
// RUN: FileCheck %s --input-file=%t/module_linked.05.bufferize.mlir

// The matmul, its bias add and ReLU write straight into the output binding;
// the one temporary, each thread's 4x4 matmul tile, lives in private memory
// at its static bound and is viewed at the edge tile's size. Edge tiles have
// dynamic shapes, so these ops were not vectorized.
// CHECK: func.func @matmul_bias_relu(%[[LHS:.+]]: memref<128x256xf32>, %[[RHS:.+]]: memref<256x100xf32>, %[[BIAS:.+]]: memref<100xf32>, %[[OUT:.+]]: memref<128x100xf32>)
// CHECK-NOT: tensor
// CHECK: scf.forall
// CHECK: %[[OUT_TILE:.+]] = memref.subview %[[OUT]]
// CHECK: scf.forall
// CHECK: %[[ACC:.+]] = memref.alloca() : memref<4x4xf32, #gpu.address_space<private>>
// CHECK: %[[ACC_VIEW:.+]] = memref.subview %[[ACC]][0, 0] [4, %{{.+}}] [1, 1]
// CHECK: linalg.fill {{.*}}outs(%[[ACC_VIEW]]
// CHECK: scf.for
// CHECK: linalg.matmul {{.*}}outs(%[[ACC_VIEW]]
// CHECK: %[[OUT_THREAD:.+]] = memref.subview %[[OUT_TILE]]
// CHECK: linalg.generic {{.*}}ins(%[[ACC_VIEW]], %{{.+}} : {{.*}}) outs(%[[OUT_THREAD]]
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.alloc(

// A row chain: the row's max and sum, written by one thread loop and read by
// the next, are temporaries of the workgroup, not of a thread: each lives in
// workgroup memory, a buffer of its own; the result goes straight into its
// binding.
// RUN: rm -rf %t.rows && halc-compile %S/Inputs/softmax-rows.mlir --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=lavapipe -o %t.rows.spv --iree-hal-dump-executable-intermediates-to=%t.rows
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.rows/module_linked.05.bufferize.mlir
// ROWS: func.func @softmax(%[[IN:.+]]: memref<16x256xf32>, %[[OUT:.+]]: memref<16x256xf32>)
// ROWS: scf.forall
// ROWS-COUNT-2: memref.alloc() : memref<1xf32, #gpu.address_space<workgroup>>
// ROWS: scf.forall
// ROWS: vector.transfer_write %{{.+}}, %[[MAX:alloc[_0-9]*]][
// ROWS: } {halc.reduction_lanes
// ROWS: scf.forall
// ROWS: vector.transfer_write %{{.+}}, %[[SUM:alloc[_0-9]*]][
// ROWS: vector.transfer_read %[[MAX]]
// ROWS: vector.transfer_write %{{.+}}, %[[SUM]]
// ROWS: } {halc.reduction_lanes
// ROWS: memref.subview %[[OUT]]
// ROWS: scf.forall
// ROWS: vector.transfer_read %[[MAX]]
// ROWS: vector.transfer_read %[[SUM]]
// ROWS: } {halc.reduction_lanes
// ROWS-NOT: memref.alloca
// ROWS-NOT: memref.copy
