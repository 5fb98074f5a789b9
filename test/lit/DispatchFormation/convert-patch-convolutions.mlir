// RUN: halc-opt %s --halc-convert-patch-convolutions --split-input-file | FileCheck %s

// A patch embedding (4x4 windows, stride 4): the input's patches brought
// together in two moves of four dimensions (rows of patches, then each
// patch's columns, with the patch rows' loop outermost), a matmul by the
// weights as [F, C kh kw], the product transposed back to NCHW.
// CHECK-DAG: #[[READ:.+]] = affine_map<(d0, d1, d2, d3) -> (d1, d2, d0, d3)>
// CHECK-DAG: #[[WRITE:.+]] = affine_map<(d0, d1, d2, d3) -> (d1, d0, d2, d3)>
// CHECK-LABEL: func.func @patches
// CHECK-SAME: (%[[X:.+]]: tensor<2x3x8x12xf32>, %[[W:.+]]: tensor<5x3x4x4xf32>)
// CHECK: %[[E:.+]] = tensor.expand_shape %[[X]] {{\[}}[0], [1], [2, 3], [4]] output_shape [2, 3, 2, 4, 12]
// CHECK: %[[R:.+]] = tensor.collapse_shape %[[E]] {{\[}}[0], [1], [2], [3, 4]] : tensor<2x3x2x4x12xf32> into tensor<2x3x2x48xf32>
// CHECK: %[[T:.+]] = linalg.transpose ins(%[[R]] : tensor<2x3x2x48xf32>) outs(%{{.*}} : tensor<2x2x3x48xf32>) permutation = [0, 2, 1, 3]
// CHECK: %[[E2:.+]] = tensor.expand_shape %[[T]] {{\[}}[0], [1], [2], [3, 4, 5]] output_shape [2, 2, 3, 4, 3, 4]
// CHECK: %[[C:.+]] = tensor.collapse_shape %[[E2]] {{\[}}[0, 1], [2, 3], [4], [5]] : tensor<2x2x3x4x3x4xf32> into tensor<4x12x3x4xf32>
// CHECK: %[[P:.+]] = linalg.generic {indexing_maps = [#[[READ]], #[[WRITE]]]
// CHECK-SAME: ins(%[[C]] : tensor<4x12x3x4xf32>) outs(%{{.*}} : tensor<4x3x12x4xf32>)
// CHECK: %[[A:.+]] = tensor.collapse_shape %[[P]] {{\[}}[0, 1], [2, 3]] : tensor<4x3x12x4xf32> into tensor<12x48xf32>
// CHECK: %[[B:.+]] = tensor.collapse_shape %[[W]] {{\[}}[0], [1, 2, 3]] : tensor<5x3x4x4xf32> into tensor<5x48xf32>
// CHECK: %[[M:.+]] = linalg.matmul indexing_maps = {{.*}} ins(%[[A]], %[[B]] : tensor<12x48xf32>, tensor<5x48xf32>) outs(%{{.*}} : tensor<12x5xf32>)
// CHECK: %[[PX:.+]] = tensor.expand_shape %[[M]] {{\[}}[0, 1, 2], [3]] output_shape [2, 2, 3, 5]
// CHECK: %[[Y:.+]] = linalg.transpose ins(%[[PX]] : tensor<2x2x3x5xf32>) outs(%{{.*}} : tensor<2x5x2x3xf32>) permutation = [0, 3, 1, 2]
// CHECK-NOT: linalg.conv_2d
// CHECK: return %[[Y]]
func.func @patches(%x: tensor<2x3x8x12xf32>, %w: tensor<5x3x4x4xf32>) -> tensor<2x5x2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x5x2x3xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x5x2x3xf32>) -> tensor<2x5x2x3xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<4> : tensor<2xi64>}
      ins(%x, %w : tensor<2x3x8x12xf32>, tensor<5x3x4x4xf32>) outs(%zeros : tensor<2x5x2x3xf32>) -> tensor<2x5x2x3xf32>
  return %y : tensor<2x5x2x3xf32>
}

// -----

