// halc-dump and halc-run on damaged files (truncated, zeroed, one bit
// flipped at 64 places) of every kind: exit 0, or 1 with an error; never a
// crash.
// RUN: halc-compile %s --iree-vulkan-target=lavapipe -o %t.halm
// RUN: halc-compile %s --iree-vulkan-target=lavapipe --compile-to=executable -o %t.vk1
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.mtl1
// RUN: halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.hip1
// RUN: %python %S/check_damaged_files.py %t.dump.halm %t.halm -- halc-dump {} | FileCheck %s
// RUN: %python %S/check_damaged_files.py %t.dump.vk1 %t.vk1 -- halc-dump {} | FileCheck %s
// RUN: %python %S/check_damaged_files.py %t.dump.mtl1 %t.mtl1 -- halc-dump {} --source | FileCheck %s
// RUN: %python %S/check_damaged_files.py %t.dump.hip1 %t.hip1 -- halc-dump {} --json | FileCheck %s
// RUN: %python %S/check_damaged_files.py %t.run.halm %t.halm -- halc-run {} --input=4x16xf32=1 | FileCheck %s
// CHECK: 72 damaged copies, no crash
//
// Malformed arguments.
// RUN: not halc-dump 2>&1 | FileCheck %s --check-prefix=NO-FILE
// RUN: not halc-dump %t.halm --frobnicate 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not halc-dump %S 2>&1 | FileCheck %s --check-prefix=DIRECTORY
// NO-FILE: error:
// UNKNOWN: error: unknown argument '--frobnicate'
// DIRECTORY: error: cannot read a header from
func.func @neg(%a: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  %r = linalg.negf ins(%a : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
