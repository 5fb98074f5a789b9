// RUN: halc-compile %s --compile-to=input -o - | FileCheck %s

// TOSA is validated against every profile and the extensions halc
// compiles: DOUBLE_ROUND scaling in 32-bit arithmetic, a table given as an
// argument (EXT-DYNAMIC); arith on whole tensors becomes generics.
// CHECK-LABEL: func.func @scale
// CHECK: linalg.generic
// CHECK: arith.mulsi_extended %{{.+}}, %{{.+}} : i32
// CHECK-NOT: i64
// CHECK-LABEL: func.func @table
// CHECK: linalg.generic
// CHECK: tensor.extract %arg1
// CHECK-LABEL: func.func @arith_on_tensors
// CHECK: linalg.generic {{.+}} ins(%arg0, %arg1 : tensor<4xf32>, tensor<4xf32>)
// CHECK: arith.addf %{{.+}}, %{{.+}} : f32
// CHECK-NOT: tosa.
func.func @scale(%v: tensor<8xi32>, %m: tensor<8xi32>) -> tensor<8xi32> {
  %shift = "tosa.const"() <{values = dense<33> : tensor<8xi8>}> : () -> tensor<8xi8>
  %r = tosa.apply_scale %v, %m, %shift {rounding_mode = DOUBLE_ROUND} : (tensor<8xi32>, tensor<8xi32>, tensor<8xi8>) -> tensor<8xi32>
  return %r : tensor<8xi32>
}
func.func @table(%x: tensor<16xi8>, %t: tensor<256xi8>) -> tensor<16xi8> {
  %r = tosa.table %x, %t : (tensor<16xi8>, tensor<256xi8>) -> tensor<16xi8>
  return %r : tensor<16xi8>
}
func.func @arith_on_tensors(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %s = arith.addf %a, %b : tensor<4xf32>
  return %s : tensor<4xf32>
}
