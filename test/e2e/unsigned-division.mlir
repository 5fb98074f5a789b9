// Unsigned divisions and remainders of six elements (a piece of four, then
// one-element pieces): upstream's SPIR-V conversion refused them on
// one-element vectors ("bitwidth emulation is not implemented yet on
// unsigned op pattern version"); they are done on the element.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --msl-configurations=3.0/macos %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @divide: result[0] vs cpu: matches 6xi32
// CHECK: @divide: result[1] vs cpu: matches 6xi32

func.func @divide(%a: tensor<6xi32>, %b: tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>) {
  %e = tensor.empty() : tensor<6xi32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<6xi32>, tensor<6xi32>) outs(%e, %e : tensor<6xi32>, tensor<6xi32>) {
  ^bb0(%x: i32, %y: i32, %q: i32, %m: i32):
    // Divisors 1 to 101 (no division by zero): |y| + 1.
    %c1 = arith.constant 1 : i32
    %abs = math.absi %y : i32
    %d = arith.addi %abs, %c1 : i32
    %quotient = arith.divui %x, %d : i32
    %remainder = arith.remui %x, %d : i32
    linalg.yield %quotient, %remainder : i32, i32
  } -> (tensor<6xi32>, tensor<6xi32>)
  return %r#0, %r#1 : tensor<6xi32>, tensor<6xi32>
}
