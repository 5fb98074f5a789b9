// RUN: halc-opt %s -split-input-file -halc-form-dispatch-regions | FileCheck %s

// A matmul and the bias and ReLU that consume it are one region; the empty
// tensor, the fill and the scalar constant are cloned into it; the
// function returns what the region yields.
// CHECK-LABEL: func.func @matmul_bias_relu(
// CHECK-SAME: %[[A:.+]]: tensor<64x32xf32>, %[[B:.+]]: tensor<32x16xf32>, %[[BIAS:.+]]: tensor<16xf32>)
// CHECK-NEXT: %[[R:.+]] = halc.dispatch.region -> (tensor<64x16xf32>) {
// CHECK: arith.constant 0.0
// CHECK: tensor.empty()
// CHECK: linalg.fill
// CHECK: %[[MM:.+]] = linalg.matmul ins(%[[A]], %[[B]] :
// CHECK: %[[OUT:.+]] = linalg.generic {{.+}} ins(%[[MM]], %[[BIAS]] :
// CHECK: halc.yield %[[OUT]] : tensor<64x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @matmul_bias_relu(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>, %bias: tensor<16xf32>) -> tensor<64x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x16xf32>) -> tensor<64x16xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x16xf32>) outs(%f : tensor<64x16xf32>) -> tensor<64x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<64x16xf32>, tensor<16xf32>) outs(%e : tensor<64x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.maximumf %s, %z : f32
    linalg.yield %t : f32
  } -> tensor<64x16xf32>
  return %r : tensor<64x16xf32>
}


// -----

// A reduction whose consumer broadcasts it is no producer to fuse into the
// matmul's region, but it and its consumer are ops on the same rows: the
// matmul is a region, the row sum and the division another that reads the
// first's result from above; regions stand in the order of their roots.
// CHECK-LABEL: func.func @softmax_like(
// CHECK-NEXT: %[[MM:.+]] = halc.dispatch.region -> (tensor<4x16xf32>) {
// CHECK: linalg.matmul
// CHECK-NOT: linalg.generic
// CHECK: halc.yield
// CHECK: %[[R:.+]] = halc.dispatch.region -> (tensor<4x16xf32>) {
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "reduction"]} ins(%[[MM]] :
// CHECK: linalg.generic {{.+}} ins(%[[MM]], %{{.+}} :
// CHECK: return %[[R]]
func.func @softmax_like(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %er = tensor.empty() : tensor<4xf32>
  %si = linalg.fill ins(%zero : f32) outs(%er : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%mm : tensor<4x16xf32>) outs(%si : tensor<4xf32>) {
  ^bb0(%x: f32, %s: f32):
    %0 = arith.addf %x, %s : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm, %sum : tensor<4x16xf32>, tensor<4xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %0 = arith.divf %x, %s : f32
    linalg.yield %0 : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}


// -----

// Dynamic sizes: a size the region reads (a dimension of an argument) is
// computed on the host, in terms of the arguments, before the region, which
// reads it from above, as it reads the scalar; so is the region's dynamic
// result size, from the sizes its ops were given (the transpose's
// destination). A returned argument stays on the host.
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[A:.+]]: tensor<?x4xf32>, %[[S:.+]]: f32)
// CHECK: %[[M:.+]] = tensor.dim %[[A]], %{{.+}} : tensor<?x4xf32>
// CHECK: %[[N:.+]] = tensor.dim %[[A]], %{{.+}} : tensor<?x4xf32>
// CHECK-NEXT: %[[T:.+]] = halc.dispatch.region result_dims(%[[M]]) -> (tensor<4x?xf32>) {
// CHECK: tensor.empty(%[[N]]) : tensor<?x4xf32>
// CHECK: arith.mulf %{{.+}}, %[[S]]
// CHECK: linalg.transpose
// CHECK: halc.yield
// CHECK: return %[[T]], %[[A]]
func.func @dynamic(%a: tensor<?x4xf32>, %s: f32) -> (tensor<4x?xf32>, tensor<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %s : f32
    linalg.yield %m : f32
  } -> tensor<?x4xf32>
  %et = tensor.empty(%n) : tensor<4x?xf32>
  %t = linalg.transpose ins(%r : tensor<?x4xf32>) outs(%et : tensor<4x?xf32>) permutation = [1, 0]
  return %t, %a : tensor<4x?xf32>, tensor<?x4xf32>
}


