// RUN: halc-opt %s -halc-dedupe-dispatch-constants | FileCheck %s

// The batch is passed three times (read by the body, the size of the input
// and of the output): once CSE merges the host's two dims, it is passed once,
// and the kernel loads ordinal 0 for each; the scalar moves to ordinal 1.
// CHECK: halc.export @scale ordinal(0) layout(#halc.layout<bindings = [read_only, read_write], constants = 2>)
// CHECK: func.func @scale(
// CHECK: halc.constant.load ordinal(0)
// CHECK: halc.constant.load ordinal(1)
// CHECK: halc.constant.load ordinal(0)
// CHECK: halc.constant.load ordinal(0)
// CHECK-NOT: halc.constant.load
// CHECK: func.func @scale(%[[A:.+]]: tensor<?x4xf32>, %[[S:.+]]: f32)
// CHECK: %[[N:.+]] = tensor.dim %[[A]]
// CHECK-NOT: tensor.dim
// CHECK: halc.dispatch @module_linked::@scale(%[[A]]) constants(%[[N]], %[[S]] : index, f32) result_dims(%[[N]])
halc.executable @module_linked {
  halc.export @scale ordinal(0) layout(#halc.layout<bindings = [read_only, read_write], constants = 4>)
  builtin.module {
    func.func @scale(%in: memref<?x4xf32>, %out: memref<?x4xf32>) {
      %0 = halc.constant.load ordinal(0) : i32
      %1 = halc.constant.load ordinal(1) : i32
      %2 = halc.constant.load ordinal(2) : i32
      %3 = halc.constant.load ordinal(3) : i32
      return
    }
  }
}
func.func @scale(%a: tensor<?x4xf32>, %s: f32) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %c0_0 = arith.constant 0 : index
  %n_1 = tensor.dim %a, %c0_0 : tensor<?x4xf32>
  %r = halc.dispatch @module_linked::@scale(%a) constants(%n, %s, %n_1, %n : index, f32, index, index) result_dims(%n) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
