// Elementwise ops on a contraction's operand (prologues: a cast of A from
// f16, a dequantization of int8 weights with a scale per column) fuse into
// the contraction's dispatch: each K step computes them on the slice it
// stages, and the operand is read from memory in its narrow type. With an
// epilogue too, the whole layer is one dispatch. Each compared with the CPU
// reference.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe --compile-to=executable-configurations -o - | FileCheck %s --check-prefix=CONFIG
// RUN: halc-compile %s --iree-vulkan-target=nvidia -o %t.nvidia.halm
// RUN: halc-compile %s --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 -o %t.cuda.halm
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @cast_f16: result[0] vs cpu: matches
// CHECK: @dequantize_i8: result[0] vs cpu: matches
// CHECK: @dequantize_bias_relu: result[0] vs cpu: matches
// CONFIG: halc.export @cast_f16 ordinal
// CONFIG-NEXT: halc.export @dequantize_i8 ordinal
// CONFIG-NEXT: halc.export @dequantize_bias_relu ordinal
// CONFIG-NOT: halc.export
// CONFIG-LABEL: @cast_f16(%
// CONFIG: arith.extf
// CONFIG: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, {{.*}}promote_operands = [0, 1]>}
// CONFIG-LABEL: @dequantize_i8(%
// CONFIG: arith.sitofp
// CONFIG: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, {{.*}}promote_operands = [0, 1]>}
// CONFIG-LABEL: @dequantize_bias_relu(%
// CONFIG: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, {{.*}}promote_operands = [0, 1]>}
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func @cast_f16(%a: tensor<128x64xf16>, %b: tensor<64x256xf32>) -> tensor<128x256xf32> {
  %ea = tensor.empty() : tensor<128x64xf32>
  %a32 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<128x64xf16>) outs(%ea : tensor<128x64xf32>) {
  ^bb0(%x: f16, %o: f32):
    %w = arith.extf %x : f16 to f32
    linalg.yield %w : f32
  } -> tensor<128x64xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<128x256xf32>) -> tensor<128x256xf32>
  %r = linalg.matmul ins(%a32, %b : tensor<128x64xf32>, tensor<64x256xf32>) outs(%f : tensor<128x256xf32>) -> tensor<128x256xf32>
  return %r : tensor<128x256xf32>
}
func.func @dequantize_i8(%a: tensor<64x128xf32>, %w: tensor<128x256xi8>, %scale: tensor<256xf32>) -> tensor<64x256xf32> {
  %ew = tensor.empty() : tensor<128x256xf32>
  %wf = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%w, %scale : tensor<128x256xi8>, tensor<256xf32>) outs(%ew : tensor<128x256xf32>) {
  ^bb0(%q: i8, %s: f32, %o: f32):
    %v = arith.sitofp %q : i8 to f32
    %m = arith.mulf %v, %s : f32
    linalg.yield %m : f32
  } -> tensor<128x256xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
  %r = linalg.matmul ins(%a, %wf : tensor<64x128xf32>, tensor<128x256xf32>) outs(%f : tensor<64x256xf32>) -> tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}
func.func @dequantize_bias_relu(%a: tensor<64x128xf32>, %w: tensor<128x256xi8>, %scale: tensor<256xf32>, %bias: tensor<256xf32>) -> tensor<64x256xf32> {
  %ew = tensor.empty() : tensor<128x256xf32>
  %wf = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%w, %scale : tensor<128x256xi8>, tensor<256xf32>) outs(%ew : tensor<128x256xf32>) {
  ^bb0(%q: i8, %s: f32, %o: f32):
    %v = arith.sitofp %q : i8 to f32
    %m = arith.mulf %v, %s : f32
    linalg.yield %m : f32
  } -> tensor<128x256xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x256xf32>) -> tensor<64x256xf32>
  %r = linalg.matmul ins(%a, %wf : tensor<64x128xf32>, tensor<128x256xf32>) outs(%f : tensor<64x256xf32>) -> tensor<64x256xf32>
  %o = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%r, %bias : tensor<64x256xf32>, tensor<256xf32>) outs(%e : tensor<64x256xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<64x256xf32>
  return %o : tensor<64x256xf32>
}
