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
