// index scalars at a function's boundary, as IREE accepts them: passed as
// i32 (halc-convert-index-arguments), here a scale and the offset of a
// window into the input (wrapping around it); compared with the CPU
// reference (which takes the same i32) on random inputs and arguments.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.halm
// RUN: halc-run %t.halm --function=window --input=8xf32=0,1,2,3,4,5,6,7 --input=i32=3 --expected_output=4xf32=3,4,5,6 | FileCheck %s --check-prefix=BY-HAND
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @scale_by_index: result[0] vs cpu: matches 64xf32
// CHECK: @window: result[0] vs cpu: matches 4xf32
// BY-HAND: result[0]: matches 4xf32
func.func @scale_by_index(%a: tensor<64xf32>, %n: index) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = arith.index_cast %n : index to i32
    %f = arith.sitofp %i : i32 to f32
    %p = arith.mulf %x, %f : f32
    linalg.yield %p : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func @window(%a: tensor<8xf32>, %offset: index) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%e : tensor<4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %c8 = arith.constant 8 : index
    %s = arith.addi %i, %offset : index
    %j = arith.remui %s, %c8 : index
    %v = tensor.extract %a[%j] : tensor<8xf32>
    linalg.yield %v : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
