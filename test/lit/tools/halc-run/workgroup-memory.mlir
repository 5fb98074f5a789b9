// A kernel whose workgroup memory the device does not have is refused before
// the driver sees it (NVIDIA's loses the device running one): a staged
// matmul with a hand-written 128x128 tile, K steps of 32, compiled for the
// nvidia target (48 KiB: 128x36 + 32x132 f32, 35328 bytes) and loaded on
// lavapipe (32 KiB). For lavapipe itself halc-compile refuses it.
// REQUIRES: lavapipe
// RUN: halc-compile %s --iree-vulkan-target=nvidia -o %t.halm
// RUN: not halc-run %t.halm --input=256x64xf32=1 --input=64x256xf32=1 2>&1 | FileCheck %s
// RUN: not halc-compile %s --iree-vulkan-target=lavapipe -o %t.lavapipe.halm 2>&1 | FileCheck %s --check-prefix=COMPILE
// CHECK: error: @mm: shader module 0 of executable 0: entry point 'mm' uses 35328 bytes of workgroup memory; Vulkan device 'llvmpipe{{.*}}' has 32768 (maxComputeSharedMemorySize)
// COMPILE: workgroup-memory.mlir:[[@LINE+5]]:8: error: dispatch @mm needs 35328 bytes of workgroup memory (2 buffers); the target has 32768
func.func @mm(%a: tensor<256x64xf32>, %b: tensor<64x256xf32>) -> tensor<256x256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [128, 128, 32], workgroup_size = [32, 8, 1], reduction_tile = [4], promote_operands = [0, 1]>} ins(%a, %b : tensor<256x64xf32>, tensor<64x256xf32>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
