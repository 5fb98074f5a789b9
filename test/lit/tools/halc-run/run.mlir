// halc-run runs a compiled function on Vulkan (lavapipe here): inline
// inputs, printed results, .npy in and out, and --expected_output, which
// fails (exit 1) when a result differs.
// REQUIRES: lavapipe
// RUN: halc-compile %s -o %t.halm
// RUN: halc-run %t.halm --function=add --input=2x3xf32=1,2,3,4,5,6 --input=2x3xf32=0.5 | FileCheck %s --check-prefix=PRINT
// RUN: halc-run %t.halm --function=add --input=2x3xf32=1,2,3,4,5,6 --input=2x3xf32=0.5 --output=@%t.npy
// RUN: halc-run %t.halm --function=add --input=@%t.npy --input=2x3xf32=-0.5 --expected_output=2x3xf32=1,2,3,4,5,6 | FileCheck %s --check-prefix=MATCH
// RUN: not halc-run %t.halm --function=add --input=2x3xf32=1 --input=2x3xf32=1 --expected_output=2x3xf32=2,2,2,2,2,2.1 | FileCheck %s --check-prefix=MISMATCH
// RUN: halc-run %t.halm --function=add --input=2x3xf32=1 --input=2x3xf32=1 --benchmark=3 | FileCheck %s --check-prefix=BENCH
// RUN: halc-run %t.halm --function=add --input=2x3xf32=1 --input=2x3xf32=1 --benchmark-calls=5 | FileCheck %s --check-prefix=CALLS
// RUN: halc-run %t.halm --function=iota --input=5xi32=7 | FileCheck %s --check-prefix=INT

// PRINT: result[0]: 2x3xf32=[1.5 2.5 3.5][4.5 5.5 6.5]
// MATCH: result[0]: matches 2x3xf32 (largest error 0, tolerance 0.0001)
// MISMATCH: result[0]: MISMATCH in 1 of 6 elements; first at [1, 2]: got 2, expected 2.1
// BENCH: device: llvmpipe
// BENCH: dispatch 0 @add: median {{[0-9.]+}} ms over 3 runs
// CALLS: device: llvmpipe
// CALLS-NEXT: submit: median {{[0-9.]+}} ms of host time over 5 calls
// CALLS-NEXT: calls back to back: {{[0-9.]+}} ms each
// CALLS-NEXT: call and wait: median {{[0-9.]+}} ms over 5 calls
// CALLS-NEXT: allocations while calling: 0
// CALLS-NOT: result
// INT: result[0]: 5xi32=[7 8 9 10 11]
func.func @add(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.add ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
func.func @iota(%a: tensor<5xi32>) -> tensor<5xi32> {
  %e = tensor.empty() : tensor<5xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
    ins(%a : tensor<5xi32>) outs(%e : tensor<5xi32>) {
  ^bb0(%x: i32, %o: i32):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %s = arith.addi %x, %ii : i32
    linalg.yield %s : i32
  } -> tensor<5xi32>
  return %r : tensor<5xi32>
}

// --reference=cpu runs the module's own input through upstream MLIR on the
// CPU and compares.
// RUN: halc-run %t.halm --function=add --input=2x3xf32=1,2,3,4,5,6 --input=2x3xf32=0.25 --reference=cpu | FileCheck %s --check-prefix=REFERENCE
// RUN: halc-run %t.halm --function=iota --input=5xi32=-3 --reference=cpu | FileCheck %s --check-prefix=REFERENCE-INT
// REFERENCE: result[0] vs cpu: matches 2x3xf32 (largest error 0, tolerance 0.0001)
// REFERENCE-INT: result[0] vs cpu: matches 5xi32 (largest error 0, tolerance 0)
