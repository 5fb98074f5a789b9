// bf16 arguments, results, constants and compute: stored as 16 bits,
// computed in f32 and rounded where the target has no bf16 arithmetic
// (every SPIR-V target); compared with the CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e --dynamic-sizes=5,67 %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --dynamic-sizes=5,67 %s | FileCheck %s
// RUN: halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 -o /dev/null
// RUN: halc-compile %s --iree-hal-target-backends=cuda -o /dev/null
// halc-run reads and prints bf16, and writes it to .npy as 2-byte void
// (NumPy has no bf16; ml_dtypes reads it back):
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.halm
// RUN: halc-run %t.halm --function=add --input=4x8xbf16=1.5 --input=4x8xbf16=0.0078125 | FileCheck %s --check-prefix=PRINT
// RUN: halc-run %t.halm --function=add --input=4x8xbf16=1.5 --input=4x8xbf16=0.0078125 --output=@%t.npy
// RUN: %python -c "d = open('%t.npy', 'rb').read(); print(d[10:d.index(b'}') + 1].decode(), d[-2:].hex())" | FileCheck %s --check-prefix=NPY
// RUN: halc-run %t.halm --function=add --input=@%t.npy --input=4x8xbf16=-1 --expected_output=4x8xbf16=0.5078125 | FileCheck %s --check-prefix=READ
// PRINT: result[0]: 4x8xbf16=[1.50781 1.50781 1.50781 1.50781 1.50781 1.50781 1.50781 1.50781][1.50781
// NPY: {'descr': '<V2', 'fortran_order': False, 'shape': (4,8,), } c13f
// READ: result[0]: matches 4x8xbf16
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @add: result[0] vs cpu: matches
// CHECK: @widen_and_round: result[0] vs cpu: matches
// CHECK: @widen_and_round: result[1] vs cpu: matches
// CHECK: @constant_scale: result[0] vs cpu: matches
// CHECK: @math: result[0] vs cpu: matches
// CHECK: @matmul_f32_acc: result[0] vs cpu: matches
// CHECK: @matmul_staged: result[0] vs cpu: matches
// CHECK: @matvec: result[0] vs cpu: matches
// CHECK: @row_max: result[0] vs cpu: matches
// CHECK: @softmax: result[0] vs cpu: matches
// CHECK: @conv: result[0] vs cpu: matches
// CHECK: @scale_dynamic[?=5]: result[0] vs cpu: matches
// CHECK: @scale_dynamic[?=67]: result[0] vs cpu: matches
// CHECK: @tosa_add_relu: result[0] vs cpu: matches

#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @add(%a: tensor<4x8xbf16>, %b: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %e = tensor.empty() : tensor<4x8xbf16>
  %r = linalg.add ins(%a, %b : tensor<4x8xbf16>, tensor<4x8xbf16>) outs(%e : tensor<4x8xbf16>) -> tensor<4x8xbf16>
  return %r : tensor<4x8xbf16>
}

// bf16 to f32 and back, next to each other in one dispatch.
func.func @widen_and_round(%a: tensor<16x16xbf16>, %b: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xbf16>) {
  %e32 = tensor.empty() : tensor<16x16xf32>
  %w = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<16x16xbf16>, tensor<16x16xf32>) outs(%e32 : tensor<16x16xf32>) {
  ^bb0(%x: bf16, %y: f32, %o: f32):
    %xe = arith.extf %x : bf16 to f32
    %s = arith.mulf %xe, %y : f32
    linalg.yield %s : f32
  } -> tensor<16x16xf32>
  %e16 = tensor.empty() : tensor<16x16xbf16>
  %n = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<16x16xf32>) outs(%e16 : tensor<16x16xbf16>) {
  ^bb0(%y: f32, %o: bf16):
    %t = arith.truncf %y : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x16xbf16>
  return %w, %n : tensor<16x16xf32>, tensor<16x16xbf16>
}

func.func @constant_scale(%a: tensor<2x4xbf16>) -> tensor<2x4xbf16> {
  %c = arith.constant dense<[[0.5, 1.0, -2.0, 3.25], [100.0, 0.0078125, -0.375, 7.0]]> : tensor<2x4xbf16>
  %one = arith.constant 1.0 : bf16
  %e = tensor.empty() : tensor<2x4xbf16>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%a, %c : tensor<2x4xbf16>, tensor<2x4xbf16>) outs(%e : tensor<2x4xbf16>) {
  ^bb0(%x: bf16, %y: bf16, %o: bf16):
    %s = arith.addf %x, %one : bf16
    %m = arith.mulf %s, %y : bf16
    linalg.yield %m : bf16
  } -> tensor<2x4xbf16>
  return %r : tensor<2x4xbf16>
}

