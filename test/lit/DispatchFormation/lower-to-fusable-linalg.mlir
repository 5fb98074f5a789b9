// RUN: halc-opt %s -split-input-file -verify-diagnostics -halc-lower-to-fusable-linalg | FileCheck %s

// A pad reads its source at the clamped index and selects the padding value
// outside it: a parallel generic without inputs.
// CHECK-LABEL: func.func @pad
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-DAG: %[[SEVEN:.+]] = arith.constant 7.000000e+00 : f32
// CHECK: linalg.generic {indexing_maps = [#{{.+}}], iterator_types = ["parallel"]} outs(%{{.+}} : tensor<7xf32>)
// CHECK: %[[I:.+]] = linalg.index 0 : index
// CHECK: %[[SHIFTED:.+]] = arith.subi %[[I]], %c2 : index
// CHECK: %[[CLAMPED:.+]] = arith.minsi
// CHECK: %[[V:.+]] = tensor.extract %[[X]][%[[CLAMPED]]] : tensor<4xf32>
// CHECK: %[[R:.+]] = arith.select %{{.+}}, %[[V]], %[[SEVEN]] : f32
// CHECK: linalg.yield %[[R]] : f32
// CHECK-NOT: tensor.pad
func.func @pad(%x: tensor<4xf32>) -> tensor<7xf32> {
  %v = arith.constant 7.0 : f32
  %r = tensor.pad %x low[2] high[1] {
  ^bb0(%i: index):
    tensor.yield %v : f32
  } : tensor<4xf32> to tensor<7xf32>
  return %r : tensor<7xf32>
}

// -----

// A concatenation reads every input at its clamped index along the axis and
// selects the one whose offset the index has passed, from the first on.
// CHECK-LABEL: func.func @concat
// CHECK-SAME: (%[[A:.+]]: tensor<2x3xf32>, %[[B:.+]]: tensor<2x5xf32>)
// CHECK: linalg.generic {{.+}} outs(%{{.+}} : tensor<2x8xf32>)
// CHECK-DAG: %[[I:.+]] = linalg.index 0 : index
// CHECK-DAG: %[[J:.+]] = linalg.index 1 : index
// CHECK: %[[FROM_A:.+]] = tensor.extract %[[A]][%[[I]], %{{.+}}] : tensor<2x3xf32>
// CHECK: %[[FROM_B:.+]] = tensor.extract %[[B]][%[[I]], %{{.+}}] : tensor<2x5xf32>
// CHECK: %[[PAST:.+]] = arith.cmpi sge, %[[J]], %c3 : index
// CHECK: %[[R:.+]] = arith.select %[[PAST]], %[[FROM_B]], %[[FROM_A]] : f32
// CHECK: linalg.yield %[[R]] : f32
// CHECK-NOT: tensor.concat
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %r = tensor.concat dim(1) %a, %b : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----

// Softmax: upstream's decomposition into max, exp of the difference, sum and
// division.
// CHECK-LABEL: func.func @softmax
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "reduction"]
// CHECK: arith.maxnumf
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "parallel"]
// CHECK: math.exp
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "reduction"]
// CHECK: arith.addf
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "parallel"]
// CHECK: arith.divf
// CHECK-NOT: linalg.softmax
func.func @softmax(%x: tensor<3x9xf32>) -> tensor<3x9xf32> {
  %e = tensor.empty() : tensor<3x9xf32>
  %r = linalg.softmax dimension(1) ins(%x : tensor<3x9xf32>) outs(%e : tensor<3x9xf32>) -> tensor<3x9xf32>
  return %r : tensor<3x9xf32>
}

// -----

