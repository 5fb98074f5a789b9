// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(halc.executable(halc-implicit-gemm))' | FileCheck %s

// A padded NHWC convolution with stride 2: M is the batch and the output
// pixels (2 * 4 * 4), K the filter's rows, columns and channels (3 * 3 * 8).
// The im2col matrix runs the pad's bounds checks at the convolved index; the
// filter and output bindings, read and written only here, become 2-D.
// CHECK-LABEL: halc.executable @nhwc
// CHECK: func.func @conv(%[[IN:.+]]: memref<2x8x8x8xf32>, %[[FILTER:.+]]: memref<72x16xf32>, %[[OUT:.+]]: memref<32x16xf32>)
// CHECK: %[[X:.+]] = bufferization.to_tensor %[[IN]]
// CHECK: %[[W:.+]] = bufferization.to_tensor %[[FILTER]] restrict : memref<72x16xf32> to tensor<72x16xf32>
// CHECK: %[[INIT4D:.+]] = linalg.fill
// CHECK: %[[IM2COL:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} outs(%{{.+}} : tensor<32x72xf32>)
// CHECK:   %[[ROW:.+]] = linalg.index 0
// CHECK:   %[[COL:.+]] = linalg.index 1
// CHECK:   %[[PIXEL:.+]] = arith.remui %[[ROW]], %c16
// CHECK:   %[[N:.+]] = arith.divui %[[ROW]], %c16
// CHECK:   %[[CHANNEL:.+]] = arith.remui %[[COL]], %c8
// CHECK:   %[[KPOS:.+]] = arith.divui %[[COL]], %c8
// CHECK:   %[[KW:.+]] = arith.remui %[[KPOS]], %c3
// CHECK:   %[[KH:.+]] = arith.divui %[[KPOS]], %c3
// CHECK:   %[[OW:.+]] = arith.remui %[[PIXEL]], %c4
// CHECK:   %[[OH:.+]] = arith.divui %[[PIXEL]], %c4
// CHECK:   %[[OH2:.+]] = arith.muli %[[OH]], %c2
// CHECK:   %[[H:.+]] = arith.addi %[[OH2]], %[[KH]]
// CHECK:   %[[OW2:.+]] = arith.muli %[[OW]], %c2
// CHECK:   %[[WW:.+]] = arith.addi %[[OW2]], %[[KW]]
// CHECK:   %[[HS:.+]] = arith.subi %[[H]], %c1
// CHECK:   %[[WS:.+]] = arith.subi %[[WW]], %c1
// CHECK:   %[[HC:.+]] = arith.minsi %{{.+}}, %c7
// CHECK:   %[[WC:.+]] = arith.minsi %{{.+}}, %c7
// CHECK:   %[[V:.+]] = tensor.extract %[[X]][%[[N]], %[[HC]], %[[WC]], %[[CHANNEL]]]
// CHECK:   %[[E:.+]] = arith.select %{{.+}}, %[[V]], %{{.+}} : f32
// CHECK:   linalg.yield %[[E]]
// CHECK: %[[INIT:.+]] = tensor.collapse_shape %[[INIT4D]] {{\[}}[0, 1, 2], [3]] : tensor<2x4x4x16xf32> into tensor<32x16xf32>
// CHECK: %[[GEMM:.+]] = linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[IM2COL]], %[[W]] : tensor<32x72xf32>, tensor<72x16xf32>) outs(%[[INIT]] : tensor<32x16xf32>)
// CHECK:   arith.mulf
// CHECK:   arith.addf
// CHECK: bufferization.materialize_in_destination %[[GEMM]] in restrict writable %[[OUT]] : (tensor<32x16xf32>, memref<32x16xf32>)
// CHECK-NOT: linalg.conv
halc.executable @nhwc target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @conv ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @conv(%in: memref<2x8x8x8xf32>, %filter: memref<3x3x8x16xf32>, %out: memref<2x4x4x16xf32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %x = bufferization.to_tensor %in restrict : memref<2x8x8x8xf32> to tensor<2x8x8x8xf32>
      %w = bufferization.to_tensor %filter restrict : memref<3x3x8x16xf32> to tensor<3x3x8x16xf32>
      %pe = tensor.empty() : tensor<2x10x10x8xf32>
      %padded = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%pe : tensor<2x10x10x8xf32>) {
      ^bb0(%o: f32):
        %n = linalg.index 0 : index
        %h = linalg.index 1 : index
        %w2 = linalg.index 2 : index
        %c = linalg.index 3 : index
        %hs = arith.subi %h, %c1 : index
        %ws = arith.subi %w2, %c1 : index
        %h0 = arith.cmpi sge, %hs, %c0 : index
        %h1 = arith.cmpi slt, %hs, %c8 : index
        %w0 = arith.cmpi sge, %ws, %c0 : index
        %w1 = arith.cmpi slt, %ws, %c8 : index
        %a0 = arith.andi %h0, %h1 : i1
        %a1 = arith.andi %w0, %w1 : i1
        %inside = arith.andi %a0, %a1 : i1
        %hm = arith.maxsi %hs, %c0 : index
        %hc = arith.minsi %hm, %c7 : index
        %wm = arith.maxsi %ws, %c0 : index
        %wc = arith.minsi %wm, %c7 : index
        %v = tensor.extract %x[%n, %hc, %wc, %c] : tensor<2x8x8x8xf32>
        %s = arith.select %inside, %v, %zero : f32
        linalg.yield %s : f32
      } -> tensor<2x10x10x8xf32>
      %e = tensor.empty() : tensor<2x4x4x16xf32>
      %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x4x16xf32>) -> tensor<2x4x4x16xf32>
      %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
         ins(%padded, %w : tensor<2x10x10x8xf32>, tensor<3x3x8x16xf32>) outs(%init : tensor<2x4x4x16xf32>) -> tensor<2x4x4x16xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<2x4x4x16xf32>, memref<2x4x4x16xf32>) -> ()
      return
    }
  }
}

