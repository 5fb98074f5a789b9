// RUN: halc-opt %s -split-input-file -halc-form-dispatches -verify-diagnostics

func.func @two_reductions(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x4xf32>
  // expected-note @+1 {{the first reduction is here}}
  %0 = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  // expected-error @+1 {{'linalg.matmul' is a second reduction in @two_reductions; each reduction needs a dispatch of its own, which halc cannot form yet}}
  %1 = linalg.matmul ins(%0, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}

// -----

func.func @two_roots(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  // expected-note @+1 {{the first result comes from here}}
  %0 = linalg.negf ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{'linalg.exp' produces a result of @two_roots but another op produces its first result; a function whose results come from different ops needs several dispatches, which halc cannot form yet}}
  %1 = linalg.exp ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
