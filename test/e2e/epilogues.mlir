// Contractions with elementwise epilogues, which the staged strategy takes
// with the contraction (its lowering_config is on the contraction, not on
// the op writing the result): each thread applies the epilogue to its block
// of the accumulator in registers before the one store. A bias and ReLU, a
// residual add and tanh, a batch matmul's scale, a folded batch norm's
// scale and shift on f16 inputs accumulated in f32, convolutions (their
// implicit GEMMs) with a bias and ReLU or a residual add, a truncation to
// f16 (the f32 accumulator a temporary the threads' registers replace);
// tiles padded at the edges (a matmul of 250 rows, an NCHW convolution of
// 26x26 pixels: the padded blocks written back inside the result, then the
// epilogue applied to them); too small an output for staged tiles keeps a
// thread's tile of the epilogue with the contraction fused in. Each
// compared with the CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe --compile-to=executable-configurations -o - | FileCheck %s --check-prefix=CONFIG
// On NVIDIA's tensor cores the f16 one takes 64x128 tiles of cooperative
// matrices, its accumulator in workgroup memory (checked on the GPU by
// bench/results/2026-11-27-nvidia-h100-epilogues-few-rows.md's kernels).
// RUN: halc-compile %s --iree-vulkan-target=nvidia --compile-to=executable-configurations -o - | FileCheck %s --check-prefix=NVIDIA
// RUN: halc-compile %s --iree-vulkan-target=nvidia -o %t.nvidia.halm
// RUN: halc-compile %s --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 -o %t.cuda.halm
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @bias_relu: result[0] vs cpu: matches
// CHECK: @residual_tanh: result[0] vs cpu: matches
// CHECK: @batch_scale: result[0] vs cpu: matches
// CHECK: @f16_batch_norm: result[0] vs cpu: matches
// CHECK: @truncate_f16: result[0] vs cpu: matches
// CHECK: @edges: result[0] vs cpu: matches
// CHECK: @conv_bias_relu: result[0] vs cpu: matches
// CHECK: @conv_nchw_residual: result[0] vs cpu: matches
// CHECK: @conv_nchw_bias_relu_edges: result[0] vs cpu: matches
// CHECK: @matmul_bias_relu_edges: result[0] vs cpu: matches
// CONFIG-LABEL: @bias_relu(%
// CONFIG: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [{{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}], {{.*}}promote_operands = [0, 1]>}
// CONFIG-LABEL: @residual_tanh(%
// CONFIG: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, {{.*}}promote_operands = [0, 1]>}
// CONFIG-LABEL: @batch_scale(%
// CONFIG: linalg.batch_matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, {{.*}}promote_operands = [0, 1]>}
// CONFIG-LABEL: @f16_batch_norm(%
// CONFIG: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, {{.*}}promote_operands = [0, 1]>}
// CONFIG-LABEL: @truncate_f16(%
// CONFIG: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, {{.*}}promote_operands = [0, 1]>}
// CONFIG-LABEL: @edges(%
// CONFIG: linalg.generic {{.*}}lowering_config
// CONFIG-LABEL: @conv_bias_relu(%
// CONFIG: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}}lowering_config = #halc.lowering_config<strategy = staged_contraction, {{.*}}promote_operands = [0, 1]>
// CONFIG-LABEL: @conv_nchw_residual(%
// CONFIG: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]{{.*}}lowering_config = #halc.lowering_config<strategy = staged_contraction, {{.*}}promote_operands = [0, 1]>
// CONFIG-LABEL: @conv_nchw_bias_relu_edges(%
// CONFIG: linalg.generic {{.*}}lowering_config = #halc.lowering_config<strategy = staged_contraction,
// CONFIG-LABEL: @matmul_bias_relu_edges(%
// CONFIG: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction,
// NVIDIA-LABEL: @f16_batch_norm(%
// NVIDIA: linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [64, 128, 32], workgroup_size = [64, 2, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>}
#rows = affine_map<(i, j) -> (i, j)>
#bias = affine_map<(i, j) -> (j)>
func.func @bias_relu(%a: tensor<128x64xf32>, %b: tensor<64x256xf32>, %bias: tensor<256xf32>) -> tensor<128x256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x64xf32>, tensor<64x256xf32>) outs(%f : tensor<128x256xf32>) -> tensor<128x256xf32>
  %r = linalg.generic {indexing_maps = [#rows, #bias, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%m, %bias : tensor<128x256xf32>, tensor<256xf32>) outs(%e : tensor<128x256xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<128x256xf32>
  return %r : tensor<128x256xf32>
}
func.func @residual_tanh(%a: tensor<64x96xf32>, %b: tensor<96x128xf32>, %d: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x96xf32>, tensor<96x128xf32>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [#rows, #rows, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%d, %m : tensor<64x128xf32>, tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
func.func @batch_scale(%a: tensor<4x64x32xf32>, %b: tensor<4x32x64xf32>) -> tensor<4x64x64xf32> {
  %z = arith.constant 0.0 : f32
  %scale = arith.constant 0.125 : f32
  %e = tensor.empty() : tensor<4x64x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  %m = linalg.batch_matmul ins(%a, %b : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%f : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, i, j) -> (b, i, j)>, affine_map<(b, i, j) -> (b, i, j)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%m : tensor<4x64x64xf32>) outs(%e : tensor<4x64x64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.mulf %x, %scale : f32
    linalg.yield %s : f32
  } -> tensor<4x64x64xf32>
  return %r : tensor<4x64x64xf32>
}
func.func @f16_batch_norm(%a: tensor<64x64xf16>, %b: tensor<64x128xf16>, %s: tensor<128xf32>, %t: tensor<128xf32>) -> tensor<64x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x128xf16>) outs(%f : tensor<64x128xf32>) -> tensor<64x128xf32>
  %r = linalg.generic {indexing_maps = [#rows, #bias, #bias, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%m, %s, %t : tensor<64x128xf32>, tensor<128xf32>, tensor<128xf32>) outs(%e : tensor<64x128xf32>) {
  ^bb0(%x: f32, %scale: f32, %shift: f32, %o: f32):
    %p = arith.mulf %x, %scale : f32
    %q = arith.addf %p, %shift : f32
    linalg.yield %q : f32
  } -> tensor<64x128xf32>
  return %r : tensor<64x128xf32>
}
func.func @truncate_f16(%a: tensor<64x32xf32>, %b: tensor<32x64xf32>, %bias: tensor<64xf32>) -> tensor<64x64xf16> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %e16 = tensor.empty() : tensor<64x64xf16>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.generic {indexing_maps = [#rows, #bias, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%m, %bias : tensor<64x64xf32>, tensor<64xf32>) outs(%e16 : tensor<64x64xf16>) {
  ^bb0(%x: f32, %y: f32, %o: f16):
    %s = arith.addf %x, %y : f32
    %t = arith.truncf %s : f32 to f16
    linalg.yield %t : f16
  } -> tensor<64x64xf16>
  return %r : tensor<64x64xf16>
}
func.func @edges(%a: tensor<100x36xf32>, %b: tensor<36x100xf32>, %bias: tensor<100xf32>) -> tensor<100x100xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<100x100xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<100x100xf32>) -> tensor<100x100xf32>
  %m = linalg.matmul ins(%a, %b : tensor<100x36xf32>, tensor<36x100xf32>) outs(%f : tensor<100x100xf32>) -> tensor<100x100xf32>
  %r = linalg.generic {indexing_maps = [#rows, #bias, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%m, %bias : tensor<100x100xf32>, tensor<100xf32>) outs(%e : tensor<100x100xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<100x100xf32>
  return %r : tensor<100x100xf32>
}
func.func @conv_bias_relu(%x: tensor<2x8x8x16xf32>, %w: tensor<64x3x3x16xf32>, %bias: tensor<64xf32>) -> tensor<2x8x8x64xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z : f32
  } : tensor<2x8x8x16xf32> to tensor<2x10x10x16xf32>
  %e = tensor.empty() : tensor<2x8x8x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x8x8x64xf32>) -> tensor<2x8x8x64xf32>
  %c = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%p, %w : tensor<2x10x10x16xf32>, tensor<64x3x3x16xf32>) outs(%f : tensor<2x8x8x64xf32>) -> tensor<2x8x8x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %bias : tensor<2x8x8x64xf32>, tensor<64xf32>) outs(%e : tensor<2x8x8x64xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<2x8x8x64xf32>
  return %r : tensor<2x8x8x64xf32>
}
func.func @conv_nchw_residual(%x: tensor<2x16x8x8xf32>, %w: tensor<64x16x1x1xf32>, %d: tensor<2x64x8x8xf32>) -> tensor<2x64x8x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x64x8x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x64x8x8xf32>) -> tensor<2x64x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<2x16x8x8xf32>, tensor<64x16x1x1xf32>) outs(%f : tensor<2x64x8x8xf32>) -> tensor<2x64x8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %d : tensor<2x64x8x8xf32>, tensor<2x64x8x8xf32>) outs(%e : tensor<2x64x8x8xf32>) {
  ^bb0(%v: f32, %r: f32, %o: f32):
    %s = arith.addf %v, %r : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<2x64x8x8xf32>
  return %r : tensor<2x64x8x8xf32>
}
func.func @conv_nchw_bias_relu_edges(%x: tensor<2x64x28x28xf32>, %w: tensor<64x64x3x3xf32>, %b: tensor<64xf32>) -> tensor<2x64x26x26xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x64x26x26xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x64x26x26xf32>) -> tensor<2x64x26x26xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x64x28x28xf32>, tensor<64x64x3x3xf32>) outs(%f : tensor<2x64x26x26xf32>) -> tensor<2x64x26x26xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<2x64x26x26xf32>, tensor<64xf32>) outs(%e : tensor<2x64x26x26xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<2x64x26x26xf32>
  return %r : tensor<2x64x26x26xf32>
}
func.func @matmul_bias_relu_edges(%a: tensor<250x128xf32>, %bm: tensor<128x500xf32>, %b: tensor<500xf32>) -> tensor<250x500xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<250x500xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<250x500xf32>) -> tensor<250x500xf32>
  %m = linalg.matmul ins(%a, %bm : tensor<250x128xf32>, tensor<128x500xf32>) outs(%f : tensor<250x500xf32>) -> tensor<250x500xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%m, %b : tensor<250x500xf32>, tensor<500xf32>) outs(%e : tensor<250x500xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<250x500xf32>
  return %r : tensor<250x500xf32>
}
