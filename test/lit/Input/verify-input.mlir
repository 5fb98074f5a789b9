// RUN: halc-opt %s -split-input-file -halc-verify-input -verify-diagnostics

// expected-error @+1 {{argument #0 of type 'tensor<?x4xf32>' has a dynamic dimension; halc compiles statically shaped tensors only}}
func.func @dynamic(%a: tensor<?x4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

func.func @unsupported(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' is not supported: halc compiles linalg, tensor (empty, extract_slice, insert_slice, collapse_shape, expand_shape, pad, concat), arith and math ops on tensors}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %a) -> tensor<4xf32> {
    scf.yield %t : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// expected-error @+1 {{argument #0 has element type 'bf16'; supported are f16, f32, f64, i8, i16, i32, i64}}
func.func @element_type(%a: tensor<4xbf16>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

// expected-error @+1 {{argument #0 of type 'memref<4xf32>' is not a ranked tensor; halc functions take and return tensors}}
func.func @memref(%a: memref<4xf32>) {
  return
}

// -----

// expected-error @+1 {{function @external has no body; halc needs every function defined}}
func.func private @external(tensor<4xf32>) -> tensor<4xf32>

// -----

// The dynamic size is only inside: still rejected, at the op.
func.func @dynamic_inside(%a: tensor<4xf32>) -> tensor<4xf32> {
  %n = arith.constant 4 : index
  // expected-error @+1 {{'tensor.empty' produces 'tensor<?xf32>' with a dynamic dimension; halc compiles statically shaped tensors only}}
  %e = tensor.empty(%n) : tensor<?xf32>
  return %a : tensor<4xf32>
}
