// RUN: halc-opt %s --halc-fold-affine-into-weights --split-input-file | FileCheck %s

// An inference batch norm after a convolution (as the ONNX importer writes
// it): its scale per output channel moves into the weights, a bias is left.
// CHECK-LABEL: func.func @batch_norm
// CHECK-SAME: (%[[X:.+]]: tensor<1x3x8x8xf32>)
// CHECK-DAG: %[[W:.+]] = arith.constant dense_resource<w> : tensor<4x3x3x3xf32>
// CHECK: %[[SCALE:.+]] = linalg.generic {{.*}}iterator_types = ["parallel"]
// CHECK-SAME: outs(%{{.*}} : tensor<4xf32>)
// CHECK: math.rsqrt
// CHECK: arith.mulf
// CHECK: %[[SHIFT:.+]] = linalg.generic {{.*}}iterator_types = ["parallel"]
// CHECK-SAME: outs(%{{.*}} : tensor<4xf32>)
// CHECK: %[[SCALED:.+]] = linalg.generic
// CHECK-SAME: ins(%[[W]], %[[SCALE]] : tensor<4x3x3x3xf32>, tensor<4xf32>)
// CHECK: arith.mulf
// CHECK: %[[CONV:.+]] = linalg.conv_2d_nchw_fchw {{.*}}ins(%[[X]], %[[SCALED]] :
// CHECK: %[[Y:.+]] = linalg.generic
// CHECK-SAME: ins(%[[CONV]], %[[SHIFT]] : tensor<1x4x6x6xf32>, tensor<4xf32>)
// CHECK: arith.addf
// CHECK-NOT: math.rsqrt
// CHECK: return %[[Y]]
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#channel = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @batch_norm(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x6x6xf32> {
  %w = arith.constant dense_resource<w> : tensor<4x3x3x3xf32>
  %scale = arith.constant dense_resource<scale> : tensor<4xf32>
  %bias = arith.constant dense_resource<bias> : tensor<4xf32>
  %mean = arith.constant dense_resource<mean> : tensor<4xf32>
  %var = arith.constant dense_resource<var> : tensor<4xf32>
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %empty = tensor.empty() : tensor<1x4x6x6xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %conv = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%zeros : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %y = linalg.generic {indexing_maps = [#map, #channel, #channel, #channel, #channel, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %scale, %bias, %mean, %var : tensor<1x4x6x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) outs(%empty : tensor<1x4x6x6xf32>) {
  ^bb0(%v: f32, %s: f32, %b: f32, %m: f32, %var_: f32, %out: f32):
    %0 = arith.addf %var_, %eps : f32
    %1 = math.rsqrt %0 : f32
    %2 = arith.mulf %s, %1 : f32
    %3 = arith.subf %v, %m : f32
    %4 = arith.mulf %3, %2 : f32
    %5 = arith.addf %4, %b : f32
    linalg.yield %5 : f32
  } -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

// A matmul's columns scaled (a layer scale) with no shift: the weights'
// columns are scaled and nothing is left after the matmul.
// CHECK-LABEL: func.func @column_scale
// CHECK: %[[SCALE:.+]] = linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<16xf32>)
// CHECK: %[[SCALED:.+]] = linalg.generic
// CHECK-SAME: indexing_maps = [#{{.*}}, #[[COLUMN:.+]], #{{.*}}]
// CHECK-SAME: ins(%{{.*}}, %[[SCALE]] : tensor<8x16xf32>, tensor<16xf32>)
// CHECK: %[[MM:.+]] = linalg.matmul ins(%{{.*}}, %[[SCALED]] :
// CHECK-NEXT: return %[[MM]]
#mm = affine_map<(d0, d1) -> (d0, d1)>
#column = affine_map<(d0, d1) -> (d1)>
func.func @column_scale(%a: tensor<4x8xf32>) -> tensor<4x16xf32> {
  %w = arith.constant dense_resource<w> : tensor<8x16xf32>
  %gamma = arith.constant dense_resource<gamma> : tensor<16xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<4x16xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<4x16xf32>) -> tensor<4x16xf32>
  %mm = linalg.matmul ins(%a, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%zeros : tensor<4x16xf32>) -> tensor<4x16xf32>
  %y = linalg.generic {indexing_maps = [#mm, #column, #mm], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %gamma : tensor<4x16xf32>, tensor<16xf32>) outs(%empty : tensor<4x16xf32>) {
  ^bb0(%v: f32, %g: f32, %out: f32):
    %0 = arith.mulf %g, %v : f32
    linalg.yield %0 : f32
  } -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}

// -----

// Not folded: a bias alone (nothing to scale), an activation (not affine),
// weights that are an argument (not computed once), a scale read along a
// loop the weights do not have (the rows of a matmul).
// CHECK-LABEL: func.func @not_folded
// CHECK-COUNT-4: linalg.matmul ins(%{{.*}}, %{{[a-z0-9_]+}} : tensor<4x8xf32>, tensor<8x16xf32>)
// CHECK-NOT: linalg.matmul
#mm = affine_map<(d0, d1) -> (d0, d1)>
#column = affine_map<(d0, d1) -> (d1)>
#rows = affine_map<(d0, d1) -> (d0)>
func.func @not_folded(%a: tensor<4x8xf32>, %wa: tensor<8x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>) {
  %w = arith.constant dense_resource<w> : tensor<8x16xf32>
  %gamma = arith.constant dense_resource<gamma> : tensor<16xf32>
  %rowscale = arith.constant dense_resource<rowscale> : tensor<4xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<4x16xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m0 = linalg.matmul ins(%a, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%zeros : tensor<4x16xf32>) -> tensor<4x16xf32>
  %bias = linalg.generic {indexing_maps = [#mm, #column, #mm], iterator_types = ["parallel", "parallel"]}
      ins(%m0, %gamma : tensor<4x16xf32>, tensor<16xf32>) outs(%empty : tensor<4x16xf32>) {
  ^bb0(%v: f32, %g: f32, %out: f32):
    %0 = arith.addf %v, %g : f32
    linalg.yield %0 : f32
  } -> tensor<4x16xf32>
  %m1 = linalg.matmul ins(%a, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%zeros : tensor<4x16xf32>) -> tensor<4x16xf32>
  %relu = linalg.generic {indexing_maps = [#mm, #column, #mm], iterator_types = ["parallel", "parallel"]}
      ins(%m1, %gamma : tensor<4x16xf32>, tensor<16xf32>) outs(%empty : tensor<4x16xf32>) {
  ^bb0(%v: f32, %g: f32, %out: f32):
    %0 = arith.mulf %v, %g : f32
    %1 = arith.maximumf %0, %zero : f32
    linalg.yield %1 : f32
  } -> tensor<4x16xf32>
  %m2 = linalg.matmul ins(%a, %wa : tensor<4x8xf32>, tensor<8x16xf32>) outs(%zeros : tensor<4x16xf32>) -> tensor<4x16xf32>
  %argument = linalg.generic {indexing_maps = [#mm, #column, #mm], iterator_types = ["parallel", "parallel"]}
      ins(%m2, %gamma : tensor<4x16xf32>, tensor<16xf32>) outs(%empty : tensor<4x16xf32>) {
  ^bb0(%v: f32, %g: f32, %out: f32):
    %0 = arith.mulf %v, %g : f32
    linalg.yield %0 : f32
  } -> tensor<4x16xf32>
  %m3 = linalg.matmul ins(%a, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%zeros : tensor<4x16xf32>) -> tensor<4x16xf32>
  %rows = linalg.generic {indexing_maps = [#mm, #rows, #mm], iterator_types = ["parallel", "parallel"]}
      ins(%m3, %rowscale : tensor<4x16xf32>, tensor<4xf32>) outs(%empty : tensor<4x16xf32>) {
  ^bb0(%v: f32, %r: f32, %out: f32):
    %0 = arith.mulf %v, %r : f32
    linalg.yield %0 : f32
  } -> tensor<4x16xf32>
  return %bias, %relu, %argument, %rows : tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>
}

// -----

// A sum pooling divided by its window (an average): the window operand is
// only a shape, nothing multiplies it; left as it is.
// CHECK-LABEL: func.func @average_pooling
// CHECK: %[[SUM:.+]] = linalg.pooling_nhwc_sum
// CHECK: linalg.generic {{.*}}ins(%[[SUM]] :
// CHECK: arith.divf
#pooled = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @average_pooling(%x: tensor<1x9x9x3xf32>) -> tensor<1x3x3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %nine = arith.constant 9.0 : f32
  %window = tensor.empty() : tensor<3x3xf32>
  %empty = tensor.empty() : tensor<1x3x3x3xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %sum = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>}
      ins(%x, %window : tensor<1x9x9x3xf32>, tensor<3x3xf32>) outs(%zeros : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %mean = linalg.generic {indexing_maps = [#pooled, #pooled], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sum : tensor<1x3x3x3xf32>) outs(%empty : tensor<1x3x3x3xf32>) {
  ^bb0(%v: f32, %out: f32):
    %0 = arith.divf %v, %nine : f32
    linalg.yield %0 : f32
  } -> tensor<1x3x3x3xf32>
  return %mean : tensor<1x3x3x3xf32>
}

// -----

// A batch norm after a grouped convolution, whose [N, G, F/G, H, W] result
// it reads collapsed to [N, F, H, W]: the norm moves below the collapse,
// onto the convolution's own shape, and its scale into the grouped weights
// [G, F/G, C/G, kh, kw].
// CHECK-LABEL: func.func @grouped
// CHECK: %[[SCALE:.+]] = linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: %[[SHIFT:.+]] = linalg.generic
// CHECK-SAME: outs(%{{.*}} : tensor<2x3xf32>)
// CHECK: %[[SCALED:.+]] = linalg.generic
// CHECK-SAME: ins(%{{.*}}, %[[SCALE]] : tensor<2x3x2x3x3xf32>, tensor<2x3xf32>)
// CHECK: %[[CONV:.+]] = linalg.conv_2d_ngchw_gfchw {{.*}}ins(%{{.*}}, %[[SCALED]] :
// CHECK: %[[Y:.+]] = linalg.generic
// CHECK-SAME: ins(%[[CONV]], %[[SHIFT]] : tensor<1x2x3x6x6xf32>, tensor<2x3xf32>)
// CHECK: tensor.collapse_shape %[[Y]] {{\[}}[0], [1, 2], [3], [4]]
#nchw = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#channels = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @grouped(%x: tensor<1x2x2x8x8xf32>) -> tensor<1x6x6x6xf32> {
  %w = arith.constant dense_resource<w> : tensor<2x3x2x3x3xf32>
  %scale = arith.constant dense_resource<scale> : tensor<6xf32>
  %bias = arith.constant dense_resource<bias> : tensor<6xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<1x2x3x6x6xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x2x3x6x6xf32>) -> tensor<1x2x3x6x6xf32>
  %conv = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x2x2x8x8xf32>, tensor<2x3x2x3x3xf32>) outs(%zeros : tensor<1x2x3x6x6xf32>) -> tensor<1x2x3x6x6xf32>
  %collapsed = tensor.collapse_shape %conv [[0], [1, 2], [3], [4]] : tensor<1x2x3x6x6xf32> into tensor<1x6x6x6xf32>
  %out = tensor.empty() : tensor<1x6x6x6xf32>
  %y = linalg.generic {indexing_maps = [#nchw, #channels, #channels, #nchw], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%collapsed, %scale, %bias : tensor<1x6x6x6xf32>, tensor<6xf32>, tensor<6xf32>) outs(%out : tensor<1x6x6x6xf32>) {
  ^bb0(%v: f32, %s: f32, %b: f32, %o: f32):
    %0 = arith.mulf %v, %s : f32
    %1 = arith.addf %0, %b : f32
    linalg.yield %1 : f32
  } -> tensor<1x6x6x6xf32>
  return %y : tensor<1x6x6x6xf32>
}

// -----

// A convolution's bias, then its batch norm (ONNX's Conv with a bias, then
// BatchNormalization): the two affine ops fuse into one, which folds.
// CHECK-LABEL: func.func @bias_then_norm
// CHECK: %[[SCALED:.+]] = linalg.generic {{.*}}ins(%{{.*}}, %{{.*}} : tensor<4x3x3x3xf32>, tensor<4xf32>)
// CHECK: %[[CONV:.+]] = linalg.conv_2d_nchw_fchw {{.*}}ins(%{{.*}}, %[[SCALED]] :
// CHECK: %[[Y:.+]] = linalg.generic
// CHECK-SAME: ins(%[[CONV]], %{{.*}} : tensor<1x4x6x6xf32>, tensor<4xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK-NEXT: linalg.yield
// CHECK: return %[[Y]]
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#channel = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @bias_then_norm(%x: tensor<1x3x8x8xf32>) -> tensor<1x4x6x6xf32> {
  %w = arith.constant dense_resource<w> : tensor<4x3x3x3xf32>
  %b = arith.constant dense_resource<b> : tensor<4xf32>
  %scale = arith.constant dense_resource<scale> : tensor<4xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<1x4x6x6xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %conv = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%zeros : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %biased = linalg.generic {indexing_maps = [#map, #channel, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %b : tensor<1x4x6x6xf32>, tensor<4xf32>) outs(%empty : tensor<1x4x6x6xf32>) {
  ^bb0(%v: f32, %c: f32, %out: f32):
    %0 = arith.addf %v, %c : f32
    linalg.yield %0 : f32
  } -> tensor<1x4x6x6xf32>
  %y = linalg.generic {indexing_maps = [#map, #channel, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%biased, %scale : tensor<1x4x6x6xf32>, tensor<4xf32>) outs(%empty : tensor<1x4x6x6xf32>) {
  ^bb0(%v: f32, %s: f32, %out: f32):
    %0 = arith.mulf %v, %s : f32
    linalg.yield %0 : f32
  } -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

// Not folded: a sum into a non-zero init, a body that maps the weights
// through another op (out + x * exp(w)), a result read twice.
// CHECK-LABEL: func.func @not_sums_of_products
// CHECK-NOT: tensor<8x16xf32>, tensor<16xf32>)
// CHECK: return
#k = affine_map<(d0, d1, d2) -> (d0, d2)>
#n = affine_map<(d0, d1, d2) -> (d2, d1)>
#o = affine_map<(d0, d1, d2) -> (d0, d1)>
#e = affine_map<(d0, d1) -> (d0, d1)>
#c = affine_map<(d0, d1) -> (d1)>
func.func @not_sums_of_products(%a: tensor<4x8xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>) {
  %w = arith.constant dense_resource<w> : tensor<8x16xf32>
  %gamma = arith.constant dense_resource<gamma> : tensor<16xf32>
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<4x16xf32>
  %ones = linalg.fill ins(%one : f32) outs(%empty : tensor<4x16xf32>) -> tensor<4x16xf32>
  %zeros = linalg.fill ins(%zero : f32) outs(%empty : tensor<4x16xf32>) -> tensor<4x16xf32>
  %m0 = linalg.matmul ins(%a, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%ones : tensor<4x16xf32>) -> tensor<4x16xf32>
  %s0 = linalg.generic {indexing_maps = [#e, #c, #e], iterator_types = ["parallel", "parallel"]}
      ins(%m0, %gamma : tensor<4x16xf32>, tensor<16xf32>) outs(%empty : tensor<4x16xf32>) {
  ^bb0(%v: f32, %g: f32, %out: f32):
    %0 = arith.mulf %v, %g : f32
    linalg.yield %0 : f32
  } -> tensor<4x16xf32>
  %m1 = linalg.generic {indexing_maps = [#k, #n, #o], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%zeros : tensor<4x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %0 = math.exp %y : f32
    %1 = arith.mulf %x, %0 : f32
    %2 = arith.addf %out, %1 : f32
    linalg.yield %2 : f32
  } -> tensor<4x16xf32>
  %s1 = linalg.generic {indexing_maps = [#e, #c, #e], iterator_types = ["parallel", "parallel"]}
      ins(%m1, %gamma : tensor<4x16xf32>, tensor<16xf32>) outs(%empty : tensor<4x16xf32>) {
  ^bb0(%v: f32, %g: f32, %out: f32):
    %0 = arith.mulf %v, %g : f32
    linalg.yield %0 : f32
  } -> tensor<4x16xf32>
  %m2 = linalg.matmul ins(%a, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%zeros : tensor<4x16xf32>) -> tensor<4x16xf32>
  %s2 = linalg.generic {indexing_maps = [#e, #c, #e], iterator_types = ["parallel", "parallel"]}
      ins(%m2, %gamma : tensor<4x16xf32>, tensor<16xf32>) outs(%empty : tensor<4x16xf32>) {
  ^bb0(%v: f32, %g: f32, %out: f32):
    %0 = arith.mulf %v, %g : f32
    %1 = arith.addf %0, %v : f32
    linalg.yield %1 : f32
  } -> tensor<4x16xf32>
  %r2 = linalg.generic {indexing_maps = [#e, #e, #e], iterator_types = ["parallel", "parallel"]}
      ins(%s2, %m2 : tensor<4x16xf32>, tensor<4x16xf32>) outs(%empty : tensor<4x16xf32>) {
  ^bb0(%v: f32, %u: f32, %out: f32):
    %0 = arith.addf %v, %u : f32
    linalg.yield %0 : f32
  } -> tensor<4x16xf32>
  return %s0, %s1, %r2 : tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>
}
