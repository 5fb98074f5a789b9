// A result whose sizes follow from the call and ask for more than halc-run
// holds (an outer product of two vectors of 2^20: 2^42 bytes) is an error
// that names it, exit 1, not an uncaught std::bad_alloc.
// RUN: halc-compile %s -o %t.halm
// RUN: not halc-run %t.halm --input=1048576xf32=1 --input=1048576xf32=2 2>&1 | FileCheck %s
// CHECK: error: @outer: result 0: a tensor of 1048576x1048576xf32 has more bytes than halc-run holds (2^40)
func.func @outer(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?xf32>
  %n = tensor.dim %b, %c0 : tensor<?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    linalg.yield %p : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
