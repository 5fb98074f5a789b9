// RUN: rm -rf %t && halc-compile %S/Inputs/matmul-edge-tiles.mlir --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=lavapipe -o %t.spv --iree-hal-dump-executable-intermediates-to=%t
// RUN: FileCheck %s --input-file=%t/module_linked.06.lower-to-loops.mlir

// Workgroup loops become block ids, thread loops thread ids; the x thread
// loop of the 36-wide edge tile has fewer iterations than the 16 threads
// along x, so the threads past its end skip the body.
// CHECK: halc.export @matmul_bias_relu {{.*}} workgroup_size([16, 4, 1]) workgroup_count([2, 8, 1])
// CHECK: func.func @matmul_bias_relu
// CHECK-NOT: scf.forall
// CHECK: %[[BY:.+]] = gpu.block_id y
// CHECK: arith.muli %[[BY]], %c16
// CHECK: %[[BX:.+]] = gpu.block_id x
// CHECK: %[[TILE_N:.+]] = arith.minsi %{{.+}}, %c64
// CHECK: %[[TY:.+]] = gpu.thread_id y
// CHECK: %[[TX:.+]] = gpu.thread_id x
// CHECK: %[[COL:.+]] = arith.muli %[[TX]], %c4
// CHECK: %[[IN:.+]] = arith.cmpi slt, %[[COL]], %[[TILE_N]]
// CHECK: scf.if %[[IN]] {
// Each thread's 4x4 outputs: fill, the K loop in steps of 4, then bias and
// ReLU.
// CHECK: scf.for
// CHECK: memref.store %cst
// CHECK: scf.for %{{.+}} = %c0 to %c256 step %c4
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: memref.store %{{.+}}, %arg3
// CHECK-NOT: linalg.

// A row chain's thread loops run one after another in each workgroup: a
// barrier separates each from the one before it (the sum reads the max from
// workgroup memory, the division both), outside every guard.
// RUN: rm -rf %t.rows && halc-compile %S/Inputs/softmax-rows.mlir --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=lavapipe -o %t.rows.spv --iree-hal-dump-executable-intermediates-to=%t.rows
// RUN: FileCheck %s --check-prefix=ROWS --input-file=%t.rows/module_linked.06.lower-to-loops.mlir
// ROWS: func.func @softmax
// ROWS-NOT: scf.forall
// ROWS-COUNT-2: memref.alloc() : memref<1xf32, #gpu.address_space<workgroup>>
// ROWS: vector.store %{{.+}}, %[[MAX:alloc[_0-9]*]][
// ROWS: maxnumf
// ROWS: vector.store %{{.+}}, %[[MAX]]
// ROWS-NEXT: }
// ROWS-NEXT: gpu.barrier
// ROWS: vector.store %{{.+}}, %[[SUM:alloc[_0-9]*]][
// ROWS: vector.load %[[MAX]]
// ROWS: math.exp
// ROWS: vector.store %{{.+}}, %[[SUM]]
// ROWS-NEXT: }
// ROWS-NEXT: gpu.barrier
// ROWS: vector.load %[[MAX]]
// ROWS: vector.load %[[SUM]]
// ROWS: scf.for
// ROWS: arith.divf
// ROWS: vector.store

// A staged matmul's K loop runs its copies to workgroup memory and the
// threads' FMAs in turn: the copies of A and B write different buffers, so
// no barrier between them; one before the FMAs read them, and one at the end
// of the loop's body, before the next step's copies overwrite what this one
// reads.
// RUN: rm -rf %t.staged && halc-compile %S/../../../e2e/staged-contraction.mlir --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=lavapipe -o %t.staged.halm --iree-hal-dump-executable-intermediates-to=%t.staged
// RUN: halc-opt %t.staged/module_linked.05.bufferize.mlir -pass-pipeline='builtin.module(halc.executable(halc-map-forall-to-gpu))' | FileCheck %s --check-prefix=STAGED
// STAGED-LABEL: func.func @matmul(
// STAGED-NOT: scf.forall
// STAGED: scf.for %{{.+}} = %c0 to %c256 step %c32 {
// STAGED: vector.transfer_read %arg0
// STAGED-NOT: gpu.barrier
// STAGED: vector.transfer_write {{.+}} #gpu.address_space<workgroup>>
// STAGED-NOT: gpu.barrier
// STAGED: vector.transfer_read %arg1
// STAGED-NOT: gpu.barrier
// STAGED: vector.transfer_write {{.+}} #gpu.address_space<workgroup>>
// STAGED-NEXT: gpu.barrier
// STAGED: vector.contract
// STAGED-NEXT: vector.transfer_write {{.+}} : vector<4x4xf32>, memref<4x4xf32, strided<[1024, 1], offset: ?>>
// STAGED-NEXT: {{^ *}}}
// STAGED-NEXT: gpu.barrier
// STAGED-NEXT: {{^ *}}}
