// A call whose argument sizes disagree where the program needs them equal
// (a matmul's K) is refused before any kernel reads out of bounds; sizes
// that agree run.
// REQUIRES: lavapipe
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.halm
// RUN: not halc-run %t.halm --input=3x100000xf32=1 --input=1x6xf32=1 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: halc-run %t.halm --input=3x5xf32=1 --input=5x6xf32=1 --reference=cpu | FileCheck %s --check-prefix=MATCH
// MISMATCH: error: @matmul: argument 0 has 100000 elements along dimension 1 and argument 1 has 1 along dimension 0; the program needs them equal
// MATCH: result[0] vs cpu: matches 3x6xf32
func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
