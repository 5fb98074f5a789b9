// An f16 row sum that a serial f16 accumulator gets wrong: 4,096 elements
// of 0.001 (0.0010004 in f16) sum to 4.0977, but an f16 accumulator stops
// growing near 4.0078. Where lanes share the row (the MSL of metal-spirv:
// one subgroup; lavapipe: 64 lanes combined through workgroup memory), each
// lane accumulates in f32: the sum is 4.0977, the f16 nearest the exact one.
// REQUIRES: lavapipe
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --iree-metal-compile-to-metallib=false -o %t.halm
// RUN: halc-run %t.halm --device=msl-cpu --function=sum --input=1x4096xf16=0.001 --expected_output=1xf16=4.0977 | FileCheck %s
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.vk.halm
// RUN: halc-run %t.vk.halm --function=sum --input=1x4096xf16=0.001 --expected_output=1xf16=4.0977 | FileCheck %s
// CHECK: result[0]: matches 1xf16
// Every other reduction strategy, by a serial loop that carries its sum in
// f32 (halc's WidenAccumulators): a column sum (each thread a column), a
// whole tensor summed by one thread (65,536 steps: 65.5625 exactly), a bf16
// row sum (0.5 + 4,096 x 2^-10 = 4.5; a bf16 accumulator stops at 2.5), and
// an argmax, whose maximum is exact in f16 and stays so.
// RUN: halc-run %t.halm --device=msl-cpu --function=column_sum --input=4096x8xf16=0.001 --expected_output=8xf16=4.0977 | FileCheck %s --check-prefix=COLUMN
// RUN: halc-run %t.vk.halm --function=column_sum --input=4096x8xf16=0.001 --expected_output=8xf16=4.0977 | FileCheck %s --check-prefix=COLUMN
// RUN: halc-run %t.halm --device=msl-cpu --function=total --input=65536xf16=0.001 --expected_output=f16=65.5625 | FileCheck %s --check-prefix=TOTAL
// RUN: halc-run %t.vk.halm --function=total --input=65536xf16=0.001 --expected_output=f16=65.5625 | FileCheck %s --check-prefix=TOTAL
// RUN: halc-run %t.halm --device=msl-cpu --function=bf16_rows --input=3x4096xbf16=0.0009765625 --expected_output=3xbf16=4.5 | FileCheck %s --check-prefix=BF16
// RUN: halc-run %t.vk.halm --function=bf16_rows --input=3x4096xbf16=0.0009765625 --expected_output=3xbf16=4.5 | FileCheck %s --check-prefix=BF16
// RUN: halc-run %t.halm --device=msl-cpu --function=argmax --input=2x4096xf16=0.001 --expected_output=2xf16=2.001,1.501 --expected_output=2xi32=3000,77 | FileCheck %s --check-prefix=ARGMAX
// RUN: halc-run %t.vk.halm --function=argmax --input=2x4096xf16=0.001 --expected_output=2xf16=2.001,1.501 --expected_output=2xi32=3000,77 | FileCheck %s --check-prefix=ARGMAX
// COLUMN: result[0]: matches 8xf16
// TOTAL: result[0]: matches f16
// BF16: result[0]: matches 3xbf16
// ARGMAX: result[0]: matches 2xf16
// ARGMAX: result[1]: matches 2xi32
func.func @sum(%a: tensor<1x4096xf16>) -> tensor<1xf16> {
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<1xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<1xf16>) -> tensor<1xf16>
  %r = linalg.reduce ins(%a : tensor<1x4096xf16>) outs(%f : tensor<1xf16>) dimensions = [1]
    (%x: f16, %acc: f16) {
      %s = arith.addf %x, %acc : f16
      linalg.yield %s : f16
    }
  return %r : tensor<1xf16>
}

func.func @column_sum(%a: tensor<4096x8xf16>) -> tensor<8xf16> {
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<8xf16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<8xf16>) -> tensor<8xf16>
  %r = linalg.reduce ins(%a : tensor<4096x8xf16>) outs(%f : tensor<8xf16>) dimensions = [0]
    (%x: f16, %acc: f16) {
      %s = arith.addf %x, %acc : f16
      linalg.yield %s : f16
    }
  return %r : tensor<8xf16>
}

func.func @total(%a: tensor<65536xf16>) -> tensor<f16> {
  %z = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<f16>
  %f = linalg.fill ins(%z : f16) outs(%e : tensor<f16>) -> tensor<f16>
  %r = linalg.reduce ins(%a : tensor<65536xf16>) outs(%f : tensor<f16>) dimensions = [0]
    (%x: f16, %acc: f16) {
      %s = arith.addf %x, %acc : f16
      linalg.yield %s : f16
    }
  return %r : tensor<f16>
}

// Each row's sum starts at 0.5.
func.func @bf16_rows(%a: tensor<3x4096xbf16>) -> tensor<3xbf16> {
  %half = arith.constant 0.5 : bf16
  %e = tensor.empty() : tensor<3xbf16>
  %init = linalg.fill ins(%half : bf16) outs(%e : tensor<3xbf16>) -> tensor<3xbf16>
  %r = linalg.reduce ins(%a : tensor<3x4096xbf16>) outs(%init : tensor<3xbf16>) dimensions = [1]
    (%x: bf16, %acc: bf16) {
      %s = arith.addf %x, %acc : bf16
      linalg.yield %s : bf16
    }
  return %r : tensor<3xbf16>
}

// The maximum of each row plus a bump (2 at column 3000 of row 0, 1.5 at
// column 77 of row 1), and where it is.
func.func @argmax(%a: tensor<2x4096xf16>) -> (tensor<2xf16>, tensor<2xi32>) {
  %lowest = arith.constant 0xFC00 : f16
  %z = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<2xf16>
  %ei = tensor.empty() : tensor<2xi32>
  %fv = linalg.fill ins(%lowest : f16) outs(%ev : tensor<2xf16>) -> tensor<2xf16>
  %fi = linalg.fill ins(%z : i32) outs(%ei : tensor<2xi32>) -> tensor<2xi32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<2x4096xf16>) outs(%fv, %fi : tensor<2xf16>, tensor<2xi32>) {
  ^bb0(%in: f16, %m: f16, %i: i32):
    %row = linalg.index 0 : index
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %c0 = arith.constant 0 : index
    %c77 = arith.constant 77 : index
    %c3000 = arith.constant 3000 : index
    %zero = arith.constant 0.0 : f16
    %two = arith.constant 2.0 : f16
    %one_and_half = arith.constant 1.5 : f16
    %first = arith.cmpi eq, %row, %c0 : index
    %column = arith.select %first, %c3000, %c77 : index
    %height = arith.select %first, %two, %one_and_half : f16
    %here = arith.cmpi eq, %j, %column : index
    %bump = arith.select %here, %height, %zero : f16
    %x = arith.addf %in, %bump : f16
    %gt = arith.cmpf ogt, %x, %m : f16
    %nm = arith.select %gt, %x, %m : f16
    %ni = arith.select %gt, %ji, %i : i32
    linalg.yield %nm, %ni : f16, i32
  } -> (tensor<2xf16>, tensor<2xi32>)
  return %r#0, %r#1 : tensor<2xf16>, tensor<2xi32>
}
