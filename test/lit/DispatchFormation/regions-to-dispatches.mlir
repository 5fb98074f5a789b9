// RUN: halc-opt %s -split-input-file -halc-lower-to-fusable-linalg -halc-form-dispatch-regions -halc-outline-dispatch-regions -halc-dedupe-dispatch-constants | FileCheck %s

// The three passes that make a function's ops dispatches of one executable,
// in the order the dispatch-creation stage runs them: the regions
// (halc-form-dispatch-regions), outlined (halc-outline-dispatch-regions),
// each distinct host value passed once (halc-dedupe-dispatch-constants).

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

// A returned argument is returned from its own buffer: no dispatch.
// CHECK-LABEL: func.func @identity(%{{.+}}: tensor<3xi32>) -> tensor<3xi32>
// CHECK-NEXT: return %arg0
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

// -----

// Several kernels, and a row chain: the max and the sum over each row, the
// exp that both the sum and the division read and the division, all ops on
// the same rows, are one dispatch (each workgroup computes a row's max and
// sum once and every element after them). The matmul that feeds the max and
// the exp is a dispatch of its own, which the host runs first.
// CHECK-LABEL: halc.executable @module_linked
// CHECK: halc.export @softmax_dispatch_0 ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
// CHECK: halc.export @softmax_dispatch_1 ordinal(1) layout(#halc.layout<bindings = [read_only, read_write]>)
// CHECK-NOT: halc.export
// CHECK: func.func @softmax_dispatch_0(%{{.+}}: memref<4x8xf32>, %{{.+}}: memref<8x16xf32>, %{{.+}}: memref<4x16xf32>)
// CHECK: linalg.matmul
// CHECK-NOT: linalg.generic
// CHECK: func.func @softmax_dispatch_1(%{{.+}}: memref<4x16xf32>, %{{.+}}: memref<4x16xf32>)
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: arith.maximumf
// CHECK: math.exp
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK: func.func @softmax(%[[A:.+]]: tensor<4x8xf32>, %[[B:.+]]: tensor<8x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %[[MM:.+]] = halc.dispatch @module_linked::@softmax_dispatch_0(%[[A]], %[[B]])
// CHECK-NEXT: %[[R:.+]] = halc.dispatch @module_linked::@softmax_dispatch_1(%[[MM]])
// CHECK-NEXT: return %[[R]]
func.func @softmax(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.0e+38 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  %er = tensor.empty() : tensor<4xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<4xf32>) -> tensor<4xf32>
  %max = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%mm : tensor<4x16xf32>) outs(%mi : tensor<4xf32>) {
  ^bb0(%x: f32, %m: f32):
    %0 = arith.maximumf %x, %m : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %ex = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm, %max : tensor<4x16xf32>, tensor<4xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%x: f32, %m: f32, %o: f32):
    %0 = arith.subf %x, %m : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<4x16xf32>
  %si = linalg.fill ins(%zero : f32) outs(%er : tensor<4xf32>) -> tensor<4xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<4x16xf32>) outs(%si : tensor<4xf32>) {
  ^bb0(%x: f32, %s: f32):
    %0 = arith.addf %x, %s : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ex, %sum : tensor<4x16xf32>, tensor<4xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %0 = arith.divf %x, %s : f32
    linalg.yield %0 : f32
  } -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// -----

