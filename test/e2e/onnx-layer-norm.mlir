// A layer normalization as the ONNX importer writes it (halc-import-onnx of
// ONNX's test_layer_normalization_3d_axis_negative_1_epsilon): row
// reductions, a mean and an inverse standard deviation kept as unit
// dimensions, normalized, scaled and shifted. Its one-element rows broadcast
// over four (vector.broadcast from vector<1xf32>), which the LLVM targets
// lower before their conversion (test/lit/Target/CUDA/e2e-inputs.mlir).
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --msl-configurations=3.0/macos %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @layer_norm: result[0] vs cpu: matches 2x3x5xf32
// CHECK: @layer_norm: result[1] vs cpu: matches 2x3x1xf32
// CHECK: @layer_norm: result[2] vs cpu: matches 2x3x1xf32

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map3 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @layer_norm(%arg0: tensor<2x3x5xf32> {iree.abi.name = "X"}, %arg1: tensor<5xf32> {iree.abi.name = "W"}, %arg2: tensor<5xf32> {iree.abi.name = "B"}) -> (tensor<2x3x5xf32> {iree.abi.name = "Y"}, tensor<2x3x1xf32> {iree.abi.name = "Mean"}, tensor<2x3x1xf32> {iree.abi.name = "InvStdDev"}) {
    %0 = tensor.empty() : tensor<2x3xf32>
    %cst = arith.constant 0.000000e+00 : f32
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<2x3xf32>) -> tensor<2x3xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<2x3x5xf32>) outs(%1 : tensor<2x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %14 = arith.addf %in, %out : f32
      linalg.yield %14 : f32
    } -> tensor<2x3xf32>
    %expanded = tensor.expand_shape %2 [[0], [1, 2]] output_shape [2, 3, 1] : tensor<2x3xf32> into tensor<2x3x1xf32>
    %3 = tensor.empty() : tensor<2x3x1xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x3x1xf32>) outs(%3 : tensor<2x3x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %cst_2 = arith.constant 5.000000e+00 : f32
      %14 = arith.divf %in, %cst_2 : f32
      linalg.yield %14 : f32
    } -> tensor<2x3x1xf32>
    %5 = tensor.empty() : tensor<2x3x5xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %4 : tensor<2x3x5xf32>, tensor<2x3x1xf32>) outs(%5 : tensor<2x3x5xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %14 = arith.subf %in, %in_2 : f32
      linalg.yield %14 : f32
    } -> tensor<2x3x5xf32>
    %7 = tensor.empty() : tensor<2x3xf32>
    %cst_0 = arith.constant 0.000000e+00 : f32
    %8 = linalg.fill ins(%cst_0 : f32) outs(%7 : tensor<2x3xf32>) -> tensor<2x3xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%6 : tensor<2x3x5xf32>) outs(%8 : tensor<2x3xf32>) {
    ^bb0(%in: f32, %out: f32):
      %14 = arith.mulf %in, %in : f32
      %15 = arith.addf %14, %out : f32
      linalg.yield %15 : f32
    } -> tensor<2x3xf32>
    %expanded_1 = tensor.expand_shape %9 [[0], [1, 2]] output_shape [2, 3, 1] : tensor<2x3xf32> into tensor<2x3x1xf32>
    %10 = tensor.empty() : tensor<2x3x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_1 : tensor<2x3x1xf32>) outs(%10 : tensor<2x3x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %cst_2 = arith.constant 5.000000e+00 : f32
      %14 = arith.divf %in, %cst_2 : f32
      %cst_3 = arith.constant 1.000000e-01 : f32
      %15 = arith.addf %14, %cst_3 : f32
      %16 = math.rsqrt %15 : f32
      linalg.yield %16 : f32
    } -> tensor<2x3x1xf32>
    %12 = tensor.empty() : tensor<2x3x5xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map2, #map3, #map3, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %4, %11, %arg1, %arg2 : tensor<2x3x5xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>, tensor<5xf32>, tensor<5xf32>) outs(%12 : tensor<2x3x5xf32>) {
    ^bb0(%in: f32, %in_2: f32, %in_3: f32, %in_4: f32, %in_5: f32, %out: f32):
      %14 = arith.subf %in, %in_2 : f32
      %15 = arith.mulf %14, %in_3 : f32
      %16 = arith.mulf %15, %in_4 : f32
      %17 = arith.addf %16, %in_5 : f32
      linalg.yield %17 : f32
    } -> tensor<2x3x5xf32>
    return %13, %4, %11 : tensor<2x3x5xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>
  }
}

