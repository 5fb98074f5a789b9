// RUN: halc-opt %s --halc-convert-index-arguments | FileCheck %s

// A public function's index arguments become i32 arguments, each cast to
// index once at the entry for the uses; tensors and other scalars stay.
// CHECK-LABEL: func.func @scale(
// CHECK-SAME: %[[T:.+]]: tensor<?xf32>, %[[N:.+]]: i32, %[[S:.+]]: f32) -> tensor<?xf32>
// CHECK-NEXT: %[[INDEX:.+]] = arith.index_cast %[[N]] : i32 to index
// CHECK: tensor.empty(%[[INDEX]])
// CHECK-NOT: arith.index_cast
func.func @scale(%t: tensor<?xf32>, %n: index, %s: f32) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%t : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %p = arith.mulf %x, %s : f32
    linalg.yield %p : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// A private function (inlined later) keeps its signature.
// CHECK-LABEL: func.func private @helper(
// CHECK-SAME: %{{.+}}: index)
func.func private @helper(%n: index) -> index {
  return %n : index
}
