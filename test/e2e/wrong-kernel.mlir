// The comparison can fail: the same module with its dispatch shrunk to one
// workgroup along x leaves most of the result unwritten, and --reference=cpu
// reports the mismatch and exits 1; the intact module matches.
// REQUIRES: lavapipe
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.halm
// RUN: %python %S/edit_module.py %t.halm %t.wrong.halm %schemas --workgroup-count-x=1
// RUN: halc-run %t.halm --input=513xf32=1 --input=513xf32=2 --reference=cpu | FileCheck %s --check-prefix=RIGHT
// RUN: not halc-run %t.wrong.halm --input=513xf32=1 --input=513xf32=2 --reference=cpu | FileCheck %s --check-prefix=WRONG
// A word of the SPIR-V changed (an OpFAdd made an OpIAdd on floats): the
// Vulkan driver validates each module before the device sees it.
// RUN: %python %S/edit_module.py %t.halm %t.invalid.halm %schemas --spirv-fadd-to-iadd=1
// RUN: not halc-run %t.invalid.halm --input=513xf32=1 --input=513xf32=2 2>&1 | FileCheck %s --check-prefix=INVALID
// Buffers larger than their tensors (a plan may give one more room): the
// drivers copy a tensor's bytes, not its buffer's (the ASan build of
// halc-run where CI has one).
// RUN: %python %S/edit_module.py %t.halm %t.grown.halm %schemas --grow-buffers=4096
// RUN: %checked_halc_run %t.grown.halm --input=513xf32=1 --input=513xf32=2 --expected_output=513xf32=3 | FileCheck %s --check-prefix=GROWN
// GROWN: result[0]: matches 513xf32
// RIGHT: result[0] vs cpu: matches 513xf32
// WRONG: result[0] vs cpu: MISMATCH in {{[0-9]+}} of 513 elements
// INVALID: error: @add: shader module 0 of executable 0: is not valid SPIR-V: Expected int scalar or vector type as Result Type: IAdd
func.func @add(%a: tensor<513xf32>, %b: tensor<513xf32>) -> tensor<513xf32> {
  %e = tensor.empty() : tensor<513xf32>
  %r = linalg.add ins(%a, %b : tensor<513xf32>, tensor<513xf32>) outs(%e : tensor<513xf32>) -> tensor<513xf32>
  return %r : tensor<513xf32>
}
