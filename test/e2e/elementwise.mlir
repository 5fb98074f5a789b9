// Elementwise ops of rank 1 to 4 at sizes 1, 3, 17, 127 and 513 (edges that
// are not multiples of the tiles), broadcasting through indexing maps,
// linalg.index, f32, f16 and i32, integer ops on i8/i16/i32 (shifts, bitwise,
// min/max, ctlz, extensions, i1 comparisons and select), on random inputs vs.
// the CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu %s | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @add_1: result[0] vs cpu: matches
// CHECK: @add_513: result[0] vs cpu: matches
// CHECK: @bias_127x17: result[0] vs cpu: matches
// CHECK: @index_3x17x127: result[0] vs cpu: matches
// CHECK: @rank4_2x3x17x3: result[0] vs cpu: matches
// CHECK: @f16_cast_513: result[0] vs cpu: matches
// CHECK: @i32_ops_17x127: result[0] vs cpu: matches
// CHECK: @select_128x64: result[0] vs cpu: matches
// CHECK: @int_ops_i8_i16: result[0] vs cpu: matches
// CHECK: @int_ops_i8_i16: result[1] vs cpu: matches
// CHECK: @int_ops_i8_i16: result[2] vs cpu: matches
#id1 = affine_map<(d0) -> (d0)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bc4 = affine_map<(d0, d1, d2, d3) -> (d1, d3)>
func.func @add_1(%a: tensor<1xf32>, %b: tensor<1xf32>) -> tensor<1xf32> {
  %e = tensor.empty() : tensor<1xf32>
  %r = linalg.add ins(%a, %b : tensor<1xf32>, tensor<1xf32>) outs(%e : tensor<1xf32>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}
func.func @add_513(%a: tensor<513xf32>, %b: tensor<513xf32>) -> tensor<513xf32> {
  %e = tensor.empty() : tensor<513xf32>
  %r = linalg.add ins(%a, %b : tensor<513xf32>, tensor<513xf32>) outs(%e : tensor<513xf32>) -> tensor<513xf32>
  return %r : tensor<513xf32>
}
func.func @bias_127x17(%a: tensor<127x17xf32>, %b: tensor<17xf32>) -> tensor<127x17xf32> {
  %e = tensor.empty() : tensor<127x17xf32>
  %r = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b : tensor<127x17xf32>, tensor<17xf32>) outs(%e : tensor<127x17xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.mulf %x, %y : f32
    %t = arith.subf %s, %x : f32
    linalg.yield %t : f32
  } -> tensor<127x17xf32>
  return %r : tensor<127x17xf32>
}
func.func @index_3x17x127(%a: tensor<3x17x127xf32>) -> tensor<3x17x127xf32> {
  %e = tensor.empty() : tensor<3x17x127xf32>
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
    ins(%a : tensor<3x17x127xf32>) outs(%e : tensor<3x17x127xf32>) {
  ^bb0(%x: f32, %o: f32):
    %i = linalg.index 0 : index
    %k = linalg.index 2 : index
    %ik = arith.addi %i, %k : index
    %n = arith.index_cast %ik : index to i32
    %f = arith.sitofp %n : i32 to f32
    %s = arith.addf %x, %f : f32
    linalg.yield %s : f32
  } -> tensor<3x17x127xf32>
  return %r : tensor<3x17x127xf32>
}
func.func @rank4_2x3x17x3(%a: tensor<2x3x17x3xf32>, %b: tensor<3x3xf32>) -> tensor<2x3x17x3xf32> {
  %e = tensor.empty() : tensor<2x3x17x3xf32>
  %r = linalg.generic {indexing_maps = [#id4, #bc4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%a, %b : tensor<2x3x17x3xf32>, tensor<3x3xf32>) outs(%e : tensor<2x3x17x3xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.maximumf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<2x3x17x3xf32>
  return %r : tensor<2x3x17x3xf32>
}
func.func @f16_cast_513(%a: tensor<513xf16>, %b: tensor<513xf32>) -> tensor<513xf16> {
  %e = tensor.empty() : tensor<513xf16>
  %r = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]}
    ins(%a, %b : tensor<513xf16>, tensor<513xf32>) outs(%e : tensor<513xf16>) {
  ^bb0(%x: f16, %y: f32, %o: f16):
    %xf = arith.extf %x : f16 to f32
    %s = arith.addf %xf, %y : f32
    %h = arith.truncf %s : f32 to f16
    linalg.yield %h : f16
  } -> tensor<513xf16>
  return %r : tensor<513xf16>
}
func.func @i32_ops_17x127(%a: tensor<17x127xi32>, %b: tensor<17x127xi32>) -> tensor<17x127xi32> {
  %e = tensor.empty() : tensor<17x127xi32>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b : tensor<17x127xi32>, tensor<17x127xi32>) outs(%e : tensor<17x127xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %m = arith.muli %x, %y : i32
    %s = arith.subi %m, %x : i32
    %mx = arith.maxsi %s, %y : i32
    linalg.yield %mx : i32
  } -> tensor<17x127xi32>
  return %r : tensor<17x127xi32>
}
func.func @select_128x64(%a: tensor<128x64xf32>, %b: tensor<128x64xi32>) -> tensor<128x64xf32> {
  %e = tensor.empty() : tensor<128x64xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
    ins(%a, %b : tensor<128x64xf32>, tensor<128x64xi32>) outs(%e : tensor<128x64xf32>) {
  ^bb0(%x: f32, %y: i32, %o: f32):
    %yf = arith.sitofp %y : i32 to f32
    %c = arith.cmpf ogt, %x, %yf : f32
    %s = arith.select %c, %x, %yf : f32
    %i = arith.fptosi %s : f32 to i32
    %back = arith.sitofp %i : i32 to f32
    linalg.yield %back : f32
  } -> tensor<128x64xf32>
  return %r : tensor<128x64xf32>
}
func.func @int_ops_i8_i16(%a: tensor<67xi8>, %b: tensor<67xi16>, %c: tensor<67xi32>) -> (tensor<67xi8>, tensor<67xi16>, tensor<67xi32>) {
  %e8 = tensor.empty() : tensor<67xi8>
  %e16 = tensor.empty() : tensor<67xi16>
  %e32 = tensor.empty() : tensor<67xi32>
  %r:3 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%a, %b, %c : tensor<67xi8>, tensor<67xi16>, tensor<67xi32>) outs(%e8, %e16, %e32 : tensor<67xi8>, tensor<67xi16>, tensor<67xi32>) {
  ^bb0(%x: i8, %y: i16, %z: i32, %o8: i8, %o16: i16, %o32: i32):
    %c2_8 = arith.constant 2 : i8
    %c3_16 = arith.constant 3 : i16
    %c5 = arith.constant 5 : i32
    %c0x5a = arith.constant 90 : i32
    %s8 = arith.shli %x, %c2_8 : i8
    %x8 = arith.xori %s8, %x : i8
    %m8 = arith.maxsi %x8, %x : i8
    %sh16 = arith.shrsi %y, %c3_16 : i16
    %a16 = arith.andi %sh16, %y : i16
    %mn16 = arith.minsi %a16, %y : i16
    %xe = arith.extsi %x : i8 to i32
    %ye = arith.extsi %y : i16 to i32
    %sum = arith.addi %xe, %ye : i32
    %u = arith.shrui %z, %c5 : i32
    %o = arith.ori %u, %c0x5a : i32
    %clz = math.ctlz %o : i32
    %cmp = arith.cmpi sgt, %sum, %z : i32
    %sel = arith.select %cmp, %clz, %sum : i32
    %mu = arith.minui %sel, %o : i32
    linalg.yield %m8, %mn16, %mu : i8, i16, i32
  } -> (tensor<67xi8>, tensor<67xi16>, tensor<67xi32>)
  return %r#0, %r#1, %r#2 : tensor<67xi8>, tensor<67xi16>, tensor<67xi32>
}
