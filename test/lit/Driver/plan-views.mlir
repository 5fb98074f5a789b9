// Views of arguments and constants need no dispatch: the plan returns the
// buffer they view (an argument's, a constant's with its elements), their
// dynamic sizes traced through the reshapes (a collapse multiplies, an
// expand takes its output shape). A reshaped constant is folded into a
// constant of the new shape, returned from its own buffer.
// RUN: halc-compile %s -o %t.halm
// RUN: halc-dump %t.halm | FileCheck %s
// CHECK: HALM module: 0 executable(s), 2 function(s)
// CHECK: function @views(?x4xf32) -> (?x2x2xf32, ?xf32, ?x4xf32): 1 buffers; sizes, constants and workgroup counts depend on the call
// CHECK-NOT: dispatch
// CHECK: function @constant_view() -> (2x2xi32): 1 buffers (constants: 0)
// CHECK-NOT: dispatch
func.func @views(%a: tensor<?x4xf32>) -> (tensor<?x2x2xf32>, tensor<?xf32>, tensor<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %e = tensor.expand_shape %a [[0], [1, 2]] output_shape [%n, 2, 2] : tensor<?x4xf32> into tensor<?x2x2xf32>
  %f = tensor.collapse_shape %a [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
  return %e, %f, %a : tensor<?x2x2xf32>, tensor<?xf32>, tensor<?x4xf32>
}
func.func @constant_view() -> tensor<2x2xi32> {
  %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %r = tensor.expand_shape %c [[0, 1]] output_shape [2, 2] : tensor<4xi32> into tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}
