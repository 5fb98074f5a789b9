// RUN: halc-opt %s -split-input-file -halc-verify-input -verify-diagnostics

// Scalars travel as 32-bit constants: a 64-bit one cannot.
// expected-error @+1 {{argument #1 is a scalar of type 'f64'; scalars travel as 32-bit constants: f16, f32, i8, i16 or i32}}
func.func @wide_scalar(%a: tensor<4xf32>, %s: f64) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

func.func @unsupported(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' is not supported: halc compiles linalg (pack and unpack too), tensor (empty, extract_slice, insert_slice, collapse_shape, expand_shape, cast, pad, concat, dim, insert, from_elements, generate, reshape), arith and math ops on tensors}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %a) -> tensor<4xf32> {
    scf.yield %t : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// expected-error @+1 {{argument #0 has element type 'ui8'; supported are f16, f32, f64, i8, i16, i32, i64, i1 or bf16}}
func.func @element_type(%a: tensor<4xui8>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

// expected-error @+1 {{argument #0 of type 'memref<4xf32>' is not a ranked tensor; halc functions take tensors and scalars and return tensors}}
func.func @memref(%a: memref<4xf32>) {
  return
}

// -----

// expected-error @+1 {{function @external has no body; halc needs every function defined}}
func.func private @external(tensor<4xf32>) -> tensor<4xf32>
