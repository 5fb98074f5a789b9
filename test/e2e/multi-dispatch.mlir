// Functions of several dispatches: matmul then softmax (a reduction ends a
// dispatch, an elementwise consumer takes the reduction feeding it), two
// results from different ops, a chain of two matmuls — at sizes with
// remainders, vs. the CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @matmul_softmax_17x33: result[0] vs cpu: matches
// CHECK: @two_results_127: result[0] vs cpu: matches
// CHECK-NEXT: @two_results_127: result[1] vs cpu: matches
// CHECK: @two_matmuls_13x17x19x7: result[0] vs cpu: matches
// CHECK: @chain_reusing_buffers: result[0] vs cpu: matches
func.func @matmul_softmax_17x33(%a: tensor<17x20xf32>, %b: tensor<20x33xf32>) -> tensor<17x33xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant -3.0e+38 : f32
  %e = tensor.empty() : tensor<17x33xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<17x33xf32>) -> tensor<17x33xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<17x20xf32>, tensor<20x33xf32>) outs(%acc : tensor<17x33xf32>) -> tensor<17x33xf32>
  %er = tensor.empty() : tensor<17xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%er : tensor<17xf32>) -> tensor<17xf32>
  %max = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%mm : tensor<17x33xf32>) outs(%mi : tensor<17xf32>) {
  ^bb0(%x: f32, %m: f32):
    %0 = arith.maximumf %x, %m : f32
    linalg.yield %0 : f32
  } -> tensor<17xf32>
  %ex = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm, %max : tensor<17x33xf32>, tensor<17xf32>) outs(%e : tensor<17x33xf32>) {
  ^bb0(%x: f32, %m: f32, %o: f32):
    %0 = arith.subf %x, %m : f32
    %1 = math.exp %0 : f32
    linalg.yield %1 : f32
  } -> tensor<17x33xf32>
  %si = linalg.fill ins(%zero : f32) outs(%er : tensor<17xf32>) -> tensor<17xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<17x33xf32>) outs(%si : tensor<17xf32>) {
  ^bb0(%x: f32, %s: f32):
    %0 = arith.addf %x, %s : f32
    linalg.yield %0 : f32
  } -> tensor<17xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ex, %sum : tensor<17x33xf32>, tensor<17xf32>) outs(%e : tensor<17x33xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %0 = arith.divf %x, %s : f32
    linalg.yield %0 : f32
  } -> tensor<17x33xf32>
  return %r : tensor<17x33xf32>
}
func.func @two_results_127(%a: tensor<127xf32>) -> (tensor<127xf32>, tensor<127xf32>) {
  %e = tensor.empty() : tensor<127xf32>
  %0 = linalg.negf ins(%a : tensor<127xf32>) outs(%e : tensor<127xf32>) -> tensor<127xf32>
  %1 = linalg.exp ins(%a : tensor<127xf32>) outs(%e : tensor<127xf32>) -> tensor<127xf32>
  return %0, %1 : tensor<127xf32>, tensor<127xf32>
}
func.func @two_matmuls_13x17x19x7(%a: tensor<13x17xf32>, %b: tensor<17x19xf32>, %c: tensor<19x7xf32>) -> tensor<13x7xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<13x19xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<13x19xf32>) -> tensor<13x19xf32>
  %m1 = linalg.matmul ins(%a, %b : tensor<13x17xf32>, tensor<17x19xf32>) outs(%f1 : tensor<13x19xf32>) -> tensor<13x19xf32>
  %e2 = tensor.empty() : tensor<13x7xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<13x7xf32>) -> tensor<13x7xf32>
  %m2 = linalg.matmul ins(%m1, %c : tensor<13x19xf32>, tensor<19x7xf32>) outs(%f2 : tensor<13x7xf32>) -> tensor<13x7xf32>
  return %m2 : tensor<13x7xf32>
}
func.func @chain_reusing_buffers(%a: tensor<64xf32>) -> tensor<64xf32> {
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