// -----

// A result returned reshaped is yielded reshaped: the reshape is cloned into
// the region.
// CHECK-LABEL: func.func @reshaped(
// CHECK-NEXT: %[[R:.+]] = halc.dispatch.region -> (tensor<24xf32>) {
// CHECK: %[[NEG:.+]] = linalg.negf
// CHECK: %[[C:.+]] = tensor.collapse_shape %[[NEG]]
// CHECK: halc.yield %[[C]] : tensor<24xf32>
// CHECK: return %[[R]]
func.func @reshaped(%a: tensor<3x8xf32>) -> tensor<24xf32> {
  %e = tensor.empty() : tensor<3x8xf32>
  %r = linalg.negf ins(%a : tensor<3x8xf32>) outs(%e : tensor<3x8xf32>) -> tensor<3x8xf32>
  %c = tensor.collapse_shape %r [[0, 1]] : tensor<3x8xf32> into tensor<24xf32>
  return %c : tensor<24xf32>
}

// -----

// A returned reshape whose size the host computes after the root: the
// region, where the root stood, reads that size computed again before it.
// CHECK-LABEL: func.func @reshaped_dynamic(
// CHECK-SAME: %[[A:.+]]: tensor<?x4xf32>)
// CHECK: %[[N:.+]] = tensor.dim %[[A]]
// CHECK: %[[R:.+]] = halc.dispatch.region result_dims(%{{.+}}) -> (tensor<?x2x2xf32>) {
// CHECK: %[[NEG:.+]] = linalg.negf
// CHECK: tensor.expand_shape %[[NEG]] {{\[\[}}0], [1, 2]] output_shape [%{{.+}}, 2, 2]
// CHECK: halc.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @reshaped_dynamic(%a: tensor<?x4xf32>) -> tensor<?x2x2xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %r = linalg.negf ins(%a : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %c1 = arith.constant 0 : index
  %m = tensor.dim %a, %c1 : tensor<?x4xf32>
  %x = tensor.expand_shape %r [[0], [1, 2]] output_shape [%m, 2, 2] : tensor<?x4xf32> into tensor<?x2x2xf32>
  return %x : tensor<?x2x2xf32>
}

// -----

// An elementwise operand of a matmul (a cast) is its prologue, computed a K
// step at a time in its region; one on another matmul's result (a bias and
// GELU between two matmuls) is that matmul's epilogue instead, computed once
// an element.
// CHECK-LABEL: func.func @prologue_and_epilogue(
// CHECK: %[[FIRST:.+]] = halc.dispatch.region -> (tensor<16x32xf32>) {
// CHECK: arith.extf
// CHECK: linalg.matmul
// CHECK: math.erf
// CHECK: halc.yield
// CHECK: halc.dispatch.region -> (tensor<16x8xf32>) {
// CHECK-NOT: math.erf
// CHECK: linalg.matmul ins(%[[FIRST]],
// CHECK: halc.yield
func.func @prologue_and_epilogue(%x: tensor<16x64xf16>, %w1: tensor<64x32xf32>, %w2: tensor<32x8xf32>) -> tensor<16x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<16x64xf32>
  %x32 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<16x64xf16>) outs(%e0 : tensor<16x64xf32>) {
  ^bb0(%v: f16, %o: f32):
    %r = arith.extf %v : f16 to f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  %e1 = tensor.empty() : tensor<16x32xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x32xf32>) -> tensor<16x32xf32>
  %m1 = linalg.matmul ins(%x32, %w1 : tensor<16x64xf32>, tensor<64x32xf32>) outs(%f1 : tensor<16x32xf32>) -> tensor<16x32xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%m1 : tensor<16x32xf32>) outs(%e1 : tensor<16x32xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.erf %v : f32
    linalg.yield %r : f32
  } -> tensor<16x32xf32>
  %e2 = tensor.empty() : tensor<16x8xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x8xf32>) -> tensor<16x8xf32>
  %m2 = linalg.matmul ins(%g, %w2 : tensor<16x32xf32>, tensor<32x8xf32>) outs(%f2 : tensor<16x8xf32>) -> tensor<16x8xf32>
  return %m2 : tensor<16x8xf32>
}
