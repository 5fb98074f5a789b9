// RUN: halc-opt %s --halc-record-equal-sizes --split-input-file | FileCheck %s

// A matmul's K is a dimension of both operands.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: halc.equal_sizes = [array<i64: 0, 1, 1, 0>]
func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// Elementwise operands share every dimension; through a cast to a static
// shape (what the canonicalizer infers), a dynamic one must equal it.
// CHECK-LABEL: func.func @add_then_bias
// CHECK-SAME: halc.equal_sizes = [array<i64: 0, 0, 1, 0>, array<i64: 0, 0, -1, 8>]
func.func @add_then_bias(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>, %bias: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %ca = tensor.cast %a : tensor<?x4xf32> to tensor<8x4xf32>
  %r = linalg.add ins(%ca, %b : tensor<8x4xf32>, tensor<?x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

// Static shapes alone need nothing.
// CHECK-LABEL: func.func @static
// CHECK-NOT: halc.equal_sizes
func.func @static(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.negf ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
