// RUN: halc-opt %s --split-input-file --halc-split-reductions | FileCheck %s

// 392x512 has 28 tiles of 56x128 (8x4 blocks): K = 4608 in 8 parts of 576
// gives 224 workgroups. The parts are the partial sums' outermost loop
// (upstream's linalg::splitReduction); a generic adds them up.
// CHECK-LABEL: func.func @matmul_few_tiles
// CHECK-DAG: %[[A:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0], [1, 2]] output_shape [392, 8, 576]
// CHECK-DAG: %[[B:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0, 1], [2]] output_shape [8, 576, 512]
// CHECK: %[[ZEROS:.+]] = linalg.fill {{.+}} -> tensor<8x392x512xf32>
// CHECK: %[[PARTIAL:.+]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<392x8x576xf32>, tensor<8x576x512xf32>) outs(%[[ZEROS]]
// CHECK: %[[SUM:.+]] = linalg.generic
// CHECK-SAME: iterator_types = ["reduction", "parallel", "parallel"]
// CHECK-SAME: ins(%[[PARTIAL]] : tensor<8x392x512xf32>)
// CHECK: arith.addf
// CHECK: return %[[SUM]]
module attributes {halc.target = #halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>} {
  func.func @matmul_few_tiles(%a: tensor<392x4608xf32>, %b: tensor<4608x512xf32>) -> tensor<392x512xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<392x512xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<392x512xf32>) -> tensor<392x512xf32>
    %r = linalg.matmul ins(%a, %b : tensor<392x4608xf32>, tensor<4608x512xf32>) outs(%f : tensor<392x512xf32>) -> tensor<392x512xf32>
    return %r : tensor<392x512xf32>
  }
}

// -----

// A 1x1 convolution at batch 8 on 7x7 pixels: its partial sums are a
// matmul of its im2col matrix, built in 8 parts of 256 columns (part p
// reads channels from p * 256), and its filter collapsed to K x F and cut
// alike; their sum has the parts as its first loop and writes the
// convolution's output.
// CHECK-LABEL: func.func @conv_few_tiles
// CHECK: %[[IM2COL:.+]] = linalg.generic
// CHECK-SAME: outs(%{{.+}} : tensor<8x392x256xf32>)
// CHECK: %[[PART:.+]] = linalg.index 0
// CHECK: arith.muli %[[PART]], %c256
// CHECK: tensor.extract %{{.+}} : tensor<8x7x7x2048xf32>
// CHECK: %[[COLLAPSED:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0, 1, 2], [3]] : tensor<1x1x2048x512xf32> into tensor<2048x512xf32>
// CHECK: %[[FILTER:.+]] = tensor.expand_shape %[[COLLAPSED]] {{\[}}[0, 1], [2]] output_shape [8, 256, 512]
// CHECK: %[[PARTIAL:.+]] = linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[IM2COL]], %[[FILTER]] : tensor<8x392x256xf32>, tensor<8x256x512xf32>)
// CHECK-SAME: outs(%{{.+}} : tensor<8x392x512xf32>)
// CHECK: %[[SUMS:.+]] = tensor.expand_shape %[[PARTIAL]] {{\[}}[0], [1, 2, 3], [4]] output_shape [8, 8, 7, 7, 512]
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["reduction", "parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME: ins(%[[SUMS]] : tensor<8x8x7x7x512xf32>)
// CHECK-SAME: outs(%{{.+}} : tensor<8x7x7x512xf32>)
module attributes {halc.target = #halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>} {
  func.func @conv_few_tiles(%x: tensor<8x7x7x2048xf32>, %w: tensor<1x1x2048x512xf32>) -> tensor<8x7x7x512xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8x7x7x512xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x7x7x512xf32>) -> tensor<8x7x7x512xf32>
    %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<8x7x7x2048xf32>, tensor<1x1x2048x512xf32>) outs(%f : tensor<8x7x7x512xf32>) -> tensor<8x7x7x512xf32>
    return %r : tensor<8x7x7x512xf32>
  }
}

// -----

