// Functions that only move data. A reshape or cast of an argument or a
// constant, or the argument itself, is returned from its own buffer (a view
// in the plan: no dispatch, see PLAN); slices, insertions and reversals are
// copies, each one dispatch; all compared with the CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e --dynamic-sizes=6 %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --dynamic-sizes=6 %s | FileCheck %s
// RUN: halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 -o /dev/null
// RUN: halc-compile %s --iree-hal-target-backends=cuda -o /dev/null
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.halm && halc-dump %t.halm | FileCheck %s --check-prefix=PLAN
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @collapse: result[0] vs cpu: matches
// CHECK: @expand: result[0] vs cpu: matches
// CHECK: @expand_dynamic[?=6]: result[0] vs cpu: matches
// CHECK: @constant: result[0] vs cpu: matches
// CHECK: @constant_reshaped: result[0] vs cpu: matches
// CHECK: @identity: result[0] vs cpu: matches
// CHECK: @identity: result[1] vs cpu: matches
// CHECK: @cast: result[0] vs cpu: matches
// CHECK: @strided_slice: result[0] vs cpu: matches
// CHECK: @insert: result[0] vs cpu: matches
// CHECK: @insert_strided: result[0] vs cpu: matches
// CHECK: @insert_dynamic[?=6]: result[0] vs cpu: matches
// CHECK: @reverse: result[0] vs cpu: matches
// CHECK: @slice_and_reshape: result[0] vs cpu: matches
// PLAN-LABEL: function @collapse(
// PLAN-NOT: dispatch
// PLAN-LABEL: function @expand(
// PLAN-NOT: dispatch
// PLAN-LABEL: function @expand_dynamic(
// PLAN-NOT: dispatch
// PLAN-LABEL: function @constant(
// PLAN-NOT: dispatch
// PLAN-LABEL: function @constant_reshaped(
// PLAN-NOT: dispatch
// PLAN-LABEL: function @identity(
// PLAN-NOT: dispatch
// PLAN-LABEL: function @cast(
// PLAN-NOT: dispatch
// PLAN-LABEL: function @strided_slice(
// PLAN: dispatch
func.func @collapse(%a: tensor<3x4xi32>) -> tensor<12xi32> {
  %r = tensor.collapse_shape %a [[0, 1]] : tensor<3x4xi32> into tensor<12xi32>
  return %r : tensor<12xi32>
}
func.func @expand(%a: tensor<12xf32>) -> tensor<2x3x2xf32> {
  %r = tensor.expand_shape %a [[0, 1, 2]] output_shape [2, 3, 2] : tensor<12xf32> into tensor<2x3x2xf32>
  return %r : tensor<2x3x2xf32>
}
func.func @expand_dynamic(%a: tensor<?x4xf32>) -> tensor<?x2x2xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %r = tensor.expand_shape %a [[0], [1, 2]] output_shape [%n, 2, 2] : tensor<?x4xf32> into tensor<?x2x2xf32>
  return %r : tensor<?x2x2xf32>
}
func.func @constant() -> tensor<4xi32> {
  %r = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  return %r : tensor<4xi32>
}
func.func @constant_reshaped() -> tensor<2x2xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = tensor.expand_shape %c [[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
func.func @identity(%a: tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>) {
  return %a, %a : tensor<5xf32>, tensor<5xf32>
}
func.func @cast(%a: tensor<4xi32>) -> tensor<?xi32> {
  %r = tensor.cast %a : tensor<4xi32> to tensor<?xi32>
  return %r : tensor<?xi32>
}
func.func @strided_slice(%a: tensor<9x8xf32>) -> tensor<4x3xf32> {
  %r = tensor.extract_slice %a[1, 2] [4, 3] [2, 2] : tensor<9x8xf32> to tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}
func.func @insert(%a: tensor<8x8xf32>, %b: tensor<2x3xf32>) -> tensor<8x8xf32> {
  %r = tensor.insert_slice %b into %a[3, 4] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
func.func @insert_strided(%a: tensor<9xi32>, %b: tensor<3xi32>) -> tensor<9xi32> {
  %r = tensor.insert_slice %b into %a[1] [3] [3] : tensor<3xi32> into tensor<9xi32>
  return %r : tensor<9xi32>
}
func.func @insert_dynamic(%a: tensor<?x5xf32>, %b: tensor<5xf32>) -> tensor<?x5xf32> {
  %r = tensor.insert_slice %b into %a[2, 0] [1, 5] [1, 1] : tensor<5xf32> into tensor<?x5xf32>
  return %r : tensor<?x5xf32>
}
func.func @reverse(%a: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %r = tosa.reverse %a {axis = 1 : i32} : (tensor<3x7xf32>) -> tensor<3x7xf32>
  return %r : tensor<3x7xf32>
}
func.func @slice_and_reshape(%a: tensor<4x6xf32>) -> tensor<12xf32> {
  %s = tensor.extract_slice %a[1, 0] [2, 6] [1, 1] : tensor<4x6xf32> to tensor<2x6xf32>
  %r = tensor.collapse_shape %s [[0, 1]] : tensor<2x6xf32> into tensor<12xf32>
  return %r : tensor<12xf32>
}
