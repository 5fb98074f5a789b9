// RUN: halc-opt %s --halc-fold-empty-loops --split-input-file | FileCheck %s

// A matmul over K = 0 is its accumulator.
// CHECK-LABEL: func.func @matmul_k0
// CHECK: %[[FILL:.+]] = linalg.fill
// CHECK-NOT: linalg.matmul
// CHECK: return %[[FILL]]
func.func @matmul_k0(%a: tensor<4x0xf32>, %b: tensor<0x8xf32>) -> tensor<4x8xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x0xf32>, tensor<0x8xf32>) outs(%f : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// An elementwise op on an empty tensor is that tensor; one with every loop
// non-empty (or dynamic) stays.
// CHECK-LABEL: func.func @empty_and_dynamic
// CHECK: %[[EMPTY:.+]] = tensor.empty() : tensor<0x4xf32>
// CHECK: %[[DYNAMIC:.+]] = linalg.negf ins(%{{.+}} : tensor<?x4xf32>)
// CHECK: return %[[EMPTY]], %[[DYNAMIC]]
func.func @empty_and_dynamic(%a: tensor<0x4xf32>, %b: tensor<?x4xf32>) -> (tensor<0x4xf32>, tensor<?x4xf32>) {
  %e = tensor.empty() : tensor<0x4xf32>
  %r = linalg.negf ins(%a : tensor<0x4xf32>) outs(%e : tensor<0x4xf32>) -> tensor<0x4xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %b, %c0 : tensor<?x4xf32>
  %e2 = tensor.empty(%n) : tensor<?x4xf32>
  %r2 = linalg.negf ins(%b : tensor<?x4xf32>) outs(%e2 : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %r, %r2 : tensor<0x4xf32>, tensor<?x4xf32>
}
