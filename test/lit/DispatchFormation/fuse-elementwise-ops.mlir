// RUN: halc-opt %s --halc-fuse-elementwise-ops --split-input-file | FileCheck %s

// An elementwise producer of a matmul operand (a GELU) stays an op of its
// own: fused, its body would run once per column of the result.
// CHECK-LABEL: func.func @gelu_into_matmul
// CHECK: %[[GELU:.+]] = linalg.generic
// CHECK: math.erf
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[GELU]], %{{.+}} : tensor<16x32xf32>, tensor<32x8xf32>)
// CHECK-NOT: math.erf
func.func @gelu_into_matmul(%x: tensor<16x32xf32>, %w: tensor<32x8xf32>) -> tensor<16x8xf32> {
  %e = tensor.empty() : tensor<16x32xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.erf %v : f32
    linalg.yield %r : f32
  } -> tensor<16x32xf32>
  %zero = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<16x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x8xf32>) -> tensor<16x8xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%g, %w : tensor<16x32xf32>, tensor<32x8xf32>) outs(%f : tensor<16x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x8xf32>
  return %m : tensor<16x8xf32>
}

// -----

// Into a reduction that reads each element once (a row sum of exp), the
// producer fuses.
// CHECK-LABEL: func.func @exp_into_row_sum
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK: math.exp
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
func.func @exp_into_row_sum(%x: tensor<16x32xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16x32xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x32xf32>) outs(%e : tensor<16x32xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  } -> tensor<16x32xf32>
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16xf32>) -> tensor<16xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%g : tensor<16x32xf32>) outs(%f : tensor<16xf32>) {
  ^bb0(%v: f32, %a: f32):
    %r = arith.addf %v, %a : f32
    linalg.yield %r : f32
  } -> tensor<16xf32>
  return %s : tensor<16xf32>
}

// -----

// A projection split into heads afterwards stays a matmul of width 768,
// and so does its bias add, its epilogue: the expand_shape is moved across
// neither.
// CHECK-LABEL: func.func @heads_after_projection
// CHECK: %[[M:.+]] = linalg.matmul {{.*}} -> tensor<128x768xf32>
// CHECK: %[[B:.+]] = linalg.generic
// CHECK-SAME: ins(%[[M]], %{{.+}} : tensor<128x768xf32>, tensor<768xf32>)
// CHECK: tensor.expand_shape %[[B]] {{\[}}[0], [1, 2]] output_shape [128, 12, 64]
func.func @heads_after_projection(%x: tensor<128x768xf32>, %w: tensor<768x768xf32>, %b: tensor<768xf32>) -> tensor<128x12x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x768xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x768xf32>) -> tensor<128x768xf32>
  %m = linalg.matmul ins(%x, %w : tensor<128x768xf32>, tensor<768x768xf32>) outs(%f : tensor<128x768xf32>) -> tensor<128x768xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%m, %b : tensor<128x768xf32>, tensor<768xf32>) outs(%e : tensor<128x768xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %r = arith.addf %v, %c : f32
    linalg.yield %r : f32
  } -> tensor<128x768xf32>
  %h = tensor.expand_shape %a [[0], [1, 2]] output_shape [128, 12, 64] : tensor<128x768xf32> into tensor<128x12x64xf32>
  return %h : tensor<128x12x64xf32>
}

// -----

// Elementwise into elementwise fuses, as upstream's pass does.
// CHECK-LABEL: func.func @chain
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK: arith.mulf
// CHECK-NOT: linalg.generic
func.func @chain(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %h = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%g : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.mulf %v, %v : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  return %h : tensor<64xf32>
}

// -----

// An epilogue that reads its matmul expanded (1024 rows as 8x128, the
// model's batch and sequence) is collapsed to the matmul's shape, and the
// residual add after it fuses into it: one op on the matmul's result that
// its dispatch can take, the residual read collapsed.
// CHECK-LABEL: func.func @bias_and_residual_after_rows
// CHECK: %[[M:.+]] = linalg.matmul
// CHECK: %[[R:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0, 1], [2]] : tensor<8x16x768xf32> into tensor<128x768xf32>
// CHECK: %[[E:.+]] = linalg.generic
// CHECK-SAME: ins(%[[M]], %{{.+}}, %[[R]] : tensor<128x768xf32>, tensor<768xf32>, tensor<128x768xf32>)
// CHECK-NOT: linalg.generic
// CHECK: tensor.expand_shape %[[E]] {{\[}}[0, 1], [2]] output_shape [8, 16, 768]
func.func @bias_and_residual_after_rows(%x: tensor<128x768xf32>, %w: tensor<768x768xf32>, %b: tensor<768xf32>, %r: tensor<8x16x768xf32>) -> tensor<8x16x768xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x768xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x768xf32>) -> tensor<128x768xf32>
  %m = linalg.matmul ins(%x, %w : tensor<128x768xf32>, tensor<768x768xf32>) outs(%f : tensor<128x768xf32>) -> tensor<128x768xf32>
  %h = tensor.expand_shape %m [[0, 1], [2]] output_shape [8, 16, 768] : tensor<128x768xf32> into tensor<8x16x768xf32>
  %e3 = tensor.empty() : tensor<8x16x768xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (k)>, affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%h, %b : tensor<8x16x768xf32>, tensor<768xf32>) outs(%e3 : tensor<8x16x768xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    linalg.yield %s : f32
  } -> tensor<8x16x768xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%a, %r : tensor<8x16x768xf32>, tensor<8x16x768xf32>) outs(%e3 : tensor<8x16x768xf32>) {
  ^bb0(%v: f32, %q: f32, %o: f32):
    %t = arith.addf %v, %q : f32
    linalg.yield %t : f32
  } -> tensor<8x16x768xf32>
  return %y : tensor<8x16x768xf32>
}