// A dynamic padded size is the source's plus the padding.
// CHECK-LABEL: func.func @dynamic_pad
// CHECK-SAME: (%[[X:.+]]: tensor<?xf32>)
// CHECK: %[[N:.+]] = tensor.dim %[[X]], %c0
// CHECK: %[[PLUS_LOW:.+]] = arith.addi %[[N]], %c2
// CHECK: %[[SIZE:.+]] = arith.addi %[[PLUS_LOW]], %c1
// CHECK: tensor.empty(%[[SIZE]]) : tensor<?xf32>
func.func @dynamic_pad(%x: tensor<?xf32>) -> tensor<?xf32> {
  %v = arith.constant 0.0 : f32
  %r = tensor.pad %x low[2] high[1] {
  ^bb0(%i: index):
    tensor.yield %v : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A concatenation of dynamic size: its size is the sum of the inputs' (a
// size the host computes), the offset of the second input the first's size.
// CHECK-LABEL: func.func @dynamic_concat
// CHECK-SAME: (%[[A:.+]]: tensor<?xf32>, %[[B:.+]]: tensor<?xf32>)
// CHECK: %[[NA:.+]] = tensor.dim %[[A]]
// CHECK: %[[NB:.+]] = tensor.dim %[[B]]
// CHECK: %[[SIZE:.+]] = affine.apply #{{.+}}()[%[[NA]], %[[NB]]]
// CHECK: tensor.empty(%[[SIZE]]) : tensor<?xf32>
// CHECK: linalg.generic
// CHECK: %[[I:.+]] = linalg.index 0
// CHECK: %[[OFFSET:.+]] = tensor.dim %[[A]]
// CHECK: tensor.extract %[[A]]
// CHECK: %[[FROM_B:.+]] = arith.subi %[[I]], %[[OFFSET]]
// CHECK: tensor.extract %[[B]]
// CHECK: arith.cmpi sge, %[[I]], %[[OFFSET]]
func.func @dynamic_concat(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = tensor.concat dim(0) %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// An insertion: each element is the source's where its index falls on the
// slice (offset 1, stride 3, 3 elements), else the destination's.
// CHECK-LABEL: func.func @insert_strided
// CHECK-SAME: (%[[DEST:.+]]: tensor<9xi32>, %[[SRC:.+]]: tensor<3xi32>)
// CHECK: linalg.generic
// CHECK-NOT: ins(
// CHECK: %[[I:.+]] = linalg.index 0
// CHECK: %[[SHIFTED:.+]] = arith.subi %[[I]], %c1
// CHECK: %[[POS:.+]] = arith.divsi %[[SHIFTED]], %c3
// CHECK: arith.remsi %[[SHIFTED]], %c3
// CHECK: %[[FROM_SRC:.+]] = tensor.extract %[[SRC]]
// CHECK: %[[KEPT:.+]] = tensor.extract %[[DEST]][%[[I]]]
// CHECK: arith.select %{{.+}}, %[[FROM_SRC]], %[[KEPT]]
// CHECK-NOT: tensor.insert_slice
func.func @insert_strided(%a: tensor<9xi32>, %b: tensor<3xi32>) -> tensor<9xi32> {
  %r = tensor.insert_slice %b into %a[1] [3] [3] : tensor<3xi32> into tensor<9xi32>
  return %r : tensor<9xi32>
}

// -----

// A strided slice (rank-reducing here) reads its source by index at offset
// + index * stride; a dropped dimension at its offset.
// CHECK-LABEL: func.func @strided_slice
// CHECK-SAME: (%[[SRC:.+]]: tensor<4x9xf32>)
// CHECK: linalg.generic
// CHECK: %[[I:.+]] = linalg.index 0
// CHECK: %[[STEP:.+]] = arith.muli %[[I]], %c2
// CHECK: %[[COL:.+]] = arith.addi %[[STEP]], %c1
// CHECK: tensor.extract %[[SRC]][%c2, %[[COL]]]
// CHECK-NOT: tensor.extract_slice
func.func @strided_slice(%a: tensor<4x9xf32>) -> tensor<4xf32> {
  %r = tensor.extract_slice %a[2, 1] [1, 4] [1, 2] : tensor<4x9xf32> to tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A slice with unit strides stays: memory views it as it is.
// CHECK-LABEL: func.func @unit_slice
// CHECK: tensor.extract_slice
func.func @unit_slice(%a: tensor<4x9xf32>) -> tensor<2x3xf32> {
  %r = tensor.extract_slice %a[1, 1] [2, 3] [1, 1] : tensor<4x9xf32> to tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

// linalg.pack: upstream's pad + expand_shape + transpose (the pad a
// generic like any other); linalg.unpack: transpose + collapse_shape +
// extract_slice.
// CHECK-LABEL: func.func @pack_unpack
// CHECK: %[[PADDED:.+]] = linalg.generic {{.+}} outs(%{{.+}} : tensor<16x16xf32>)
// CHECK: %[[TILES:.+]] = tensor.expand_shape %[[PADDED]] {{\[}}[0, 1], [2, 3]] output_shape [2, 8, 4, 4]
// CHECK: %[[PACKED:.+]] = linalg.transpose ins(%[[TILES]] : tensor<2x8x4x4xf32>) outs(%{{.+}} : tensor<2x4x8x4xf32>) permutation = [0, 2, 1, 3]
// CHECK: %[[BACK:.+]] = linalg.transpose ins(%[[PACKED]] : tensor<2x4x8x4xf32>) outs(%{{.+}} : tensor<2x8x4x4xf32>) permutation = [0, 2, 1, 3]
// CHECK: %[[ROWS:.+]] = tensor.collapse_shape %[[BACK]] {{\[}}[0, 1], [2, 3]]
// CHECK: tensor.extract_slice %[[ROWS]][0, 0] [13, 15] [1, 1]
// CHECK-NOT: linalg.pack
// CHECK-NOT: linalg.unpack
func.func @pack_unpack(%a: tensor<13x15xf32>) -> tensor<13x15xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x8x4xf32>
  %p = linalg.pack %a padding_value(%zero : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e : tensor<13x15xf32> -> tensor<2x4x8x4xf32>
  %e2 = tensor.empty() : tensor<13x15xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %e2 : tensor<2x4x8x4xf32> -> tensor<13x15xf32>
  return %u : tensor<13x15xf32>
}

// -----

// A pack with a dynamic inner tile (which upstream does not decompose):
// each packed element read from the source at outer * tile + inner, the
// padding value past the edge (the one tile of rows folds away: the row is
// the inner index).
// CHECK-LABEL: func.func @pack_dynamic_tile
// CHECK-SAME: (%[[A:.+]]: tensor<?x6xf32>, %[[N:.+]]: index)
// CHECK: linalg.generic {{.+}} outs(%{{.+}} : tensor<1x3x?x2xf32>)
// CHECK: %[[Q:.+]] = linalg.index 1
// CHECK: %[[ROW:.+]] = linalg.index 2
// CHECK: %[[J:.+]] = linalg.index 3
// CHECK: %[[BASE:.+]] = arith.muli %[[Q]], %c2
// CHECK: %[[COLUMN:.+]] = arith.addi %[[BASE]], %[[J]]
// CHECK: tensor.extract %[[A]]
// CHECK: arith.select
// CHECK-NOT: linalg.pack
func.func @pack_dynamic_tile(%a: tensor<?x6xf32>, %n: index) -> tensor<1x3x?x2xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<1x3x?x2xf32>
  %p = linalg.pack %a padding_value(%zero : f32) inner_dims_pos = [0, 1] inner_tiles = [%n, 2] into %e : tensor<?x6xf32> -> tensor<1x3x?x2xf32>
  return %p : tensor<1x3x?x2xf32>
}

// -----

// A concatenation of more inputs than half a dispatch's bindings: one of
// concatenations of at most 8 (each lowered as above), so that no dispatch
// binds more than 16 buffers.
// CHECK-LABEL: func.func @many_inputs
// CHECK: %[[EIGHT:.+]] = linalg.generic {{.*}}outs(%{{.*}} : tensor<2x8xf32>)
// CHECK-COUNT-8: tensor.extract %{{.*}} : tensor<2x1xf32>
// CHECK: %[[TWO:.+]] = linalg.generic {{.*}}outs(%{{.*}} : tensor<2x2xf32>)
// CHECK-COUNT-2: tensor.extract %{{.*}} : tensor<2x1xf32>
// CHECK: %[[ALL:.+]] = linalg.generic {{.*}}outs(%{{.*}} : tensor<2x10xf32>)
// CHECK: tensor.extract %[[EIGHT]]
// CHECK: tensor.extract %[[TWO]]
// CHECK-NOT: tensor.concat
// CHECK: return %[[ALL]]
func.func @many_inputs(%a: tensor<2x1xf32>) -> tensor<2x10xf32> {
  %r = tensor.concat dim(1) %a, %a, %a, %a, %a, %a, %a, %a, %a, %a
      : (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>,
         tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<2x10xf32>
  return %r : tensor<2x10xf32>
}