// Results from different ops: one dispatch each, each writing its result.
// CHECK-LABEL: halc.executable @module_linked
// CHECK: halc.export @two_results_dispatch_0 {{.*}}bindings = [read_only, read_write]
// CHECK: halc.export @two_results_dispatch_1 {{.*}}bindings = [read_only, read_write]
// CHECK: func.func @two_results(%[[A:.+]]: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK-DAG: %[[N:.+]] = halc.dispatch @module_linked::@two_results_dispatch_{{[01]}}(%[[A]])
// CHECK-DAG: %[[X:.+]] = halc.dispatch @module_linked::@two_results_dispatch_{{[01]}}(%[[A]])
// CHECK: return
func.func @two_results(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.negf ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %1 = linalg.exp ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// A pad (a generic that reads its source by index) fuses into the
// convolution that reads it; an elementwise producer of a convolution (the
// ReLU) is a dispatch of its own, since a reduction takes no producers
// computed per tile of its loops.
// CHECK-LABEL: halc.executable @module_linked
// CHECK: func.func @relu_pad_conv_dispatch_0(%{{.+}}: memref<1x4x4x2xf32>, %{{.+}}: memref<1x4x4x2xf32>)
// CHECK: arith.maximumf
// CHECK: func.func @relu_pad_conv_dispatch_1(%{{.+}}: memref<1x4x4x2xf32>, %{{.+}}: memref<3x3x2x3xf32>, %{{.+}}: memref<1x4x4x3xf32>)
// CHECK: linalg.generic
// CHECK: tensor.extract
// CHECK: linalg.conv_2d_nhwc_hwcf
// CHECK: func.func @relu_pad_conv(
// CHECK-NEXT: halc.dispatch @module_linked::@relu_pad_conv_dispatch_0
// CHECK-NEXT: halc.dispatch @module_linked::@relu_pad_conv_dispatch_1
func.func @relu_pad_conv(%x: tensor<1x4x4x2xf32>, %f: tensor<3x3x2x3xf32>) -> tensor<1x4x4x3xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x2xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x4x4x2xf32>) outs(%e : tensor<1x4x4x2xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %z : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x2xf32>
  %p = tensor.pad %relu low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %z : f32
  } : tensor<1x4x4x2xf32> to tensor<1x6x6x2xf32>
  %oe = tensor.empty() : tensor<1x4x4x3xf32>
  %of = linalg.fill ins(%z : f32) outs(%oe : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %f : tensor<1x6x6x2xf32>, tensor<3x3x2x3xf32>) outs(%of : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %r : tensor<1x4x4x3xf32>
}

// -----

