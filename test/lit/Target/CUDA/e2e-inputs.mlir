// Every e2e input compiles for cuda, and its PTX is what the CUDA driver
// loads (check_ptx.py: an .entry per export with the contract's
// parameters and the workgroup size as .maxntid, the SM of the target, no
// calls: halc links no libdevice).
// RUN: rm -rf %t.constants && halc-compile %e2e_inputs/constants.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.constants.cda1 --iree-hal-dump-executable-intermediates-to=%t.constants
// RUN: %python %S/check_ptx.py %t.constants.cda1 %t.constants/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.contraction && halc-compile %e2e_inputs/contraction.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.contraction.cda1 --iree-hal-dump-executable-intermediates-to=%t.contraction
// RUN: %python %S/check_ptx.py %t.contraction.cda1 %t.contraction/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.conv && halc-compile %e2e_inputs/conv.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.conv.cda1 --iree-hal-dump-executable-intermediates-to=%t.conv
// RUN: %python %S/check_ptx.py %t.conv.cda1 %t.conv/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.dynamic-strides && halc-compile %e2e_inputs/dynamic-strides.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.dynamic-strides.cda1 --iree-hal-dump-executable-intermediates-to=%t.dynamic-strides
// RUN: %python %S/check_ptx.py %t.dynamic-strides.cda1 %t.dynamic-strides/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.dynamic && halc-compile %e2e_inputs/dynamic.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.dynamic.cda1 --iree-hal-dump-executable-intermediates-to=%t.dynamic
// RUN: %python %S/check_ptx.py %t.dynamic.cda1 %t.dynamic/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.elementwise && halc-compile %e2e_inputs/elementwise.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.elementwise.cda1 --iree-hal-dump-executable-intermediates-to=%t.elementwise
// RUN: %python %S/check_ptx.py %t.elementwise.cda1 %t.elementwise/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.empty-and-identity && halc-compile %e2e_inputs/empty-and-identity.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.empty-and-identity.cda1 --iree-hal-dump-executable-intermediates-to=%t.empty-and-identity
// RUN: %python %S/check_ptx.py %t.empty-and-identity.cda1 %t.empty-and-identity/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.math && halc-compile %e2e_inputs/math.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.math.cda1 --iree-hal-dump-executable-intermediates-to=%t.math
// RUN: %python %S/check_ptx.py %t.math.cda1 %t.math/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.metal-contract && halc-compile %e2e_inputs/metal-contract.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.metal-contract.cda1 --iree-hal-dump-executable-intermediates-to=%t.metal-contract
// RUN: %python %S/check_ptx.py %t.metal-contract.cda1 %t.metal-contract/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.msl-executor-self-test && halc-compile %e2e_inputs/msl-executor-self-test.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.msl-executor-self-test.cda1 --iree-hal-dump-executable-intermediates-to=%t.msl-executor-self-test
// RUN: %python %S/check_ptx.py %t.msl-executor-self-test.cda1 %t.msl-executor-self-test/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.multi-dispatch && halc-compile %e2e_inputs/multi-dispatch.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.multi-dispatch.cda1 --iree-hal-dump-executable-intermediates-to=%t.multi-dispatch
// RUN: %python %S/check_ptx.py %t.multi-dispatch.cda1 %t.multi-dispatch/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.named && halc-compile %e2e_inputs/named.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.named.cda1 --iree-hal-dump-executable-intermediates-to=%t.named
// RUN: %python %S/check_ptx.py %t.named.cda1 %t.named/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.network && halc-compile %e2e_inputs/network.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.network.cda1 --iree-hal-dump-executable-intermediates-to=%t.network
// RUN: %python %S/check_ptx.py %t.network.cda1 %t.network/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.pad-concat-gather && halc-compile %e2e_inputs/pad-concat-gather.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.pad-concat-gather.cda1 --iree-hal-dump-executable-intermediates-to=%t.pad-concat-gather
// RUN: %python %S/check_ptx.py %t.pad-concat-gather.cda1 %t.pad-concat-gather/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.reduction && halc-compile %e2e_inputs/reduction.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.reduction.cda1 --iree-hal-dump-executable-intermediates-to=%t.reduction
// RUN: %python %S/check_ptx.py %t.reduction.cda1 %t.reduction/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.tosa && halc-compile %e2e_inputs/tosa.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.tosa.cda1 --iree-hal-dump-executable-intermediates-to=%t.tosa
// RUN: %python %S/check_ptx.py %t.tosa.cda1 %t.tosa/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.onnx-layer-norm && halc-compile %e2e_inputs/onnx-layer-norm.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.onnx-layer-norm.cda1 --iree-hal-dump-executable-intermediates-to=%t.onnx-layer-norm
// RUN: %python %S/check_ptx.py %t.onnx-layer-norm.cda1 %t.onnx-layer-norm/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.dynamic-batch-nchw && halc-compile %e2e_inputs/dynamic-batch-nchw.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.dynamic-batch-nchw.cda1 --iree-hal-dump-executable-intermediates-to=%t.dynamic-batch-nchw
// RUN: %python %S/check_ptx.py %t.dynamic-batch-nchw.cda1 %t.dynamic-batch-nchw/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// RUN: rm -rf %t.wrong-kernel && halc-compile %e2e_inputs/wrong-kernel.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=executable -o %t.wrong-kernel.cda1 --iree-hal-dump-executable-intermediates-to=%t.wrong-kernel
// RUN: %python %S/check_ptx.py %t.wrong-kernel.cda1 %t.wrong-kernel/module_linked.09.ptx.ptx sm_80 | FileCheck %s
// CHECK-NOT: error:
// CHECK: ok
