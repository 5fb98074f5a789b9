// tensor.insert, tensor.from_elements, tensor.generate and tensor.reshape
// with a shape tensor: elementwise generics (upstream's rewrites for
// from_elements and generate) and views; arith and math ops on whole
// tensors (upstream's convert-elementwise-to-linalg); compared with the CPU
// reference.
// REQUIRES: lavapipe
// RUN: %e2e --dynamic-sizes=5,37 %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --dynamic-sizes=5,37 %s | FileCheck %s
// RUN: halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 -o /dev/null
// RUN: halc-compile %s --iree-hal-target-backends=cuda -o /dev/null
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @insert: result[0] vs cpu: matches
// CHECK: @insert_dynamic[?=5]: result[0] vs cpu: matches
// CHECK: @insert_dynamic[?=37]: result[0] vs cpu: matches
// CHECK: @from_elements: result[0] vs cpu: matches
// CHECK: @from_elements_scaled: result[0] vs cpu: matches
// CHECK: @generate: result[0] vs cpu: matches
// CHECK: @generate_dynamic[?=5]: result[0] vs cpu: matches
// CHECK: @generate_dynamic[?=37]: result[0] vs cpu: matches
// CHECK: @reshape_constant_shape: result[0] vs cpu: matches
// CHECK: @reshape_then_add: result[0] vs cpu: matches
// CHECK: @reshape_dynamic[?=5]: result[0] vs cpu: matches
// CHECK: @reshape_dynamic[?=37]: result[0] vs cpu: matches
// CHECK: @arith_on_tensors: result[0] vs cpu: matches

func.func @insert(%a: tensor<3x4xf32>, %s: f32) -> tensor<3x4xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %i = tensor.insert %s into %a[%c1, %c2] : tensor<3x4xf32>
  %r = tensor.insert %zero into %i[%c0, %c0] : tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// The last element replaced, wherever it is.
func.func @insert_dynamic(%a: tensor<?xi32>, %s: i32) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c0 : tensor<?xi32>
  %last = arith.subi %n, %c1 : index
  %r = tensor.insert %s into %a[%last] : tensor<?xi32>
  return %r : tensor<?xi32>
}

func.func @from_elements(%x: f32, %y: f32) -> tensor<2x3xf32> {
  %one = arith.constant 1.0 : f32
  %r = tensor.from_elements %x, %y, %one, %y, %x, %one : tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

func.func @from_elements_scaled(%a: tensor<4xi32>, %s: i32) -> tensor<4xi32> {
  %seven = arith.constant 7 : i32
  %b = tensor.from_elements %s, %seven, %s, %s : tensor<4xi32>
  %e = tensor.empty() : tensor<4xi32>
  %r = linalg.mul ins(%a, %b : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// An iota pattern: i * 10 + j.
func.func @generate() -> tensor<4x6xi32> {
  %r = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ten = arith.constant 10 : index
    %m = arith.muli %i, %ten : index
    %s = arith.addi %m, %j : index
    %v = arith.index_cast %s : index to i32
    tensor.yield %v : i32
  } : tensor<4x6xi32>
  return %r : tensor<4x6xi32>
}

func.func @generate_dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %g = tensor.generate %n {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i32
    %f = arith.sitofp %v : i32 to f32
    tensor.yield %f : f32
  } : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.add ins(%a, %g : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @reshape_constant_shape(%a: tensor<4x6xf32>) -> tensor<3x8xf32> {
  %shape = arith.constant dense<[3, 8]> : tensor<2xi64>
  %r = tensor.reshape %a(%shape) : (tensor<4x6xf32>, tensor<2xi64>) -> tensor<3x8xf32>
  return %r : tensor<3x8xf32>
}

func.func @reshape_then_add(%a: tensor<2x3x4xf32>, %b: tensor<6x4xf32>) -> tensor<6x4xf32> {
  %shape = arith.constant dense<[6, 4]> : tensor<2xindex>
  %r = tensor.reshape %a(%shape) : (tensor<2x3x4xf32>, tensor<2xindex>) -> tensor<6x4xf32>
  %e = tensor.empty() : tensor<6x4xf32>
  %s = linalg.add ins(%r, %b : tensor<6x4xf32>, tensor<6x4xf32>) outs(%e : tensor<6x4xf32>) -> tensor<6x4xf32>
  return %s : tensor<6x4xf32>
}

// The shape from the argument's own size: ? x 2 rows of 3.
func.func @reshape_dynamic(%a: tensor<?x6xf32>) -> tensor<?x2x3xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x6xf32>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %shape = tensor.from_elements %n, %c2, %c3 : tensor<3xindex>
  %r = tensor.reshape %a(%shape) : (tensor<?x6xf32>, tensor<3xindex>) -> tensor<?x2x3xf32>
  %e = tensor.empty(%n) : tensor<?x2x3xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%r : tensor<?x2x3xf32>) outs(%e : tensor<?x2x3xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<?x2x3xf32>
  return %s : tensor<?x2x3xf32>
}

func.func @arith_on_tensors(%a: tensor<5x7xf32>, %b: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %s = arith.addf %a, %b : tensor<5x7xf32>
  %e = math.exp %s : tensor<5x7xf32>
  %c = arith.cmpf ogt, %a, %b : tensor<5x7xf32>
  %r = arith.select %c, %e, %b : tensor<5x7xi1>, tensor<5x7xf32>
  return %r : tensor<5x7xf32>
}
