// The MSL executor's self-test: Metal kernels run on the CPU catch what a
// wrong kernel or a wrong pipeline does, as wrong-kernel.mlir shows for
// Vulkan. The intact module matches the CPU reference; with the first
// dispatch shrunk to one workgroup along x, or its threadgroup made smaller
// than the kernel was compiled for, part of the result stays unwritten and
// the comparison fails; a threadgroup larger than the kernel's
// [[max_total_threads_per_threadgroup]] is refused, as Metal refuses it; a
// gather whose index is out of range reads past the end of its binding,
// which the guard page after every buffer turns into an error naming it.
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv -o %t.halm
// RUN: halc-run %t.halm --function=add --device=msl-cpu --input=513xf32=1 --input=513xf32=2 --reference=cpu | FileCheck %s --check-prefix=RIGHT
// RUN: %python %S/edit_module.py %t.halm %t.count.halm %schemas --workgroup-count-x=1
// RUN: not halc-run %t.count.halm --function=add --device=msl-cpu --input=513xf32=1 --input=513xf32=2 --reference=cpu | FileCheck %s --check-prefix=WRONG
// RUN: %python %S/edit_module.py %t.halm %t.small.halm %schemas --threadgroup-size-x=8
// RUN: not halc-run %t.small.halm --function=add --device=msl-cpu --input=513xf32=1 --input=513xf32=2 --reference=cpu | FileCheck %s --check-prefix=WRONG
// RUN: %python %S/edit_module.py %t.halm %t.large.halm %schemas --threadgroup-size-x=1024
// RUN: not halc-run %t.large.halm --function=add --device=msl-cpu --input=513xf32=1 --input=513xf32=2 2>&1 | FileCheck %s --check-prefix=TOO-LARGE
// RUN: halc-run %t.halm --function=gather --device=msl-cpu --input=16xf32=1 --input=4xi32=3 --reference=cpu | FileCheck %s --check-prefix=RIGHT
// RUN: not halc-run %t.halm --function=gather --device=msl-cpu --input=16xf32=1 --input=4xi32=100000 2>&1 | FileCheck %s --check-prefix=OUT-OF-BOUNDS
// RIGHT: result[0] vs cpu: matches
// WRONG: result[0] vs cpu: MISMATCH in {{[0-9]+}} of 513 elements
// TOO-LARGE: error: --device=msl-cpu: @add (kernel add): a threadgroup of {{[0-9]+}} threads exceeds the kernel's {{\[\[}}max_total_threads_per_threadgroup({{[0-9]+}})]]
// OUT-OF-BOUNDS: error: --device=msl-cpu: dispatch 0 @gather: out-of-bounds read 399936 bytes past the end of binding 1 (64 bytes)
func.func @add(%a: tensor<513xf32>, %b: tensor<513xf32>) -> tensor<513xf32> {
  %e = tensor.empty() : tensor<513xf32>
  %r = linalg.add ins(%a, %b : tensor<513xf32>, tensor<513xf32>) outs(%e : tensor<513xf32>) -> tensor<513xf32>
  return %r : tensor<513xf32>
}

func.func @gather(%table: tensor<16xf32>, %indices: tensor<4xi32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
    ins(%indices : tensor<4xi32>) outs(%e : tensor<4xf32>) {
  ^bb0(%i: i32, %o: f32):
    %index = arith.index_cast %i : i32 to index
    %v = tensor.extract %table[%index] : tensor<16xf32>
    linalg.yield %v : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
