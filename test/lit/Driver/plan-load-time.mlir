// Load-time dispatches in the plan: those that read only constants (and
// each other's results) come first, marked once at load, with a buffer of
// their own; one that reads a constant the function also returns runs at
// each call (the caller gets that buffer, which a load-time dispatch may
// not bind).
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.halm
// RUN: halc-dump %t.halm | FileCheck %s
// The weights cast to f16 once, at load, into buffer 2, which the matmul
// (with its ReLU) reads at each call.
// CHECK: function @cast_weights(4x8xf16) -> (4x16xf16): 4 buffers (constants: 1)
// CHECK-NEXT: dispatch 0: executable 0 export {{[0-9]+}}, buffers [1, 2], workgroup count {{.*}}, once at load
// CHECK-NEXT: dispatch 1: executable 0 export {{[0-9]+}}, buffers [0, 2, 3], workgroup count {{[0-9x]+$}}
// CHECK: function @returns_its_weights(4x8xf16) -> (4x16xf16, 8x16xf32): 4 buffers (constants: 1)
// CHECK-NEXT: dispatch 0: executable 0 export {{[0-9]+}}, buffers [1, 2], workgroup count {{[0-9x]+$}}
// CHECK-NEXT: dispatch 1: executable 0 export {{[0-9]+}}, buffers [0, 2, 3], workgroup count {{[0-9x]+$}}
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @cast_weights(%a: tensor<4x8xf16>) -> tensor<4x16xf16> {
  %w = arith.constant dense<[[0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0], [1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125], [0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0], [1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125], [0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0], [1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125], [0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0], [1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125]]> : tensor<8x16xf32>
  %r = call @project(%a, %w) : (tensor<4x8xf16>, tensor<8x16xf32>) -> tensor<4x16xf16>
  return %r : tensor<4x16xf16>
}
func.func @returns_its_weights(%a: tensor<4x8xf16>) -> (tensor<4x16xf16>, tensor<8x16xf32>) {
  %w = arith.constant dense<[[0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0], [1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125], [0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0], [1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125], [0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0], [1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125], [0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0, 0.5, -1.0, 0.25, 2.0], [1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125, 1.0, 0.5, -0.5, 0.125]]> : tensor<8x16xf32>
  %r = call @project(%a, %w) : (tensor<4x8xf16>, tensor<8x16xf32>) -> tensor<4x16xf16>
  return %r, %w : tensor<4x16xf16>, tensor<8x16xf32>
}
// x @ f16(w), then a ReLU.
func.func private @project(%a: tensor<4x8xf16>, %w: tensor<8x16xf32>) -> tensor<4x16xf16> {
  %zero = arith.constant 0.0 : f16
  %we = tensor.empty() : tensor<8x16xf16>
  %w16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<8x16xf32>) outs(%we : tensor<8x16xf16>) {
  ^bb0(%v: f32, %out: f16):
    %0 = arith.truncf %v : f32 to f16
    linalg.yield %0 : f16
  } -> tensor<8x16xf16>
  %e = tensor.empty() : tensor<4x16xf16>
  %zeros = linalg.fill ins(%zero : f16) outs(%e : tensor<4x16xf16>) -> tensor<4x16xf16>
  %mm = linalg.matmul ins(%a, %w16 : tensor<4x8xf16>, tensor<8x16xf16>) outs(%zeros : tensor<4x16xf16>) -> tensor<4x16xf16>
  %relu = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<4x16xf16>) outs(%e : tensor<4x16xf16>) {
  ^bb0(%v: f16, %out: f16):
    %0 = arith.maximumf %v, %zero : f16
    linalg.yield %0 : f16
  } -> tensor<4x16xf16>
  return %relu : tensor<4x16xf16>
}
