// The dispatch plan of a function of seven dispatches: an intermediate reuses
// the buffer of one whose last reader has run (5 buffers, not 8); the
// argument (0) and the returned value (4) are never reused.
// RUN: halc-compile %s -o %t.halm
// RUN: halc-dump %t.halm | FileCheck %s
// CHECK: function @chain(64xf32) -> (64xf32): 5 buffers
// CHECK-NEXT: dispatch 0: executable 0 export 0, buffers [0, 1]
// CHECK-NEXT: dispatch 1: executable 0 export 1, buffers [1, 2]
// CHECK-NEXT: dispatch 2: executable 0 export 2, buffers [1, 2, 3]
// CHECK-NEXT: dispatch 3: executable 0 export 3, buffers [3, 2]
// CHECK-NEXT: dispatch 4: executable 0 export 4, buffers [3, 2, 1]
// CHECK-NEXT: dispatch 5: executable 0 export 5, buffers [1, 2]
// CHECK-NEXT: dispatch 6: executable 0 export 6, buffers [1, 2, 4]
// A plan with a dynamic batch and a scalar: buffers sized, constants and
// workgroup counts worked out at the call (halc_call_prepare).
// CHECK: function @batch(?x4xf32, f32) -> (?x4xf32): 2 buffers; sizes, constants and workgroup counts depend on the call
// CHECK-NEXT: dispatch 0: executable 0 export 7, buffers [0, 1]
func.func @chain(%a: tensor<64xf32>) -> tensor<64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %r0 = tensor.empty() : tensor<f32>
  %f0 = linalg.fill ins(%zero : f32) outs(%r0 : tensor<f32>) -> tensor<f32>
  %1 = linalg.exp ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%1 : tensor<64xf32>) outs(%f0 : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %0 = arith.addf %x, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<f32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%1, %s1 : tensor<64xf32>, tensor<f32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %0 = arith.divf %x, %s : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  %s2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%2 : tensor<64xf32>) outs(%f0 : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %0 = arith.maximumf %x, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<f32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%2, %s2 : tensor<64xf32>, tensor<f32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %0 = arith.subf %x, %s : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  %4 = linalg.negf ins(%3 : tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %5 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%4 : tensor<64xf32>) outs(%f0 : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %0 = arith.addf %x, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<f32>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%4, %5 : tensor<64xf32>, tensor<f32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %0 = arith.mulf %x, %s : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  return %6 : tensor<64xf32>
}
func.func @batch(%a: tensor<?x4xf32>, %s: f32) -> tensor<?x4xf32> {
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
// A constant read only by the first dispatch keeps its buffer (1): the sum
// after it takes a buffer of its own (3), since a runtime uploads a
// constant once for every call.
// CHECK: function @constant_kept(64xf32) -> (64xf32): 6 buffers (constants: 1)
// CHECK-NEXT: dispatch 0: executable 0 export {{[0-9]+}}, buffers [0, 1, 2]
// CHECK-NEXT: dispatch 1: executable 0 export {{[0-9]+}}, buffers [2, 3]
// CHECK-NEXT: dispatch 2: executable 0 export {{[0-9]+}}, buffers [2, 3, 4]
// CHECK-NEXT: dispatch 3: executable 0 export {{[0-9]+}}, buffers [4, 3]
// CHECK-NEXT: dispatch 4: executable 0 export {{[0-9]+}}, buffers [4, 3, 5]
func.func @constant_kept(%a: tensor<64xf32>) -> tensor<64xf32> {
  %c = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0]> : tensor<64xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %r0 = tensor.empty() : tensor<f32>
  %f0 = linalg.fill ins(%zero : f32) outs(%r0 : tensor<f32>) -> tensor<f32>
  %1 = linalg.add ins(%a, %c : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  %s1 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%1 : tensor<64xf32>) outs(%f0 : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %0 = arith.addf %x, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<f32>
  %2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%1, %s1 : tensor<64xf32>, tensor<f32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %0 = arith.divf %x, %s : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  %s2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%2 : tensor<64xf32>) outs(%f0 : tensor<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %0 = arith.maximumf %x, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<f32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%2, %s2 : tensor<64xf32>, tensor<f32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %0 = arith.mulf %x, %s : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  return %3 : tensor<64xf32>
}
