// Contractions on f16 and bf16 that NVIDIA's Vulkan target runs on
// cooperative matrices (KHR tensor cores): 128x128 workgroup tiles of four
// subgroups (1024x2048x64, f16 and bf16), 32x32 tiles of one subgroup (small outputs), 80x160
// tiles of five subgroups (a 1600x1600 output, which 128 does not divide), K steps of
// 16, f16 accumulators, batches (a workgroup's tile of one batch: 128x128
// tiles and 32x32), and sizes the tiles do not divide (the edge path:
// 64x64 tiles padded, their results copied out of workgroup memory, K
// padded to whole steps); and what keeps the staged strategy there (a
// transposed B; generic contractions, whose bodies widen the inputs: a
// hand-written matmul, a convolution's implicit GEMM). Lavapipe and Metal have no cooperative matrices:
// there (lavapipe, the MSL CPU executor) every function takes the staged
// strategy and is compared with the CPU reference; the GPU bundle
// (bench/README.md) runs the NVIDIA build against the same results. An
// executable on cooperative matrices is refused by lavapipe, naming what
// it lacks.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --msl-configurations=3.0/macos %s | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=nvidia --compile-to=executable-configurations -o - | FileCheck %s --check-prefix=CONFIG
// RUN: halc-compile %s --iree-vulkan-target=nvidia -o %t.halm
// RUN: not halc-run %t.halm --function=mm_small --input=96x48xf16=1 --input=48x160xf16=1 2>&1 | FileCheck %s --check-prefix=REFUSED
// The cuda target (sm_70 and later) takes the same strategy, its matrices
// NVVM's WMMA operations.
// RUN: halc-compile %s --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=nvvm-dialect -o - | FileCheck %s --check-prefix=NVVM
// NVVM: nvvm.wmma.load {{.*}} {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>
// NVVM: nvvm.wmma.mma {{.*}} {eltypeA = #nvvm.mma_type<f16>, eltypeB = #nvvm.mma_type<f32>
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// REFUSED: error: @mm_small: shader module 0 of executable 0: uses cooperative matrices (SPV_KHR_cooperative_matrix), which Vulkan device 'llvmpipe{{.*}}' does not have (no VK_KHR_cooperative_matrix)
// The dispatches in order: 128x128 and 32x32 tiles on cooperative
// matrices, the batches, and the shapes that keep the staged strategy.
// CONFIG: workgroup_tile = [128, 128, 32], workgroup_size = [64, 2, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>} ins({{.*}} : tensor<1024x64xf16>
// CONFIG: workgroup_tile = [128, 128, 32], workgroup_size = [64, 2, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>} ins({{.*}} : tensor<1024x64xbf16>
// CONFIG: workgroup_tile = [32, 32, 16], workgroup_size = [32, 1, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>} ins({{.*}} : tensor<96x48xf16>
// CONFIG: workgroup_tile = [80, 160, 32], workgroup_size = [160, 1, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>} ins({{.*}} : tensor<1600x32xf16>
// CONFIG: linalg.batch_matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [1, 32, 32, 32], workgroup_size = [32, 1, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>}
// CONFIG: linalg.batch_matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [1, 128, 128, 32], workgroup_size = [64, 2, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>}
// CONFIG: subgroup_matrix = [16, 16, 16]>} ins({{.*}} : tensor<64x32xf16>, tensor<32x64xf16>)
// CONFIG: workgroup_tile = [64, 64, 32], workgroup_size = [64, 2, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>} ins({{.*}} : tensor<100x40xf16>
// CONFIG: workgroup_tile = [64, 64, 32], workgroup_size = [64, 2, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>} ins({{.*}} : tensor<200x100xf16>
// CONFIG-NOT: subgroup_matrix

func.func @mm(%a: tensor<1024x64xf16>, %b: tensor<64x2048xf16>) -> tensor<1024x2048xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x2048xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1024x2048xf32>) -> tensor<1024x2048xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x64xf16>, tensor<64x2048xf16>) outs(%f : tensor<1024x2048xf32>) -> tensor<1024x2048xf32>
  return %r : tensor<1024x2048xf32>
}