// A channels-first 3x3 convolution at batch 8 on 7x7 pixels: M is the 512
// output channels, N the 392 pixels of the eight images side by side; no
// staged tile divides N, and its 112 padded tiles of 32x64 (128 threads
// each) are too few: K = 4608 in 4 parts of 1152. The im2col matrix is
// parts x K/parts x pixels, the filter F x parts x K/parts, and the sum
// reads the partial sums' channels and images transposed.
// CHECK-DAG: #[[FILTER_MAP:.+]] = affine_map<(d0, d1, d2, d3) -> (d1, d0, d3)>
// CHECK-DAG: #[[IM2COL_MAP:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[SUMS_MAP:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d1, d3, d4)>
// CHECK-LABEL: func.func @conv_nchw_few_tiles
// CHECK: %[[IM2COL:.+]] = linalg.generic
// CHECK-SAME: outs(%{{.+}} : tensor<4x1152x392xf32>)
// CHECK: %[[PIXEL:.+]] = linalg.index 2
// CHECK: %[[PART:.+]] = linalg.index 0
// CHECK: arith.muli %[[PART]], %c1152
// CHECK: arith.divui %[[PIXEL]], %c49
// CHECK: tensor.extract %{{.+}} : tensor<8x512x9x9xf32>
// CHECK: %[[FILTER:.+]] = tensor.expand_shape %{{.+}} {{\[}}[0], [1, 2]] output_shape [512, 4, 1152]
// CHECK: %[[PARTIAL:.+]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[FILTER_MAP]], #[[IM2COL_MAP]],
// CHECK-SAME: ins(%[[FILTER]], %[[IM2COL]] : tensor<512x4x1152xf32>, tensor<4x1152x392xf32>)
// CHECK-SAME: outs(%{{.+}} : tensor<4x512x392xf32>)
// CHECK: %[[SUMS:.+]] = tensor.expand_shape %[[PARTIAL]] {{\[}}[0], [1], [2, 3, 4]] output_shape [4, 512, 8, 7, 7]
// CHECK: linalg.generic
// CHECK-SAME: indexing_maps = [#[[SUMS_MAP]],
// CHECK-SAME: iterator_types = ["reduction", "parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME: ins(%[[SUMS]] : tensor<4x512x8x7x7xf32>)
// CHECK-SAME: outs(%{{.+}} : tensor<8x512x7x7xf32>)
module attributes {halc.target = #halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>} {
  func.func @conv_nchw_few_tiles(%x: tensor<8x512x9x9xf32>, %w: tensor<512x512x3x3xf32>) -> tensor<8x512x7x7xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8x512x7x7xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x512x7x7xf32>) -> tensor<8x512x7x7xf32>
    %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<8x512x9x9xf32>, tensor<512x512x3x3xf32>) outs(%f : tensor<8x512x7x7xf32>) -> tensor<8x512x7x7xf32>
    return %r : tensor<8x512x7x7xf32>
  }
}

// -----

// The same convolution at batch 1: N is 49 pixels, too narrow for any tile
// of 8x4 blocks; its 16 padded tiles of 32x64 in 4x4 blocks count, and K =
// 4608 in 8 parts of 576 gives 128 workgroups (a quarter of an H100's SMs
// had one each before).
// CHECK-LABEL: func.func @conv_nchw_batch_1
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.+}} : tensor<8x576x49xf32>)
// CHECK: %[[PARTIAL:.+]] = linalg.generic
// CHECK-SAME: outs(%{{.+}} : tensor<8x512x49xf32>)
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["reduction", "parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME: outs(%{{.+}} : tensor<1x512x7x7xf32>)
module attributes {halc.target = #halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>} {
  func.func @conv_nchw_batch_1(%x: tensor<1x512x9x9xf32>, %w: tensor<512x512x3x3xf32>) -> tensor<1x512x7x7xf32> {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1x512x7x7xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x512x7x7xf32>) -> tensor<1x512x7x7xf32>
    %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
       ins(%x, %w : tensor<1x512x9x9xf32>, tensor<512x512x3x3xf32>) outs(%f : tensor<1x512x7x7xf32>) -> tensor<1x512x7x7xf32>
    return %r : tensor<1x512x7x7xf32>
  }
}

// -----

// Enough tiles (1024x1024: 128 of 64x128), a K too short to cut (392x512,
// K = 256), a batch matmul and a dynamic matmul stay whole.
// CHECK-LABEL: func.func @stay_whole
// CHECK-NOT: linalg.generic
// CHECK-COUNT-4: linalg.{{(batch_)?}}matmul
// CHECK-NOT: linalg.generic
module attributes {halc.target = #halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>} {
  func.func @stay_whole(%a: tensor<1024x1024xf32>, %b: tensor<392x256xf32>, %c: tensor<256x512xf32>,
                        %d: tensor<2x392x4608xf32>, %e: tensor<2x4608x512xf32>, %g: tensor<?x4608xf32>, %h: tensor<4608x512xf32>,
                        %i1: tensor<1024x1024xf32>, %i2: tensor<392x512xf32>, %i3: tensor<2x392x512xf32>, %i4: tensor<?x512xf32>)
      -> (tensor<1024x1024xf32>, tensor<392x512xf32>, tensor<2x392x512xf32>, tensor<?x512xf32>) {
    %0 = linalg.matmul ins(%a, %a : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%i1 : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
    %1 = linalg.matmul ins(%b, %c : tensor<392x256xf32>, tensor<256x512xf32>) outs(%i2 : tensor<392x512xf32>) -> tensor<392x512xf32>
    %2 = linalg.batch_matmul ins(%d, %e : tensor<2x392x4608xf32>, tensor<2x4608x512xf32>) outs(%i3 : tensor<2x392x512xf32>) -> tensor<2x392x512xf32>
    %3 = linalg.matmul ins(%g, %h : tensor<?x4608xf32>, tensor<4608x512xf32>) outs(%i4 : tensor<?x512xf32>) -> tensor<?x512xf32>
    return %0, %1, %2, %3 : tensor<1024x1024xf32>, tensor<392x512xf32>, tensor<2x392x512xf32>, tensor<?x512xf32>
  }
}

// -----

// Without a target nothing changes.
// CHECK-LABEL: func.func @untargeted
// CHECK: linalg.matmul
// CHECK-NOT: linalg.generic
func.func @untargeted(%a: tensor<392x4608xf32>, %b: tensor<4608x512xf32>, %i: tensor<392x512xf32>) -> tensor<392x512xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<392x4608xf32>, tensor<4608x512xf32>) outs(%i : tensor<392x512xf32>) -> tensor<392x512xf32>
  return %r : tensor<392x512xf32>
}