// -----

// NCHW with a dilation of 2: a matmul per image, the filter (F x C*3*3) on
// the left, the im2col matrix (K x pixels) on the right, the pixels
// innermost. The filter is also read by another op, so it is collapsed as a
// tensor; the output is written through a view that is not a binding, so
// it is collapsed as a view.
// CHECK-LABEL: halc.executable @nchw
// CHECK: func.func @conv(%{{.+}}: memref<1x3x10x10xf32>, %[[FILTER:.+]]: memref<5x3x3x3xf32>, %[[OUT:.+]]: memref<30x6xf32>, %{{.+}}: memref<5x3x3x3xf32>)
// CHECK: %[[IM2COL:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<1x27x36xf32>)
// CHECK:   %[[KW:.+]] = arith.remui %{{.+}}, %c3
// CHECK:   %[[OW:.+]] = arith.remui %{{.+}}, %c6
// CHECK:   %[[KW2:.+]] = arith.muli %[[KW]], %c2
// CHECK:   %[[COLUMN:.+]] = arith.addi %[[OW]], %[[KW2]]
// CHECK:   tensor.extract %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}, %[[COLUMN]]]
// CHECK: %[[W:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0], [1, 2, 3]] : tensor<5x3x3x3xf32> into tensor<5x27xf32>
// CHECK: %[[GEMM:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%[[W]], %[[IM2COL]] : tensor<5x27xf32>, tensor<1x27x36xf32>) outs(%{{.+}} : tensor<1x5x36xf32>)
// CHECK: %[[VIEW:.+]] = memref.expand_shape %[[OUT]]
// CHECK: %[[FLAT:.+]] = memref.collapse_shape %[[VIEW]] {{\[}}[0], [1], [2, 3]] : memref<1x5x6x6xf32> into memref<1x5x36xf32>
// CHECK: bufferization.materialize_in_destination %[[GEMM]] in restrict writable %[[FLAT]]
halc.executable @nchw target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @conv ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write, read_write]>)
  builtin.module {
    func.func @conv(%in: memref<1x3x10x10xf32>, %filter: memref<5x3x3x3xf32>, %out: memref<30x6xf32>, %copy: memref<5x3x3x3xf32>) {
      %zero = arith.constant 0.0 : f32
      %x = bufferization.to_tensor %in restrict : memref<1x3x10x10xf32> to tensor<1x3x10x10xf32>
      %w = bufferization.to_tensor %filter restrict : memref<5x3x3x3xf32> to tensor<5x3x3x3xf32>
      %e = tensor.empty() : tensor<1x5x6x6xf32>
      %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x5x6x6xf32>) -> tensor<1x5x6x6xf32>
      %r = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x3x10x10xf32>, tensor<5x3x3x3xf32>) outs(%init : tensor<1x5x6x6xf32>) -> tensor<1x5x6x6xf32>
      %view = memref.expand_shape %out [[0, 1, 2], [3]] output_shape [1, 5, 6, 6] : memref<30x6xf32> into memref<1x5x6x6xf32>
      bufferization.materialize_in_destination %r in restrict writable %view : (tensor<1x5x6x6xf32>, memref<1x5x6x6xf32>) -> ()
      bufferization.materialize_in_destination %w in restrict writable %copy : (tensor<5x3x3x3xf32>, memref<5x3x3x3xf32>) -> ()
      return
    }
  }
}