// A constant tensor stays on the host, a read-only binding of the dispatch
// that reads it (a buffer with contents in the plan). A result that is both
// returned and read by another dispatch is written once, to its returned
// binding, which the other dispatch reads.
// CHECK-LABEL: halc.executable @module_linked
// CHECK: halc.export @bias_twice_dispatch_0 {{.*}}bindings = [read_only, read_only, read_write]
// CHECK: halc.export @bias_twice_dispatch_1 {{.*}}bindings = [read_only, read_only, read_write]
// CHECK: func.func @bias_twice(%[[X:.+]]: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK-NEXT: %[[B:.+]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %[[Y:.+]] = halc.dispatch @module_linked::@bias_twice_dispatch_0(%[[X]], %[[B]])
// CHECK-NEXT: %[[Z:.+]] = halc.dispatch @module_linked::@bias_twice_dispatch_1(%[[Y]], %[[B]])
// CHECK-NEXT: return %[[Y]], %[[Z]]
func.func @bias_twice(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %b = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %y = linalg.add ins(%x, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %z = linalg.add ins(%y, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %y, %z : tensor<4xf32>, tensor<4xf32>
}

// -----

// Scalars and dynamic sizes are the dispatch's constants: the scalars and
// sizes its body reads, then each binding's dynamic size, each distinct host
// value once (the batch is read by the body and is both bindings' size). A
// binding is viewed at its size; the host passes the sizes (tensor.dim) and
// the result's dynamic dimension.
// CHECK-LABEL: halc.executable @module_linked
// CHECK: halc.export @scale ordinal(0) layout(#halc.layout<bindings = [read_only, read_write], constants = 2>)
// CHECK: func.func @scale(%[[IN:.+]]: memref<?x4xf32>, %[[OUT:.+]]: memref<?x4xf32>)
// CHECK: %[[C0:.+]] = halc.constant.load ordinal(0) : i32
// CHECK: %[[N:.+]] = arith.index_castui %[[C0]] : i32 to index
// CHECK: %[[C1:.+]] = halc.constant.load ordinal(1) : i32
// CHECK: %[[S:.+]] = arith.bitcast %[[C1]] : i32 to f32
// CHECK: %[[C2:.+]] = halc.constant.load ordinal(0) : i32
// CHECK: %[[IN_N:.+]] = arith.index_castui %[[C2]] : i32 to index
// CHECK: %[[IN_VIEW:.+]] = memref.reinterpret_cast %[[IN]] to offset: [0], sizes: [%[[IN_N]], 4], strides: [4, 1]
// CHECK: halc.constant.load ordinal(0) : i32
// CHECK: %[[OUT_VIEW:.+]] = memref.reinterpret_cast %[[OUT]]
// CHECK: bufferization.to_tensor %[[IN_VIEW]]
// CHECK: tensor.empty(%[[N]]) : tensor<?x4xf32>
// CHECK: arith.mulf %{{.+}}, %[[S]] : f32
// CHECK: bufferization.materialize_in_destination %{{.+}} in restrict writable %[[OUT_VIEW]]
// CHECK: func.func @scale(%[[A:.+]]: tensor<?x4xf32>, %[[SCALAR:.+]]: f32) -> tensor<?x4xf32>
// CHECK: %[[D0:.+]] = tensor.dim %[[A]], %{{.+}}
// CHECK-NOT: tensor.dim
// CHECK: halc.dispatch @module_linked::@scale(%[[A]]) constants(%[[D0]], %[[SCALAR]] : index, f32) result_dims(%[[D0]]) : (tensor<?x4xf32>) -> tensor<?x4xf32>
func.func @scale(%a: tensor<?x4xf32>, %s: f32) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %s : f32
    linalg.yield %m : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

// A dynamic size in an inner dimension: the binding is a flat buffer viewed
// row-major (identity layout) with strides from the sizes. A size the host computes from sizes (the
// convolution's output height) is one constant: the dispatch does not redo
// the arithmetic, and its loop extent is a constant the plan counts over.
// CHECK-LABEL: halc.executable @module_linked
// CHECK: halc.export @valid ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write], constants = 4>)
// CHECK: func.func @valid(%[[IN:.+]]: memref<?xf32>, %[[F:.+]]: memref<3x3xf32>, %[[OUT:.+]]: memref<?xf32>)
// CHECK: %[[OH:.+]] = arith.index_castui %{{.+}} : i32 to index
// CHECK: %[[OW:.+]] = arith.index_castui %{{.+}} : i32 to index
// CHECK: %[[H:.+]] = arith.index_castui %{{.+}} : i32 to index
// CHECK: %[[W:.+]] = arith.index_castui %{{.+}} : i32 to index
// CHECK: memref.reinterpret_cast %[[IN]] to offset: [0], sizes: [%[[H]], %[[W]]], strides: [%[[W]], 1] : memref<?xf32> to memref<?x?xf32>{{$}}
// CHECK-NOT: arith.subi
// CHECK: tensor.empty(%[[OH]], %[[OW]]) : tensor<?x?xf32>
// CHECK: func.func @valid(%[[A:.+]]: tensor<?x?xf32>, %{{.+}}: tensor<3x3xf32>) -> tensor<?x?xf32>
// CHECK: %[[HOST_H:.+]] = tensor.dim %[[A]], %{{.+}}
// CHECK: %[[HOST_OH:.+]] = arith.subi %[[HOST_H]], %{{.+}} : index
// CHECK: halc.dispatch @module_linked::@valid({{.+}}) constants(%[[HOST_OH]], %{{.+}}, %[[HOST_H]], %{{.+}} : index, index, index, index) result_dims(%[[HOST_OH]], %{{.+}})
func.func @valid(%a: tensor<?x?xf32>, %f: tensor<3x3xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f32
  %h = tensor.dim %a, %c0 : tensor<?x?xf32>
  %w = tensor.dim %a, %c1 : tensor<?x?xf32>
  %oh = arith.subi %h, %c2 : index
  %ow = arith.subi %w, %c2 : index
  %e = tensor.empty(%oh, %ow) : tensor<?x?xf32>
  %fill = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.conv_2d ins(%a, %f : tensor<?x?xf32>, tensor<3x3xf32>) outs(%fill : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A layer norm with a scale read along each row: the mean's sum, the
// variance's sum (which reads the mean per row) and the normalization are a
// row chain, one dispatch.
// CHECK-LABEL: halc.executable @module_linked
// CHECK: halc.export @layernorm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
// CHECK-NOT: halc.export
// CHECK: func.func @layernorm(%[[A:.+]]: tensor<8x64xf32>, %[[G:.+]]: tensor<64xf32>) -> tensor<8x64xf32>
// CHECK-NEXT: halc.dispatch @module_linked::@layernorm(%[[A]], %[[G]])
#all = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @layernorm(%a: tensor<8x64xf32>, %g: tensor<64xf32>) -> tensor<8x64xf32> {
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<8xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#all, #row], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<8x64xf32>) outs(%f1 : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %sq = linalg.generic {indexing_maps = [#all, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%a, %sum : tensor<8x64xf32>, tensor<8xf32>) outs(%f1 : tensor<8xf32>) {
  ^bb0(%x: f32, %s: f32, %acc: f32):
    %d = arith.subf %x, %s : f32
    %d2 = arith.mulf %d, %d : f32
    %r = arith.addf %d2, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e2 = tensor.empty() : tensor<8x64xf32>
  %out = linalg.generic {indexing_maps = [#all, #row, #row, #col, #all], iterator_types = ["parallel", "parallel"]} ins(%a, %sum, %sq, %g : tensor<8x64xf32>, tensor<8xf32>, tensor<8xf32>, tensor<64xf32>) outs(%e2 : tensor<8x64xf32>) {
  ^bb0(%x: f32, %s: f32, %v: f32, %w: f32, %o: f32):
    %d = arith.subf %x, %s : f32
    %y = arith.divf %d, %v : f32
    %yw = arith.mulf %y, %w : f32
    linalg.yield %yw : f32
  } -> tensor<8x64xf32>
  return %out : tensor<8x64xf32>
}

// -----

// A sum over each column, read by a division along the columns: the
// reduction is not along the rows the division's tiles hold, so it stays a
// dispatch of its own (fusing it would redo it for every element).
// CHECK-LABEL: halc.executable @module_linked
// CHECK: halc.export @column_normalize_dispatch_0 {{.*}}bindings = [read_only, read_write]
// CHECK: halc.export @column_normalize_dispatch_1 {{.*}}bindings = [read_only, read_only, read_write]
// CHECK: func.func @column_normalize(%[[A:.+]]: tensor<8x64xf32>) -> tensor<8x64xf32>
// CHECK-NEXT: %[[SUM:.+]] = halc.dispatch @module_linked::@column_normalize_dispatch_0(%[[A]])
// CHECK-NEXT: halc.dispatch @module_linked::@column_normalize_dispatch_1(%[[A]], %[[SUM]])
func.func @column_normalize(%a: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<64xf32>
  %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<8x64xf32>) outs(%f1 : tensor<64xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  %e2 = tensor.empty() : tensor<8x64xf32>
  %out = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %sum : tensor<8x64xf32>, tensor<64xf32>) outs(%e2 : tensor<8x64xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %y = arith.divf %x, %s : f32
    linalg.yield %y : f32
  } -> tensor<8x64xf32>
  return %out : tensor<8x64xf32>
}

// -----

// Views of arguments and constants (reshapes, casts, the argument itself)
// are returned from their own buffers: no dispatch, no executable; the
// host rebuilds the view, a dynamic size from the argument's.
// CHECK-NOT: halc.executable
// CHECK-LABEL: func.func @views
// CHECK-SAME: (%[[A:.+]]: tensor<?x4xf32>)
// CHECK-DAG: %[[C:.+]] = arith.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-DAG: %[[N:.+]] = tensor.dim %[[A]], %c0
// CHECK-DAG: %[[EXPANDED:.+]] = tensor.expand_shape %[[A]] {{\[}}[0], [1, 2]] output_shape [%[[N]], 2, 2]
// CHECK-NOT: halc.dispatch
// CHECK: return %[[EXPANDED]], %[[A]], %[[C]]
func.func @views(%a: tensor<?x4xf32>) -> (tensor<?x2x2xf32>, tensor<?x4xf32>, tensor<2x2xi32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %e = tensor.expand_shape %a [[0], [1, 2]] output_shape [%n, 2, 2] : tensor<?x4xf32> into tensor<?x2x2xf32>
  %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %r = tensor.expand_shape %c [[0, 1]] output_shape [2, 2] : tensor<4xi32> into tensor<2x2xi32>
  return %e, %a, %r : tensor<?x2x2xf32>, tensor<?x4xf32>, tensor<2x2xi32>
}

// -----

// i1 tensors are bound as bytes: a read binding is converted to i1
// (non-zero is true) before the body, a written one back to 0 or 1 after.
// CHECK-LABEL: halc.export @booleans
// CHECK: func.func @booleans(%{{.+}}: memref<?xi8>, %{{.+}}: memref<?xf32>, %{{.+}}: memref<?xi8>)
// CHECK: %[[BYTES:.+]] = bufferization.to_tensor %{{.+}} : memref<?xi8> to tensor<?xi8>
// CHECK: %[[MASK:.+]] = linalg.generic {{.+}} ins(%[[BYTES]] : tensor<?xi8>) outs(%{{.+}} : tensor<?xi1>)
// CHECK: arith.cmpi ne, %{{.+}}, %{{.+}} : i8
// CHECK: %[[NEXT:.+]] = linalg.generic {{.+}} ins(%[[MASK]], %{{.+}} : tensor<?xi1>, tensor<?xf32>) outs(%{{.+}} : tensor<?xi1>)
// CHECK: %[[STORED:.+]] = linalg.generic {{.+}} ins(%[[NEXT]] : tensor<?xi1>) outs(%{{.+}} : tensor<?xi8>)
// CHECK: arith.extui %{{.+}} : i1 to i8
// CHECK: bufferization.materialize_in_destination %[[STORED]] in restrict writable %{{.+}} : (tensor<?xi8>, memref<?xi8>)
// CHECK: func.func @booleans(%{{.+}}: tensor<?xi1>, %{{.+}}: tensor<?xf32>) -> tensor<?xi1>
// CHECK: halc.dispatch {{.+}} -> tensor<?xi1>
func.func @booleans(%m: tensor<?xi1>, %a: tensor<?xf32>) -> tensor<?xi1> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xi1>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m, %a : tensor<?xi1>, tensor<?xf32>) outs(%e : tensor<?xi1>) {
  ^bb0(%c: i1, %x: f32, %o: i1):
    %p = arith.cmpf ogt, %x, %zero : f32
    %y = arith.andi %c, %p : i1
    linalg.yield %y : i1
  } -> tensor<?xi1>
  return %r : tensor<?xi1>
}

// -----

// A producer read through a reshape is a dispatch of its own: a tile of the
// collapsed value is no tile of the transpose's result (an unpack that
// drops its padding).
// CHECK-LABEL: halc.export @through_reshape_dispatch_0
// CHECK: halc.export @through_reshape_dispatch_1
// CHECK: func.func @through_reshape_dispatch_0(
// CHECK: linalg.transpose
// CHECK-NOT: linalg.copy
// CHECK: func.func @through_reshape_dispatch_1(
// CHECK-NOT: linalg.transpose
// CHECK: tensor.collapse_shape
// CHECK: tensor.extract_slice
// CHECK: linalg.copy
// CHECK: func.func @through_reshape(
// CHECK: %[[T:.+]] = halc.dispatch @{{.+}}::@through_reshape_dispatch_0
// CHECK: halc.dispatch @{{.+}}::@through_reshape_dispatch_1(%[[T]])
func.func @through_reshape(%a: tensor<4x2x4x8xf32>) -> tensor<13x15xf32> {
  %e = tensor.empty() : tensor<4x4x2x8xf32>
  %t = linalg.transpose ins(%a : tensor<4x2x4x8xf32>) outs(%e : tensor<4x4x2x8xf32>) permutation = [0, 2, 1, 3]
  %c = tensor.collapse_shape %t [[0, 1], [2, 3]] : tensor<4x4x2x8xf32> into tensor<16x16xf32>
  %s = tensor.extract_slice %c[0, 0] [13, 15] [1, 1] : tensor<16x16xf32> to tensor<13x15xf32>
  return %s : tensor<13x15xf32>
}
