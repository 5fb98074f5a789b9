// An executable of several kernels is code-generated in parts, at most 8,
// on all cores: the object and the HSACO hold one AMDGPU metadata note a
// part, every kernel described once (check_hsaco.py). The parts do not
// depend on the machine: one thread (--mlir-disable-threading) writes the
// same bytes. One kernel is one part.
// RUN: rm -rf %t.nine && halc-compile %e2e_inputs/elementwise.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.nine.hip1 --iree-hal-dump-executable-intermediates-to=%t.nine
// RUN: halc-dump %t.nine.hip1 | FileCheck %s --check-prefix=EXPORTS
// RUN: llvm-readelf --notes %t.nine/module_linked.09.object.o | FileCheck %s --check-prefix=PARTS
// RUN: llvm-readelf --notes %t.nine/module_linked.10.hsaco.hsaco | FileCheck %s --check-prefix=PARTS
// RUN: %python %S/check_hsaco.py %t.nine.hip1 %t.nine/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s --check-prefix=HSACO
// RUN: halc-compile %e2e_inputs/elementwise.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.serial.hip1 --mlir-disable-threading
// RUN: cmp %t.nine.hip1 %t.serial.hip1
// RUN: rm -rf %t.one && halc-compile %examples/matmul.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.one.hip1 --iree-hal-dump-executable-intermediates-to=%t.one
// RUN: llvm-readelf --notes %t.one/module_linked.10.hsaco.hsaco | FileCheck %s --check-prefix=ONE

// EXPORTS: HIP1 executable: 9 exports, 1 module
// PARTS-COUNT-8: NT_AMDGPU_METADATA
// PARTS-NOT: NT_AMDGPU_METADATA
// HSACO-NOT: FAILED
// HSACO: hsaco: ok
// ONE-COUNT-1: NT_AMDGPU_METADATA
// ONE-NOT: NT_AMDGPU_METADATA
