// RUN: halc-opt %s -split-input-file -halc-form-dispatches | FileCheck %s

// Each public function becomes one export of one linked executable; its
// arguments are read-only bindings, its results written ones, in that order.

// CHECK-LABEL: halc.executable @module_linked
// CHECK: halc.export @add ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
// CHECK: halc.export @negate ordinal(1) layout(#halc.layout<bindings = [read_only, read_write]>)
// CHECK: builtin.module
// CHECK: func.func @add(%[[A:.+]]: memref<4xf32>, %[[B:.+]]: memref<4xf32>, %[[OUT:.+]]: memref<4xf32>)
// CHECK-DAG: %[[TA:.+]] = bufferization.to_tensor %[[A]] restrict : memref<4xf32> to tensor<4xf32>
// CHECK-DAG: %[[TB:.+]] = bufferization.to_tensor %[[B]] restrict : memref<4xf32> to tensor<4xf32>
// CHECK: %[[SUM:.+]] = linalg.add ins(%[[TA]], %[[TB]] : {{.*}})
// CHECK: bufferization.materialize_in_destination %[[SUM]] in restrict writable %[[OUT]]
// CHECK: func.func @negate
// The host functions keep one dispatch each.
// CHECK: func.func @add(%{{.+}}: tensor<4xf32>, %{{.+}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[R:.+]] = halc.dispatch @module_linked::@add(%{{.+}}, %{{.+}}) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %[[R]]
func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @negate(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.negf ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
// Private functions are not entry points.
// CHECK: func.func private @helper
func.func private @helper(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// A returned argument is copied by a linalg.copy into its binding.
// CHECK-LABEL: halc.executable
// CHECK: func.func @identity(%[[A:.+]]: memref<3xi32>, %[[OUT:.+]]: memref<3xi32>)
// CHECK: %[[T:.+]] = bufferization.to_tensor %[[A]]
// CHECK: %[[C:.+]] = linalg.copy ins(%[[T]] : tensor<3xi32>)
// CHECK: bufferization.materialize_in_destination %[[C]] in restrict writable %[[OUT]]
func.func @identity(%a: tensor<3xi32>) -> tensor<3xi32> {
  return %a : tensor<3xi32>
}

// -----

// A reshaped result is written through a reshaped view of its binding.
// CHECK-LABEL: halc.executable
// CHECK: func.func @reshaped(%{{.+}}: memref<3x8xf32>, %[[OUT:.+]]: memref<24xf32>)
// CHECK-DAG: %[[VIEW:.+]] = memref.expand_shape %[[OUT]] {{\[\[}}0, 1]] output_shape [3, 8] : memref<24xf32> into memref<3x8xf32>
// CHECK-DAG: %[[R:.+]] = linalg.negf
// CHECK: bufferization.materialize_in_destination %[[R]] in restrict writable %[[VIEW]]
module @named {
  func.func @reshaped(%a: tensor<3x8xf32>) -> tensor<24xf32> {
    %e = tensor.empty() : tensor<3x8xf32>
    %r = linalg.negf ins(%a : tensor<3x8xf32>) outs(%e : tensor<3x8xf32>) -> tensor<3x8xf32>
    %c = tensor.collapse_shape %r [[0, 1]] : tensor<3x8xf32> into tensor<24xf32>
    return %c : tensor<24xf32>
  }
}
// The executable is named after the module.
// CHECK: halc.dispatch @named_linked::@reshaped
