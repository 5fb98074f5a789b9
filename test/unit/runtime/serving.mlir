// The functions ServingTest.cpp calls through halc/driver.h, compiled for
// lavapipe when the tests are built: one dispatch, two in a row with an
// intermediate and a constant, a dynamic size with a scalar, and an
// argument returned as it is.
func.func @add(%a: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<1024xf32> {
  %e = tensor.empty() : tensor<1024xf32>
  %r = linalg.add ins(%a, %b : tensor<1024xf32>, tensor<1024xf32>)
                  outs(%e : tensor<1024xf32>) -> tensor<1024xf32>
  return %r : tensor<1024xf32>
}

// (x + c) * (x + c) over each row, with c = [1, 2, 3, 4]: a constant and an
// intermediate between two dispatches (a reduction does not fuse with its
// producer here).
func.func @square_sum(%x: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8xf32>) {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %e = tensor.empty() : tensor<8x4xf32>
  %shifted = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x, %c : tensor<8x4xf32>, tensor<4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    %q = arith.mulf %s, %s : f32
    linalg.yield %q : f32
  } -> tensor<8x4xf32>
  %z = arith.constant 0.0 : f32
  %e8 = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%z : f32) outs(%e8 : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%shifted : tensor<8x4xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %a = arith.addf %v, %o : f32
    linalg.yield %a : f32
  } -> tensor<8xf32>
  return %shifted, %sum : tensor<8x4xf32>, tensor<8xf32>
}

func.func @scale(%x: tensor<?xf32>, %s: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
      iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.mulf %v, %s : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @identity(%x: tensor<16xf32>) -> tensor<16xf32> {
  return %x : tensor<16xf32>
}