// -----

// A depthwise convolution and one over a dynamic image keep their direct
// loops.
// CHECK-LABEL: halc.executable @kept
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc
// CHECK: linalg.conv_2d_nhwc_hwcf
halc.executable @kept target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @depthwise ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  halc.export @dynamic ordinal(1) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @depthwise(%in: memref<1x6x6x4xf32>, %filter: memref<3x3x4xf32>, %out: memref<1x4x4x4xf32>) {
      %zero = arith.constant 0.0 : f32
      %x = bufferization.to_tensor %in restrict : memref<1x6x6x4xf32> to tensor<1x6x6x4xf32>
      %w = bufferization.to_tensor %filter restrict : memref<3x3x4xf32> to tensor<3x3x4xf32>
      %e = tensor.empty() : tensor<1x4x4x4xf32>
      %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
      %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x6x6x4xf32>, tensor<3x3x4xf32>) outs(%init : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x4x4x4xf32>, memref<1x4x4x4xf32>) -> ()
      return
    }
    func.func @dynamic(%in: memref<1x?x6x4xf32>, %filter: memref<3x3x4x8xf32>, %out: memref<1x?x4x8xf32>) {
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      %x = bufferization.to_tensor %in restrict : memref<1x?x6x4xf32> to tensor<1x?x6x4xf32>
      %w = bufferization.to_tensor %filter restrict : memref<3x3x4x8xf32> to tensor<3x3x4x8xf32>
      %h = memref.dim %out, %c1 : memref<1x?x4x8xf32>
      %e = tensor.empty(%h) : tensor<1x?x4x8xf32>
      %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x?x4x8xf32>) -> tensor<1x?x4x8xf32>
      %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
         ins(%x, %w : tensor<1x?x6x4xf32>, tensor<3x3x4x8xf32>) outs(%init : tensor<1x?x4x8xf32>) -> tensor<1x?x4x8xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1x?x4x8xf32>, memref<1x?x4x8xf32>) -> ()
      return
    }
  }
}

// -----