func.func @mm_bf16(%a: tensor<1024x64xbf16>, %b: tensor<64x2048xbf16>) -> tensor<1024x2048xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x2048xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1024x2048xf32>) -> tensor<1024x2048xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1024x64xbf16>, tensor<64x2048xbf16>) outs(%f : tensor<1024x2048xf32>) -> tensor<1024x2048xf32>
  return %r : tensor<1024x2048xf32>
}

func.func @mm_small(%a: tensor<96x48xf16>, %b: tensor<48x160xf16>) -> tensor<96x160xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<96x160xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<96x160xf32>) -> tensor<96x160xf32>
  %r = linalg.matmul ins(%a, %b : tensor<96x48xf16>, tensor<48x160xf16>) outs(%f : tensor<96x160xf32>) -> tensor<96x160xf32>
  return %r : tensor<96x160xf32>
}

func.func @mm_80x160(%a: tensor<1600x32xf16>, %b: tensor<32x1600xf16>) -> tensor<1600x1600xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1600x1600xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1600x1600xf32>) -> tensor<1600x1600xf32>
  %r = linalg.matmul ins(%a, %b : tensor<1600x32xf16>, tensor<32x1600xf16>) outs(%f : tensor<1600x1600xf32>) -> tensor<1600x1600xf32>
  return %r : tensor<1600x1600xf32>
}
func.func @bmm(%a: tensor<4x64x128xf16>, %b: tensor<4x128x96xf16>) -> tensor<4x64x96xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x64x96xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<4x64x128xf16>, tensor<4x128x96xf16>) outs(%f : tensor<4x64x96xf32>) -> tensor<4x64x96xf32>
  return %r : tensor<4x64x96xf32>
}

func.func @bmm_large(%a: tensor<2x1024x64xf16>, %b: tensor<2x64x1024xf16>) -> tensor<2x1024x1024xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x1024x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x1024x1024xf32>) -> tensor<2x1024x1024xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x1024x64xf16>, tensor<2x64x1024xf16>) outs(%f : tensor<2x1024x1024xf32>) -> tensor<2x1024x1024xf32>
  return %r : tensor<2x1024x1024xf32>
}

func.func @mm_f16_accumulator(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>) -> tensor<64x64xf16> {
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<64x64xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<64x64xf16>) -> tensor<64x64xf16>
  %r = linalg.matmul ins(%a, %b : tensor<64x32xf16>, tensor<32x64xf16>) outs(%f : tensor<64x64xf16>) -> tensor<64x64xf16>
  return %r : tensor<64x64xf16>
}

func.func @mm_edges(%a: tensor<100x40xf16>, %b: tensor<40x72xf16>) -> tensor<100x72xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<100x72xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<100x72xf32>) -> tensor<100x72xf32>
  %r = linalg.matmul ins(%a, %b : tensor<100x40xf16>, tensor<40x72xf16>) outs(%f : tensor<100x72xf32>) -> tensor<100x72xf32>
  return %r : tensor<100x72xf32>
}

func.func @mm_edges_k(%a: tensor<200x100xf16>, %b: tensor<100x136xf16>) -> tensor<200x136xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<200x136xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<200x136xf32>) -> tensor<200x136xf32>
  %r = linalg.matmul ins(%a, %b : tensor<200x100xf16>, tensor<100x136xf16>) outs(%f : tensor<200x136xf32>) -> tensor<200x136xf32>
  return %r : tensor<200x136xf32>
}

func.func @mm_transposed_b(%a: tensor<64x32xf16>, %b: tensor<64x32xf16>) -> tensor<64x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] ins(%a, %b : tensor<64x32xf16>, tensor<64x32xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

func.func @mm_generic(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>) -> tensor<64x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<64x32xf16>, tensor<32x64xf16>) outs(%f : tensor<64x64xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

func.func @conv_f16(%x: tensor<1x10x10x8xf16>, %w: tensor<3x3x8x16xf16>) -> tensor<1x8x8x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x10x10x8xf16>, tensor<3x3x8x16xf16>) outs(%f : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  return %r : tensor<1x8x8x16xf32>
}
