// RUN: halc-opt %s --halc-collapse-row-loops --canonicalize --cse --split-input-file | FileCheck %s

// A softmax's max over attention scores per batch and head: the three
// loops of rows become one, and the op after it reads the rows alike.
// CHECK-LABEL: func.func @scores_max_and_shift
// CHECK: %[[S:.+]] = tensor.collapse_shape %{{.+}} {{\[\[}}0, 1, 2], [3]] : tensor<2x3x4x8xf32> into tensor<24x8xf32>
// CHECK: %[[M:.+]] = linalg.generic {{.+}} iterator_types = ["parallel", "reduction"]} ins(%[[S]] : tensor<24x8xf32>) outs(%{{.+}} : tensor<24xf32>)
// CHECK: %[[E:.+]] = linalg.generic {{.+}} iterator_types = ["parallel", "parallel"]} ins(%[[S]], %[[M]] : tensor<24x8xf32>, tensor<24xf32>)
// CHECK: tensor.expand_shape %[[E]] {{\[\[}}0, 1, 2], [3]] output_shape [2, 3, 4, 8]
func.func @scores_max_and_shift(%s: tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32> {
  %lowest = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<2x3x4xf32>
  %f = linalg.fill ins(%lowest : f32) outs(%e : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %max = linalg.generic {indexing_maps = [affine_map<(b, h, q, k) -> (b, h, q, k)>, affine_map<(b, h, q, k) -> (b, h, q)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%s : tensor<2x3x4x8xf32>) outs(%f : tensor<2x3x4xf32>) {
  ^bb0(%v: f32, %a: f32):
    %r = arith.maxnumf %v, %a : f32
    linalg.yield %r : f32
  } -> tensor<2x3x4xf32>
  %e4 = tensor.empty() : tensor<2x3x4x8xf32>
  %shifted = linalg.generic {indexing_maps = [affine_map<(b, h, q, k) -> (b, h, q, k)>, affine_map<(b, h, q, k) -> (b, h, q)>, affine_map<(b, h, q, k) -> (b, h, q, k)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s, %max : tensor<2x3x4x8xf32>, tensor<2x3x4xf32>) outs(%e4 : tensor<2x3x4x8xf32>) {
  ^bb0(%v: f32, %m: f32, %o: f32):
    %r = arith.subf %v, %m : f32
    %x = math.exp %r : f32
    linalg.yield %x : f32
  } -> tensor<2x3x4x8xf32>
  return %shifted : tensor<2x3x4x8xf32>
}

// -----

// A mask read per query and key position: the rows stay on two loops,
// batch and head merged, the query position apart.
// CHECK-LABEL: func.func @masked_scores
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.+}}, %{{.+}} : tensor<6x4x8xf32>, tensor<4x8xi1>) outs(%{{.+}} : tensor<6x4x8xf32>)
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.+}} : tensor<6x4x8xf32>) outs(%{{.+}} : tensor<6x4xf32>)
func.func @masked_scores(%s: tensor<2x3x4x8xf32>, %mask: tensor<4x8xi1>) -> tensor<2x3x4xf32> {
  %lowest = arith.constant 0xFF800000 : f32
  %e4 = tensor.empty() : tensor<2x3x4x8xf32>
  %masked = linalg.generic {indexing_maps = [affine_map<(b, h, q, k) -> (b, h, q, k)>, affine_map<(b, h, q, k) -> (q, k)>, affine_map<(b, h, q, k) -> (b, h, q, k)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s, %mask : tensor<2x3x4x8xf32>, tensor<4x8xi1>) outs(%e4 : tensor<2x3x4x8xf32>) {
  ^bb0(%v: f32, %keep: i1, %o: f32):
    %r = arith.select %keep, %v, %lowest : f32
    linalg.yield %r : f32
  } -> tensor<2x3x4x8xf32>
  %e = tensor.empty() : tensor<2x3x4xf32>
  %f = linalg.fill ins(%lowest : f32) outs(%e : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %max = linalg.generic {indexing_maps = [affine_map<(b, h, q, k) -> (b, h, q, k)>, affine_map<(b, h, q, k) -> (b, h, q)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%masked : tensor<2x3x4x8xf32>) outs(%f : tensor<2x3x4xf32>) {
  ^bb0(%v: f32, %a: f32):
    %r = arith.maxnumf %v, %a : f32
    linalg.yield %r : f32
  } -> tensor<2x3x4xf32>
  return %max : tensor<2x3x4xf32>
}

// -----

// A layer norm's sum with its kept unit dimension (rows of 2x4x1) and the
// centering that reads it at 0: the unit dimensions go, the rows stay on
// their two loops.
// CHECK-LABEL: func.func @sum_kept_as_unit
// CHECK: %[[SUM:.+]] = linalg.generic {{.+}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.+}} : tensor<2x4x8xf32>) outs(%{{.+}} : tensor<2x4xf32>)
// CHECK: linalg.generic {{.+}} iterator_types = ["parallel", "parallel", "parallel"]} ins(%{{.+}}, %[[SUM]] : tensor<2x4x8xf32>, tensor<2x4xf32>)
func.func @sum_kept_as_unit(%x: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %x1 = tensor.expand_shape %x [[0], [1, 2], [3]] output_shape [2, 4, 1, 8] : tensor<2x4x8xf32> into tensor<2x4x1x8xf32>
  %e = tensor.empty() : tensor<2x4x1xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x1xf32>) -> tensor<2x4x1xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x1 : tensor<2x4x1x8xf32>) outs(%f : tensor<2x4x1xf32>) {
  ^bb0(%v: f32, %a: f32):
    %r = arith.addf %v, %a : f32
    linalg.yield %r : f32
  } -> tensor<2x4x1xf32>
  %e3 = tensor.empty() : tensor<2x4x8xf32>
  %centered = linalg.generic {indexing_maps = [affine_map<(a, b, c) -> (a, b, c)>, affine_map<(a, b, c) -> (a, b, 0)>, affine_map<(a, b, c) -> (a, b, c)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %sum : tensor<2x4x8xf32>, tensor<2x4x1xf32>) outs(%e3 : tensor<2x4x8xf32>) {
  ^bb0(%v: f32, %s: f32, %o: f32):
    %r = arith.subf %v, %s : f32
    linalg.yield %r : f32
  } -> tensor<2x4x8xf32>
  return %centered : tensor<2x4x8xf32>
}

// -----

// Not a contraction's epilogue, which stays in the contraction's shape (in
// its dispatch); a reduction the function returns is one like another.
// CHECK-LABEL: func.func @epilogue_and_returned
// CHECK: %[[S:.+]] = linalg.generic {{.+}} ins(%{{.+}} : tensor<2x3x4x8xf32>) outs(%{{.+}} : tensor<2x3x4x8xf32>)
// CHECK: %[[C:.+]] = tensor.collapse_shape %[[S]] {{\[\[}}0, 1, 2], [3]]
// CHECK: %[[SUM:.+]] = linalg.generic {{.+}} ins(%[[C]] : tensor<24x8xf32>) outs(%{{.+}} : tensor<24xf32>)
// CHECK: tensor.expand_shape %[[SUM]]
func.func @epilogue_and_returned(%q: tensor<2x3x4x16xf32>, %k: tensor<2x3x16x8xf32>) -> tensor<2x3x4xf32> {
  %zero = arith.constant 0.0 : f32
  %eb = tensor.empty() : tensor<2x3x4x8xf32>
  %fb = linalg.fill ins(%zero : f32) outs(%eb : tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(b, h, q, k, d) -> (b, h, q, d)>, affine_map<(b, h, q, k, d) -> (b, h, d, k)>, affine_map<(b, h, q, k, d) -> (b, h, q, k)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<2x3x4x16xf32>, tensor<2x3x16x8xf32>) outs(%fb : tensor<2x3x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.mulf %a, %b : f32
    %r = arith.addf %c, %p : f32
    linalg.yield %r : f32
  } -> tensor<2x3x4x8xf32>
  %scaled = linalg.generic {indexing_maps = [affine_map<(b, h, q, k) -> (b, h, q, k)>, affine_map<(b, h, q, k) -> (b, h, q, k)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x3x4x8xf32>) outs(%eb : tensor<2x3x4x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.mulf %v, %v : f32
    linalg.yield %r : f32
  } -> tensor<2x3x4x8xf32>
  %e = tensor.empty() : tensor<2x3x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(b, h, q, k) -> (b, h, q, k)>, affine_map<(b, h, q, k) -> (b, h, q)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%scaled : tensor<2x3x4x8xf32>) outs(%f : tensor<2x3x4xf32>) {
  ^bb0(%v: f32, %a: f32):
    %r = arith.addf %v, %a : f32
    linalg.yield %r : f32
  } -> tensor<2x3x4xf32>
  return %sum : tensor<2x3x4xf32>
}
