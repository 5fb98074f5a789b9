// Chips by name or product, target features in the target id, wave sizes;
// an unknown chip, a bad feature string and a wave size the chip cannot run
// get one diagnostic each, exit 1 and no output.
// RUN: halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=mi300x --iree-rocm-target-features=+sramecc,-xnack --compile-to=executable -o %t.mi300x.hip1
// RUN: halc-dump %t.mi300x.hip1 | FileCheck %s --check-prefix=PRODUCT
// RUN: halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx1100 --iree-rocm-wave-size=64 --compile-to=executable -o %t.wave64.hip1
// RUN: halc-dump %t.wave64.hip1 | FileCheck %s --check-prefix=WAVE64
// RUN: not halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx999 -o %t.bad 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not halc-compile %s --iree-hal-target-backends=rocm -o %t.bad 2>&1 | FileCheck %s --check-prefix=NO-CHIP
// RUN: not halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --iree-rocm-target-features=sramecc -o %t.bad 2>&1 | FileCheck %s --check-prefix=SIGN
// RUN: not halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx1100 --iree-rocm-target-features=+xnack -o %t.bad 2>&1 | FileCheck %s --check-prefix=FEATURE
// RUN: not halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --iree-rocm-wave-size=32 -o %t.bad 2>&1 | FileCheck %s --check-prefix=WAVE
// RUN: not ls %t.bad

// PRODUCT: HIP1 executable: 1 export, 1 module, target gfx942:sramecc+:xnack-
// WAVE64: HIP1 executable: 1 export, 1 module, target gfx1100
// CHIP: error: unknown --iree-rocm-target 'gfx999'; known are: gfx908, gfx90a, gfx942, gfx950, gfx1030, gfx1100, gfx1101, gfx1200, gfx1201, gfx9-4-generic, gfx11-generic, gfx12-generic, mi100,
// CHIP-NOT: error
// NO-CHIP: error: --iree-rocm-target is required; known are: gfx908
// SIGN: error: --iree-rocm-target-features: 'sramecc' needs a + or - in front
// FEATURE: error: --iree-rocm-target-features: gfx1100 has no feature 'xnack'; it has none to set
// WAVE: error: --iree-rocm-wave-size=32: gfx942 runs waves of 64 lanes only
func.func @neg(%a: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.negf ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}
