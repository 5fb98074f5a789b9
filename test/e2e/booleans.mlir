// i1 tensors as arguments, results, constants and values between
// dispatches: one byte per element (0 or 1) at every binding, as IREE
// stores them; compared with the CPU reference.
// REQUIRES: lavapipe
// RUN: %e2e --dynamic-sizes=5,37 %s --iree-vulkan-target=lavapipe | FileCheck %s
// RUN: %e2e --device=msl-cpu --dynamic-sizes=5,37 %s | FileCheck %s
// RUN: halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 -o /dev/null
// RUN: halc-compile %s --iree-hal-target-backends=cuda -o /dev/null
// halc-run reads and prints i1 as 0 or 1 (true and false too), and writes
// .npy files of NumPy's bool, one byte each (the runner's inputs are such
// files too):
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.halm
// RUN: halc-dump %t.halm | FileCheck %s --check-prefix=PLAN
// RUN: halc-run %t.halm --function=logic --input=3x5xi1=1,0,true,false,1,1,1,1,1,1,0,0,0,0,0 --input=3x5xi1=0 --output=@%t.and.npy | FileCheck %s --check-prefix=BOOL
// RUN: %python -c "d = open('%t.and.npy', 'rb').read(); print(d[10:d.index(b'}') + 1].decode(), list(d[-15:]))" | FileCheck %s --check-prefix=BOOL-NPY
// BOOL: result[1]: 3x5xi1=[1 0 1 0 1][1 1 1 1 1][0 0 0 0 0]
// BOOL-NPY: {'descr': '|b1', 'fortran_order': False, 'shape': (3,5,), } [1, 0, 1, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
// CHECK-NOT: MISMATCH
// CHECK-NOT: FAILED
// CHECK: @compare: result[0] vs cpu: matches
// CHECK: @select_mask: result[0] vs cpu: matches
// CHECK: @constant_mask: result[0] vs cpu: matches
// CHECK: @logic: result[0] vs cpu: matches
// CHECK: @logic: result[1] vs cpu: matches
// CHECK: @any_all: result[0] vs cpu: matches
// CHECK: @any_all: result[1] vs cpu: matches
// CHECK: @count_true: result[0] vs cpu: matches
// CHECK: @mask_between_dispatches: result[0] vs cpu: matches
// CHECK: @mask_between_dispatches: result[1] vs cpu: matches
// CHECK: @compare_dynamic[?=5]: result[0] vs cpu: matches
// CHECK: @compare_dynamic[?=37]: result[0] vs cpu: matches
// CHECK: @select_dynamic[?=5]: result[0] vs cpu: matches
// CHECK: @select_dynamic[?=37]: result[0] vs cpu: matches
// CHECK: @returned_mask: result[0] vs cpu: matches
// CHECK: @tosa_compare_select: result[0] vs cpu: matches
// CHECK: @tosa_compare_select: result[1] vs cpu: matches
// PLAN-LABEL: function @compare(4x8xf32, 4x8xf32) -> (4x8xi1)
// PLAN-LABEL: function @constant_mask(6xi32) -> (6xi32): 3 buffers (constants: 1)
// PLAN-LABEL: function @returned_mask(2x6xi1) -> (12xi1): 1 buffers
// PLAN-NOT: dispatch
// PLAN-LABEL: function @tosa_compare_select(

#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @compare(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xi1> {
  %e = tensor.empty() : tensor<4x8xi1>
  %r = linalg.generic {indexing_maps = [#map, #map, #map],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xi1>) {
  ^bb0(%x: f32, %y: f32, %o: i1):
    %c = arith.cmpf olt, %x, %y : f32
    linalg.yield %c : i1
  } -> tensor<4x8xi1>
  return %r : tensor<4x8xi1>
}

func.func @select_mask(%m: tensor<16xi1>, %a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16xf32> {
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>,
                                        affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%m, %a, %b : tensor<16xi1>, tensor<16xf32>, tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%c: i1, %x: f32, %y: f32, %o: f32):
    %s = arith.select %c, %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}

func.func @constant_mask(%a: tensor<6xi32>) -> tensor<6xi32> {
  %m = arith.constant dense<[true, false, true, true, false, true]> : tensor<6xi1>
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<6xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>,
                                        affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%m, %a : tensor<6xi1>, tensor<6xi32>) outs(%e : tensor<6xi32>) {
  ^bb0(%c: i1, %x: i32, %o: i32):
    %s = arith.select %c, %x, %z : i32
    linalg.yield %s : i32
  } -> tensor<6xi32>
  return %r : tensor<6xi32>
}

