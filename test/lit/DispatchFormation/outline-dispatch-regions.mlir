// RUN: halc-opt %s -halc-outline-dispatch-regions | FileCheck %s

// Each region becomes an export of one executable named after the module
// and a dispatch in its place; a function of several regions numbers them
// in order.
// CHECK-LABEL: halc.executable @module_linked
// CHECK: halc.export @scale ordinal(0) layout(#halc.layout<bindings = [read_only, read_write], constants = 4>)
// CHECK: halc.export @two_dispatch_0 ordinal(1) layout(#halc.layout<bindings = [read_only, read_write]>)
// CHECK: halc.export @two_dispatch_1 ordinal(2) layout(#halc.layout<bindings = [read_only, read_write]>)

// The tensor the region reads is a read-only binding, its result a written
// one; its constants are the values it reads from above (the size, the
// scalar: the low bits of a 32-bit word), then the dynamic size of each
// binding, which is viewed at it.
// CHECK: func.func @scale(%[[IN:.+]]: memref<?x4xf32>, %[[OUT:.+]]: memref<?x4xf32>)
// CHECK: %[[C0:.+]] = halc.constant.load ordinal(0) : i32
// CHECK: %[[N:.+]] = arith.index_castui %[[C0]] : i32 to index
// CHECK: %[[C1:.+]] = halc.constant.load ordinal(1) : i32
// CHECK: %[[S:.+]] = arith.bitcast %[[C1]] : i32 to f32
// CHECK: %[[C2:.+]] = halc.constant.load ordinal(2) : i32
// CHECK: %[[IN_N:.+]] = arith.index_castui %[[C2]] : i32 to index
// CHECK: %[[IN_VIEW:.+]] = memref.reinterpret_cast %[[IN]] to offset: [0], sizes: [%[[IN_N]], 4], strides: [4, 1]
// CHECK: halc.constant.load ordinal(3) : i32
// CHECK: %[[OUT_VIEW:.+]] = memref.reinterpret_cast %[[OUT]]
// CHECK: bufferization.to_tensor %[[IN_VIEW]] restrict
// CHECK: tensor.empty(%[[N]]) : tensor<?x4xf32>
// CHECK: arith.mulf %{{.+}}, %[[S]] : f32
// CHECK: bufferization.materialize_in_destination %{{.+}} in restrict writable %[[OUT_VIEW]]

// i1 elements are bytes in memory: read as bytes and compared with 0,
// written as 0 or 1.
// CHECK: func.func @two_dispatch_0(%{{.+}}: memref<3x8xi8>, %{{.+}}: memref<3x8xi8>)
// CHECK: arith.cmpi ne
// CHECK: arith.xori
// CHECK: arith.extui {{.+}} : i1 to i8

// A result yielded reshaped is written through a reshaped view of its
// binding.
// CHECK: func.func @two_dispatch_1(%{{.+}}: memref<3x8xi8>, %[[FLAT:.+]]: memref<24xf32>)
// CHECK: arith.uitofp
// CHECK: } -> tensor<3x8xf32>
// CHECK: %[[VIEW:.+]] = memref.expand_shape %[[FLAT]] {{\[\[}}0, 1]] output_shape [3, 8] : memref<24xf32> into memref<3x8xf32>
// CHECK: bufferization.materialize_in_destination %{{.+}} in restrict writable %[[VIEW]] : (tensor<3x8xf32>, memref<3x8xf32>)

// The host passes the sizes of the bindings (a tensor.dim of the input,
// the region's result_dims).
// CHECK: func.func @scale(%[[A:.+]]: tensor<?x4xf32>, %[[SCALAR:.+]]: f32)
// CHECK: %[[D:.+]] = tensor.dim %[[A]]
// CHECK: %[[IN_D:.+]] = tensor.dim %[[A]]
// CHECK: halc.dispatch @module_linked::@scale(%[[A]]) constants(%[[D]], %[[SCALAR]], %[[IN_D]], %[[D]] : index, f32, index, index) result_dims(%[[D]])
// CHECK: func.func @two(%[[B:.+]]: tensor<3x8xi1>)
// CHECK-NEXT: %[[X:.+]] = halc.dispatch @module_linked::@two_dispatch_0(%[[B]])
// CHECK-NEXT: %[[Y:.+]] = halc.dispatch @module_linked::@two_dispatch_1(%[[X]])
// CHECK-NEXT: return %[[X]], %[[Y]]
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @scale(%a: tensor<?x4xf32>, %s: f32) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %r = halc.dispatch.region result_dims(%n) -> (tensor<?x4xf32>) {
    %e = tensor.empty(%n) : tensor<?x4xf32>
    %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.mulf %x, %s : f32
      linalg.yield %m : f32
    } -> tensor<?x4xf32>
    halc.yield %0 : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}
func.func @two(%a: tensor<3x8xi1>) -> (tensor<3x8xi1>, tensor<24xf32>) {
  %r = halc.dispatch.region -> (tensor<3x8xi1>) {
    %e = tensor.empty() : tensor<3x8xi1>
    %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<3x8xi1>) outs(%e : tensor<3x8xi1>) {
    ^bb0(%x: i1, %o: i1):
      %true = arith.constant true
      %n = arith.xori %x, %true : i1
      linalg.yield %n : i1
    } -> tensor<3x8xi1>
    halc.yield %0 : tensor<3x8xi1>
  }
  %f = halc.dispatch.region -> (tensor<24xf32>) {
    %e = tensor.empty() : tensor<3x8xf32>
    %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<3x8xi1>) outs(%e : tensor<3x8xf32>) {
    ^bb0(%x: i1, %o: f32):
      %u = arith.uitofp %x : i1 to f32
      linalg.yield %u : f32
    } -> tensor<3x8xf32>
    %c = tensor.collapse_shape %0 [[0, 1]] : tensor<3x8xf32> into tensor<24xf32>
    halc.yield %c : tensor<24xf32>
  }
  return %r, %f : tensor<3x8xi1>, tensor<24xf32>
}