// A convolution whose result an elementwise epilogue (a bias and ReLU)
// consumes before the write: the epilogue's loops collapse as the output
// does (the bias, indexed by the channel, keeps its map), it reads the
// matmul's result, and the matmul starts from a fill of its own shape.
// CHECK-LABEL: halc.executable @epilogue
// CHECK: func.func @conv(%{{.+}}: memref<1x4x4x8xf32>, %{{.+}}: memref<8x16xf32>, %[[BIAS:.+]]: memref<16xf32>, %[[OUT:.+]]: memref<16x16xf32>)
// CHECK: %[[B:.+]] = bufferization.to_tensor %[[BIAS]]
// CHECK: %[[EMPTY:.+]] = tensor.empty() : tensor<16x16xf32>
// CHECK: %[[FILL:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[EMPTY]] : tensor<16x16xf32>)
// CHECK: %[[GEMM:.+]] = linalg.generic {{.*}} outs(%[[FILL]] : tensor<16x16xf32>)
// CHECK: %[[Y:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} ins(%[[GEMM]], %[[B]] : tensor<16x16xf32>, tensor<16xf32>) outs(%{{.+}} : tensor<16x16xf32>)
// CHECK:   arith.maximumf
// CHECK: bufferization.materialize_in_destination %[[Y]] in restrict writable %[[OUT]] : (tensor<16x16xf32>, memref<16x16xf32>)
// CHECK-NOT: linalg.conv
halc.executable @epilogue target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @conv ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_only, read_write]>)
  builtin.module {
    func.func @conv(%in: memref<1x4x4x8xf32>, %filter: memref<1x1x8x16xf32>, %bias: memref<16xf32>, %out: memref<1x4x4x16xf32>) {
      %zero = arith.constant 0.0 : f32
      %x = bufferization.to_tensor %in restrict : memref<1x4x4x8xf32> to tensor<1x4x4x8xf32>
      %w = bufferization.to_tensor %filter restrict : memref<1x1x8x16xf32> to tensor<1x1x8x16xf32>
      %b = bufferization.to_tensor %bias restrict : memref<16xf32> to tensor<16xf32>
      %e = tensor.empty() : tensor<1x4x4x16xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
      %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
          ins(%x, %w : tensor<1x4x4x8xf32>, tensor<1x1x8x16xf32>) outs(%f : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
      %y = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
          ins(%c, %b : tensor<1x4x4x16xf32>, tensor<16xf32>) outs(%e : tensor<1x4x4x16xf32>) {
      ^bb0(%v: f32, %bb: f32, %o: f32):
        %s = arith.addf %v, %bb : f32
        %t = arith.maximumf %s, %zero : f32
        linalg.yield %t : f32
      } -> tensor<1x4x4x16xf32>
      bufferization.materialize_in_destination %y in restrict writable %out : (tensor<1x4x4x16xf32>, memref<1x4x4x16xf32>) -> ()
      return
    }
  }
}

// -----

// An epilogue that reads an operand at a constant index (a bias of shape
// 1x1x1x16, as ONNX models give one) cannot collapse with the output: the
// convolution keeps its loops.
// CHECK-LABEL: halc.executable @constant_index_epilogue
// CHECK: linalg.conv_2d_nhwc_hwcf
// CHECK: linalg.generic
halc.executable @constant_index_epilogue target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @conv ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_only, read_write]>)
  builtin.module {
    func.func @conv(%in: memref<1x4x4x8xf32>, %filter: memref<1x1x8x16xf32>, %bias: memref<1x1x1x16xf32>, %out: memref<1x4x4x16xf32>) {
      %zero = arith.constant 0.0 : f32
      %x = bufferization.to_tensor %in restrict : memref<1x4x4x8xf32> to tensor<1x4x4x8xf32>
      %w = bufferization.to_tensor %filter restrict : memref<1x1x8x16xf32> to tensor<1x1x8x16xf32>
      %b = bufferization.to_tensor %bias restrict : memref<1x1x1x16xf32> to tensor<1x1x1x16xf32>
      %e = tensor.empty() : tensor<1x4x4x16xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
      %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
          ins(%x, %w : tensor<1x4x4x8xf32>, tensor<1x1x8x16xf32>) outs(%f : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
      %y = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (0, 0, 0, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
          ins(%c, %b : tensor<1x4x4x16xf32>, tensor<1x1x1x16xf32>) outs(%e : tensor<1x4x4x16xf32>) {
      ^bb0(%v: f32, %bb: f32, %o: f32):
        %s = arith.addf %v, %bb : f32
        linalg.yield %s : f32
      } -> tensor<1x4x4x16xf32>
      bufferization.materialize_in_destination %y in restrict writable %out : (tensor<1x4x4x16xf32>, memref<1x4x4x16xf32>) -> ()
      return
    }
  }
}
