// Code objects for every op class (the e2e inputs) on a wave64 chip
// (gfx942), a wave32 chip (gfx1100) and a generic target (gfx11-generic),
// checked as an AMD loader would (check_hsaco.py: kernel symbols,
// .reqd_workgroup_size = block dims, wave size, LDS, no undefined symbols,
// amdhsa.target = the recorded target id).
// RUN: rm -rf %t.contraction.gfx942 && halc-compile %e2e_inputs/contraction.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.contraction.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.contraction.gfx942
// RUN: %python %S/check_hsaco.py %t.contraction.gfx942.hip1 %t.contraction.gfx942/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s
// RUN: rm -rf %t.contraction.gfx1100 && halc-compile %e2e_inputs/contraction.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx1100 --compile-to=executable -o %t.contraction.gfx1100.hip1 --iree-hal-dump-executable-intermediates-to=%t.contraction.gfx1100
// RUN: %python %S/check_hsaco.py %t.contraction.gfx1100.hip1 %t.contraction.gfx1100/module_linked.10.hsaco.hsaco 32 65536 | FileCheck %s
// RUN: rm -rf %t.contraction.gfx11-generic && halc-compile %e2e_inputs/contraction.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx11-generic --compile-to=executable -o %t.contraction.gfx11-generic.hip1 --iree-hal-dump-executable-intermediates-to=%t.contraction.gfx11-generic
// RUN: %python %S/check_hsaco.py %t.contraction.gfx11-generic.hip1 %t.contraction.gfx11-generic/module_linked.10.hsaco.hsaco 32 65536 | FileCheck %s
// RUN: rm -rf %t.elementwise.gfx942 && halc-compile %e2e_inputs/elementwise.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.elementwise.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.elementwise.gfx942
// RUN: %python %S/check_hsaco.py %t.elementwise.gfx942.hip1 %t.elementwise.gfx942/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s
// RUN: rm -rf %t.elementwise.gfx1100 && halc-compile %e2e_inputs/elementwise.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx1100 --compile-to=executable -o %t.elementwise.gfx1100.hip1 --iree-hal-dump-executable-intermediates-to=%t.elementwise.gfx1100
// RUN: %python %S/check_hsaco.py %t.elementwise.gfx1100.hip1 %t.elementwise.gfx1100/module_linked.10.hsaco.hsaco 32 65536 | FileCheck %s
// RUN: rm -rf %t.elementwise.gfx11-generic && halc-compile %e2e_inputs/elementwise.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx11-generic --compile-to=executable -o %t.elementwise.gfx11-generic.hip1 --iree-hal-dump-executable-intermediates-to=%t.elementwise.gfx11-generic
// RUN: %python %S/check_hsaco.py %t.elementwise.gfx11-generic.hip1 %t.elementwise.gfx11-generic/module_linked.10.hsaco.hsaco 32 65536 | FileCheck %s
// RUN: rm -rf %t.math.gfx942 && halc-compile %e2e_inputs/math.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.math.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.math.gfx942
// RUN: %python %S/check_hsaco.py %t.math.gfx942.hip1 %t.math.gfx942/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s
// RUN: rm -rf %t.math.gfx1100 && halc-compile %e2e_inputs/math.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx1100 --compile-to=executable -o %t.math.gfx1100.hip1 --iree-hal-dump-executable-intermediates-to=%t.math.gfx1100
// RUN: %python %S/check_hsaco.py %t.math.gfx1100.hip1 %t.math.gfx1100/module_linked.10.hsaco.hsaco 32 65536 | FileCheck %s
// RUN: rm -rf %t.math.gfx11-generic && halc-compile %e2e_inputs/math.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx11-generic --compile-to=executable -o %t.math.gfx11-generic.hip1 --iree-hal-dump-executable-intermediates-to=%t.math.gfx11-generic
// RUN: %python %S/check_hsaco.py %t.math.gfx11-generic.hip1 %t.math.gfx11-generic/module_linked.10.hsaco.hsaco 32 65536 | FileCheck %s
// RUN: rm -rf %t.reduction.gfx942 && halc-compile %e2e_inputs/reduction.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.reduction.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.reduction.gfx942
// RUN: %python %S/check_hsaco.py %t.reduction.gfx942.hip1 %t.reduction.gfx942/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s
// RUN: rm -rf %t.reduction.gfx1100 && halc-compile %e2e_inputs/reduction.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx1100 --compile-to=executable -o %t.reduction.gfx1100.hip1 --iree-hal-dump-executable-intermediates-to=%t.reduction.gfx1100
// RUN: %python %S/check_hsaco.py %t.reduction.gfx1100.hip1 %t.reduction.gfx1100/module_linked.10.hsaco.hsaco 32 65536 | FileCheck %s
// RUN: rm -rf %t.reduction.gfx11-generic && halc-compile %e2e_inputs/reduction.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx11-generic --compile-to=executable -o %t.reduction.gfx11-generic.hip1 --iree-hal-dump-executable-intermediates-to=%t.reduction.gfx11-generic
// RUN: %python %S/check_hsaco.py %t.reduction.gfx11-generic.hip1 %t.reduction.gfx11-generic/module_linked.10.hsaco.hsaco 32 65536 | FileCheck %s
// RUN: rm -rf %t.named.gfx942 && halc-compile %e2e_inputs/named.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.named.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.named.gfx942
// RUN: %python %S/check_hsaco.py %t.named.gfx942.hip1 %t.named.gfx942/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s
// RUN: rm -rf %t.named.gfx1100 && halc-compile %e2e_inputs/named.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx1100 --compile-to=executable -o %t.named.gfx1100.hip1 --iree-hal-dump-executable-intermediates-to=%t.named.gfx1100
// RUN: %python %S/check_hsaco.py %t.named.gfx1100.hip1 %t.named.gfx1100/module_linked.10.hsaco.hsaco 32 65536 | FileCheck %s
// RUN: rm -rf %t.named.gfx11-generic && halc-compile %e2e_inputs/named.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx11-generic --compile-to=executable -o %t.named.gfx11-generic.hip1 --iree-hal-dump-executable-intermediates-to=%t.named.gfx11-generic
// RUN: %python %S/check_hsaco.py %t.named.gfx11-generic.hip1 %t.named.gfx11-generic/module_linked.10.hsaco.hsaco 32 65536 | FileCheck %s
// RUN: rm -rf %t.multi-dispatch.gfx942 && halc-compile %e2e_inputs/multi-dispatch.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.multi-dispatch.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.multi-dispatch.gfx942
// RUN: %python %S/check_hsaco.py %t.multi-dispatch.gfx942.hip1 %t.multi-dispatch.gfx942/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s
// RUN: rm -rf %t.tosa.gfx942 && halc-compile %e2e_inputs/tosa.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.tosa.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.tosa.gfx942
// RUN: %python %S/check_hsaco.py %t.tosa.gfx942.hip1 %t.tosa.gfx942/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s
// RUN: rm -rf %t.conv.gfx942 && halc-compile %e2e_inputs/conv.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.conv.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.conv.gfx942
// RUN: %python %S/check_hsaco.py %t.conv.gfx942.hip1 %t.conv.gfx942/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s
// RUN: rm -rf %t.pad-concat-gather.gfx942 && halc-compile %e2e_inputs/pad-concat-gather.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.pad-concat-gather.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.pad-concat-gather.gfx942
// RUN: %python %S/check_hsaco.py %t.pad-concat-gather.gfx942.hip1 %t.pad-concat-gather.gfx942/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s
// RUN: rm -rf %t.network.gfx942 && halc-compile %e2e_inputs/network.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.network.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.network.gfx942
// RUN: %python %S/check_hsaco.py %t.network.gfx942.hip1 %t.network.gfx942/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s
// RUN: rm -rf %t.constants.gfx942 && halc-compile %e2e_inputs/constants.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.constants.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.constants.gfx942
// RUN: %python %S/check_hsaco.py %t.constants.gfx942.hip1 %t.constants.gfx942/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s
// RUN: rm -rf %t.dynamic.gfx942 && halc-compile %e2e_inputs/dynamic.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.dynamic.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.dynamic.gfx942
// RUN: %python %S/check_hsaco.py %t.dynamic.gfx942.hip1 %t.dynamic.gfx942/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s
// RUN: rm -rf %t.onnx-layer-norm.gfx942 && halc-compile %e2e_inputs/onnx-layer-norm.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.onnx-layer-norm.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.onnx-layer-norm.gfx942
// RUN: %python %S/check_hsaco.py %t.onnx-layer-norm.gfx942.hip1 %t.onnx-layer-norm.gfx942/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s
// RUN: rm -rf %t.dynamic-strides.gfx942 && halc-compile %e2e_inputs/dynamic-strides.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.dynamic-strides.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.dynamic-strides.gfx942
// RUN: %python %S/check_hsaco.py %t.dynamic-strides.gfx942.hip1 %t.dynamic-strides.gfx942/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s
// RUN: rm -rf %t.matmul.gfx942 && halc-compile %examples/matmul.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.matmul.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.matmul.gfx942
// RUN: halc-dump %t.matmul.gfx942.hip1 | FileCheck %s --check-prefix=DUMP-GFX942
// RUN: %python %S/check_hsaco.py %t.matmul.gfx942.hip1 %t.matmul.gfx942/module_linked.10.hsaco.hsaco 64 65536 | FileCheck %s
// RUN: rm -rf %t.matmul.gfx1100 && halc-compile %examples/matmul.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx1100 --compile-to=executable -o %t.matmul.gfx1100.hip1 --iree-hal-dump-executable-intermediates-to=%t.matmul.gfx1100
// RUN: halc-dump %t.matmul.gfx1100.hip1 | FileCheck %s --check-prefix=DUMP-GFX1100
// RUN: %python %S/check_hsaco.py %t.matmul.gfx1100.hip1 %t.matmul.gfx1100/module_linked.10.hsaco.hsaco 32 65536 | FileCheck %s
// RUN: rm -rf %t.matmul.gfx12-generic && halc-compile %examples/matmul.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx12-generic --compile-to=executable -o %t.matmul.gfx12-generic.hip1 --iree-hal-dump-executable-intermediates-to=%t.matmul.gfx12-generic
// RUN: halc-dump %t.matmul.gfx12-generic.hip1 | FileCheck %s --check-prefix=DUMP-GFX12-GENERIC
// RUN: %python %S/check_hsaco.py %t.matmul.gfx12-generic.hip1 %t.matmul.gfx12-generic/module_linked.10.hsaco.hsaco 32 65536 | FileCheck %s
// DUMP-GFX942: HIP1 executable: 1 export, 1 module, target gfx942
// DUMP-GFX1100: HIP1 executable: 1 export, 1 module, target gfx1100
// DUMP-GFX12-GENERIC: HIP1 executable: 1 export, 1 module, target gfx12-generic
// CHECK-NOT: FAILED
// CHECK: hsaco: ok