// A dynamic batch: the rows of the matmul are counted at the call.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK: linalg.matmul indexing_maps = {{.*}}-> tensor<?x5xf16>
// CHECK: linalg.transpose {{.*}}outs(%{{.*}} : tensor<?x5x2x2xf16>)
func.func @dynamic_batch(%x: tensor<?x3x4x4xf16>, %w: tensor<5x3x2x2xf16>) -> tensor<?x5x2x2xf16> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f16
  %n = tensor.dim %x, %c0 : tensor<?x3x4x4xf16>
  %empty = tensor.empty(%n) : tensor<?x5x2x2xf16>
  %zeros = linalg.fill ins(%zero : f16) outs(%empty : tensor<?x5x2x2xf16>) -> tensor<?x5x2x2xf16>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<?x3x4x4xf16>, tensor<5x3x2x2xf16>) outs(%zeros : tensor<?x5x2x2xf16>) -> tensor<?x5x2x2xf16>
  return %y : tensor<?x5x2x2xf16>
}

// -----

// Left alone: windows that overlap (stride 1), 1x1 windows, rows left over
// (an input of 9 rows by 4x4 windows with stride 4).
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-3: linalg.conv_2d_nchw_fchw
// CHECK-NOT: linalg.matmul
func.func @left_alone(%x: tensor<1x3x9x8xf32>, %w: tensor<5x3x4x4xf32>, %w1: tensor<5x3x1x1xf32>) -> (tensor<1x5x6x5xf32>, tensor<1x5x5x4xf32>, tensor<1x5x2x2xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x5x6x5xf32>
  %z0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x5x6x5xf32>) -> tensor<1x5x6x5xf32>
  %y0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x3x9x8xf32>, tensor<5x3x4x4xf32>) outs(%z0 : tensor<1x5x6x5xf32>) -> tensor<1x5x6x5xf32>
  %e1 = tensor.empty() : tensor<1x5x5x4xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x5x5x4xf32>) -> tensor<1x5x5x4xf32>
  %y1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w1 : tensor<1x3x9x8xf32>, tensor<5x3x1x1xf32>) outs(%z1 : tensor<1x5x5x4xf32>) -> tensor<1x5x5x4xf32>
  %e2 = tensor.empty() : tensor<1x5x2x2xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x5x2x2xf32>) -> tensor<1x5x2x2xf32>
  %y2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<4> : tensor<2xi64>}
      ins(%x, %w : tensor<1x3x9x8xf32>, tensor<5x3x4x4xf32>) outs(%z2 : tensor<1x5x2x2xf32>) -> tensor<1x5x2x2xf32>
  return %y0, %y1, %y2 : tensor<1x5x6x5xf32>, tensor<1x5x5x4xf32>, tensor<1x5x2x2xf32>
}

// -----

// Left alone: a convolution that does not sum from a fill (its init an
// empty tensor), and one whose output size is dynamic.
// CHECK-LABEL: func.func @no_fill
// CHECK-COUNT-2: linalg.conv_2d_nchw_fchw
// CHECK-NOT: linalg.matmul
func.func @no_fill(%x: tensor<1x3x8x8xf32>, %w: tensor<5x3x4x4xf32>, %y: tensor<1x3x?x8xf32>) -> (tensor<1x5x2x2xf32>, tensor<1x5x?x2xf32>) {
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<1x5x2x2xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<4> : tensor<2xi64>}
      ins(%x, %w : tensor<1x3x8x8xf32>, tensor<5x3x4x4xf32>) outs(%empty : tensor<1x5x2x2xf32>) -> tensor<1x5x2x2xf32>
  %h = tensor.dim %y, %c2 : tensor<1x3x?x8xf32>
  %rows = arith.divui %h, %c2 : index
  %e2 = tensor.empty(%rows) : tensor<1x5x?x2xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x5x?x2xf32>) -> tensor<1x5x?x2xf32>
  %r2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<4> : tensor<2xi64>}
      ins(%y, %w : tensor<1x3x?x8xf32>, tensor<5x3x4x4xf32>) outs(%z2 : tensor<1x5x?x2xf32>) -> tensor<1x5x?x2xf32>
  return %r, %r2 : tensor<1x5x2x2xf32>, tensor<1x5x?x2xf32>
}
