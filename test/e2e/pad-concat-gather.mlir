// Data movement by index: tensor.pad with a non-zero padding value,
// tensor.concat of three inputs, and a gather (linalg.generic reading a
// table through tensor.extract at indices from an input, wrapped into range),
// vs. the CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @pad_127: result[0] vs cpu: matches
// CHECK: @concat_3x5_3x7: result[0] vs cpu: matches
// CHECK: @gather_rows: result[0] vs cpu: matches
func.func @pad_127(%a: tensor<127xf32>) -> tensor<131xf32> {
  %v = arith.constant 7.0 : f32
  %r = tensor.pad %a low[3] high[1] {
  ^bb0(%i: index):
    tensor.yield %v : f32
  } : tensor<127xf32> to tensor<131xf32>
  return %r : tensor<131xf32>
}
func.func @concat_3x5_3x7(%a: tensor<3x5xf32>, %b: tensor<3x7xf32>, %c: tensor<3x1xf32>) -> tensor<3x13xf32> {
  %r = tensor.concat dim(1) %a, %b, %c : (tensor<3x5xf32>, tensor<3x7xf32>, tensor<3x1xf32>) -> tensor<3x13xf32>
  return %r : tensor<3x13xf32>
}
func.func @gather_rows(%table: tensor<50x17xf32>, %ids: tensor<9xi32>) -> tensor<9x17xf32> {
  %e = tensor.empty() : tensor<9x17xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%ids : tensor<9xi32>) outs(%e : tensor<9x17xf32>) {
  ^bb0(%id: i32, %o: f32):
    %j = linalg.index 1 : index
    %c50 = arith.constant 50 : i32
    %m = arith.remsi %id, %c50 : i32
    %c0 = arith.constant 0 : i32
    %neg = arith.cmpi slt, %m, %c0 : i32
    %w = arith.addi %m, %c50 : i32
    %p = arith.select %neg, %w, %m : i32
    %row = arith.index_cast %p : i32 to index
    %x = tensor.extract %table[%row, %j] : tensor<50x17xf32>
    linalg.yield %x : f32
  } -> tensor<9x17xf32>
  return %r : tensor<9x17xf32>
}