func.func @math(%a: tensor<64xbf16>) -> tensor<64xbf16> {
  %e = tensor.empty() : tensor<64xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a : tensor<64xbf16>) outs(%e : tensor<64xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    %t = math.tanh %x : bf16
    %x2 = math.exp %t : bf16
    %m = arith.maximumf %x2, %x : bf16
    linalg.yield %m : bf16
  } -> tensor<64xbf16>
  return %r : tensor<64xbf16>
}

// bf16 inputs, f32 accumulator (the usual mixed-precision GEMM).
func.func @matmul_f32_acc(%a: tensor<24x40xbf16>, %b: tensor<40x20xbf16>) -> tensor<24x20xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<24x20xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<24x20xf32>) -> tensor<24x20xf32>
  %r = linalg.matmul ins(%a, %b : tensor<24x40xbf16>, tensor<40x20xbf16>) outs(%f : tensor<24x20xf32>) -> tensor<24x20xf32>
  return %r : tensor<24x20xf32>
}

// Large enough for the staged strategy: bf16 tiles in workgroup memory.
func.func @matmul_staged(%a: tensor<128x256xbf16>, %b: tensor<256x128xbf16>) -> tensor<128x128xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %r = linalg.matmul ins(%a, %b : tensor<128x256xbf16>, tensor<256x128xbf16>) outs(%f : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}

func.func @matvec(%a: tensor<96x512xbf16>, %x: tensor<512xbf16>) -> tensor<96xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<96xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<96xf32>) -> tensor<96xf32>
  %r = linalg.matvec ins(%a, %x : tensor<96x512xbf16>, tensor<512xbf16>) outs(%f : tensor<96xf32>) -> tensor<96xf32>
  return %r : tensor<96xf32>
}

// A bf16 accumulator that is exact: the maximum of each row.
func.func @row_max(%a: tensor<8x1000xbf16>) -> tensor<8xbf16> {
  %lowest = arith.constant 0xFF80 : bf16
  %e = tensor.empty() : tensor<8xbf16>
  %f = linalg.fill ins(%lowest : bf16) outs(%e : tensor<8xbf16>) -> tensor<8xbf16>
  %r = linalg.reduce ins(%a : tensor<8x1000xbf16>) outs(%f : tensor<8xbf16>) dimensions = [1]
    (%x: bf16, %acc: bf16) {
      %m = arith.maximumf %x, %acc : bf16
      linalg.yield %m : bf16
    }
  return %r : tensor<8xbf16>
}

func.func @softmax(%a: tensor<4x100xbf16>) -> tensor<4x100xbf16> {
  %e = tensor.empty() : tensor<4x100xbf16>
  %r = linalg.softmax dimension(1) ins(%a : tensor<4x100xbf16>) outs(%e : tensor<4x100xbf16>) -> tensor<4x100xbf16>
  return %r : tensor<4x100xbf16>
}

func.func @conv(%x: tensor<1x10x10x8xbf16>, %w: tensor<3x3x8x16xbf16>) -> tensor<1x8x8x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x10x10x8xbf16>, tensor<3x3x8x16xbf16>) outs(%f : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  return %r : tensor<1x8x8x16xf32>
}

func.func @scale_dynamic(%a: tensor<?x3xbf16>, %s: f32) -> tensor<?x3xbf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x3xbf16>
  %e = tensor.empty(%n) : tensor<?x3xbf16>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<?x3xbf16>) outs(%e : tensor<?x3xbf16>) {
  ^bb0(%x: bf16, %o: bf16):
    %w = arith.extf %x : bf16 to f32
    %m = arith.mulf %w, %s : f32
    %t = arith.truncf %m : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<?x3xbf16>
  return %r : tensor<?x3xbf16>
}

func.func @tosa_add_relu(%a: tensor<3x5xbf16>, %b: tensor<3x5xbf16>) -> tensor<3x5xbf16> {
  %s = tosa.add %a, %b : (tensor<3x5xbf16>, tensor<3x5xbf16>) -> tensor<3x5xbf16>
  %r = tosa.clamp %s {min_val = 0.0 : bf16, max_val = 3.0e38 : bf16} : (tensor<3x5xbf16>) -> tensor<3x5xbf16>
  return %r : tensor<3x5xbf16>
}