func.func @logic(%a: tensor<3x5xi1>, %b: tensor<3x5xi1>) -> (tensor<3x5xi1>, tensor<3x5xi1>) {
  %e = tensor.empty() : tensor<3x5xi1>
  %and = linalg.generic {indexing_maps = [#map, #map, #map],
                         iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<3x5xi1>, tensor<3x5xi1>) outs(%e : tensor<3x5xi1>) {
  ^bb0(%x: i1, %y: i1, %o: i1):
    %t = arith.constant true
    %n = arith.xori %y, %t : i1
    %c = arith.andi %x, %n : i1
    linalg.yield %c : i1
  } -> tensor<3x5xi1>
  %or = linalg.generic {indexing_maps = [#map, #map, #map],
                        iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<3x5xi1>, tensor<3x5xi1>) outs(%e : tensor<3x5xi1>) {
  ^bb0(%x: i1, %y: i1, %o: i1):
    %c = arith.ori %x, %y : i1
    linalg.yield %c : i1
  } -> tensor<3x5xi1>
  return %and, %or : tensor<3x5xi1>, tensor<3x5xi1>
}

// Whether any (all) element of a column is true: reductions over i1.
func.func @any_all(%a: tensor<7x9xi1>) -> (tensor<9xi1>, tensor<9xi1>) {
  %false = arith.constant false
  %true = arith.constant true
  %e = tensor.empty() : tensor<9xi1>
  %f = linalg.fill ins(%false : i1) outs(%e : tensor<9xi1>) -> tensor<9xi1>
  %t = linalg.fill ins(%true : i1) outs(%e : tensor<9xi1>) -> tensor<9xi1>
  %any = linalg.reduce ins(%a : tensor<7x9xi1>) outs(%f : tensor<9xi1>) dimensions = [0]
    (%x: i1, %acc: i1) {
      %o = arith.ori %x, %acc : i1
      linalg.yield %o : i1
    }
  %all = linalg.reduce ins(%a : tensor<7x9xi1>) outs(%t : tensor<9xi1>) dimensions = [0]
    (%x: i1, %acc: i1) {
      %o = arith.andi %x, %acc : i1
      linalg.yield %o : i1
    }
  return %any, %all : tensor<9xi1>, tensor<9xi1>
}

// How many elements of each row are true: a mask widened and summed.
func.func @count_true(%a: tensor<6x300xi1>) -> tensor<6xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<6xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<6xi32>) -> tensor<6xi32>
  %r = linalg.generic {indexing_maps = [#map, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<6x300xi1>) outs(%f : tensor<6xi32>) {
  ^bb0(%x: i1, %acc: i32):
    %w = arith.extui %x : i1 to i32
    %s = arith.addi %w, %acc : i32
    linalg.yield %s : i32
  } -> tensor<6xi32>
  return %r : tensor<6xi32>
}

// The mask is computed once, returned, and read by a reduction (its own
// dispatch): it travels between dispatches through a buffer of bytes.
func.func @mask_between_dispatches(%a: tensor<4x64xf32>) -> (tensor<4x64xi1>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %em = tensor.empty() : tensor<4x64xi1>
  %m = linalg.generic {indexing_maps = [#map, #map],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x64xf32>) outs(%em : tensor<4x64xi1>) {
  ^bb0(%x: f32, %o: i1):
    %c = arith.cmpf ogt, %x, %zero : f32
    linalg.yield %c : i1
  } -> tensor<4x64xi1>
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %s = linalg.generic {indexing_maps = [#map, #map, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%m, %a : tensor<4x64xi1>, tensor<4x64xf32>) outs(%f : tensor<4xf32>) {
  ^bb0(%c: i1, %x: f32, %acc: f32):
    %v = arith.select %c, %x, %zero : f32
    %t = arith.addf %v, %acc : f32
    linalg.yield %t : f32
  } -> tensor<4xf32>
  return %m, %s : tensor<4x64xi1>, tensor<4xf32>
}

func.func @compare_dynamic(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi1> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?xi32>
  %e = tensor.empty(%n) : tensor<?xi1>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>,
                                        affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<?xi32>, tensor<?xi32>) outs(%e : tensor<?xi1>) {
  ^bb0(%x: i32, %y: i32, %o: i1):
    %c = arith.cmpi sge, %x, %y : i32
    linalg.yield %c : i1
  } -> tensor<?xi1>
  return %r : tensor<?xi1>
}

func.func @select_dynamic(%m: tensor<?x3xi1>, %a: tensor<?x3xf16>) -> tensor<?x3xf16> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x3xf16>
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty(%n) : tensor<?x3xf16>
  %r = linalg.generic {indexing_maps = [#map, #map, #map],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m, %a : tensor<?x3xi1>, tensor<?x3xf16>) outs(%e : tensor<?x3xf16>) {
  ^bb0(%c: i1, %x: f16, %o: f16):
    %s = arith.select %c, %x, %zero : f16
    linalg.yield %s : f16
  } -> tensor<?x3xf16>
  return %r : tensor<?x3xf16>
}

// An i1 argument returned reshaped: a view of its bytes.
func.func @returned_mask(%m: tensor<2x6xi1>) -> tensor<12xi1> {
  %r = tensor.collapse_shape %m [[0, 1]] : tensor<2x6xi1> into tensor<12xi1>
  return %r : tensor<12xi1>
}

func.func @tosa_compare_select(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> (tensor<3x4xi1>, tensor<3x4xf32>) {
  %g = tosa.greater %a, %b : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
  %n = tosa.logical_not %g : (tensor<3x4xi1>) -> tensor<3x4xi1>
  %s = tosa.select %n, %a, %b : (tensor<3x4xi1>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %n, %s : tensor<3x4xi1>, tensor<3x4xf32>
}
