// Every e2e input (each op class halc runs on Vulkan) compiles for Metal:
// one MSL library with a kernel function per export.
// RUN: halc-compile %e2e_inputs/contraction.mlir --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.contraction.mtl1
// RUN: halc-dump %t.contraction.mtl1 | FileCheck %s --check-prefix=CONTRACTION
// RUN: halc-dump %t.contraction.mtl1 --source | grep -c '^kernel void' | FileCheck %s --check-prefix=CONTRACTION-MSL
// RUN: halc-compile %e2e_inputs/elementwise.mlir --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.elementwise.mtl1
// RUN: halc-dump %t.elementwise.mtl1 | FileCheck %s --check-prefix=ELEMENTWISE
// RUN: halc-dump %t.elementwise.mtl1 --source | grep -c '^kernel void' | FileCheck %s --check-prefix=ELEMENTWISE-MSL
// RUN: halc-compile %e2e_inputs/math.mlir --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.math.mtl1
// RUN: halc-dump %t.math.mtl1 | FileCheck %s --check-prefix=MATH
// RUN: halc-dump %t.math.mtl1 --source | grep -c '^kernel void' | FileCheck %s --check-prefix=MATH-MSL
// RUN: halc-compile %e2e_inputs/reduction.mlir --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.reduction.mtl1
// RUN: halc-dump %t.reduction.mtl1 | FileCheck %s --check-prefix=REDUCTION
// RUN: halc-dump %t.reduction.mtl1 --source | grep -c '^kernel void' | FileCheck %s --check-prefix=REDUCTION-MSL
// RUN: halc-compile %e2e_inputs/named.mlir --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.named.mtl1
// RUN: halc-dump %t.named.mtl1 | FileCheck %s --check-prefix=NAMED
// RUN: halc-dump %t.named.mtl1 --source | grep -c '^kernel void' | FileCheck %s --check-prefix=NAMED-MSL
// RUN: halc-compile %e2e_inputs/multi-dispatch.mlir --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.multi-dispatch.mtl1
// RUN: halc-dump %t.multi-dispatch.mtl1 | FileCheck %s --check-prefix=MULTI-DISPATCH
// RUN: halc-dump %t.multi-dispatch.mtl1 --source | grep -c '^kernel void' | FileCheck %s --check-prefix=MULTI-DISPATCH-MSL
// RUN: halc-compile %e2e_inputs/tosa.mlir --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.tosa.mtl1
// RUN: halc-dump %t.tosa.mtl1 | FileCheck %s --check-prefix=TOSA
// RUN: halc-dump %t.tosa.mtl1 --source | grep -c '^kernel void' | FileCheck %s --check-prefix=TOSA-MSL
// RUN: halc-compile %e2e_inputs/conv.mlir --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.conv.mtl1
// RUN: halc-dump %t.conv.mtl1 | FileCheck %s --check-prefix=CONV
// RUN: halc-dump %t.conv.mtl1 --source | grep -c '^kernel void' | FileCheck %s --check-prefix=CONV-MSL
// RUN: halc-compile %e2e_inputs/pad-concat-gather.mlir --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.pad-concat-gather.mtl1
// RUN: halc-dump %t.pad-concat-gather.mtl1 | FileCheck %s --check-prefix=PAD-CONCAT-GATHER
// RUN: halc-dump %t.pad-concat-gather.mtl1 --source | grep -c '^kernel void' | FileCheck %s --check-prefix=PAD-CONCAT-GATHER-MSL
// RUN: halc-compile %e2e_inputs/network.mlir --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.network.mtl1
// RUN: halc-dump %t.network.mtl1 | FileCheck %s --check-prefix=NETWORK
// RUN: halc-dump %t.network.mtl1 --source | grep -c '^kernel void' | FileCheck %s --check-prefix=NETWORK-MSL
// RUN: halc-compile %e2e_inputs/constants.mlir --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.constants.mtl1
// RUN: halc-dump %t.constants.mtl1 | FileCheck %s --check-prefix=CONSTANTS
// RUN: halc-dump %t.constants.mtl1 --source | grep -c '^kernel void' | FileCheck %s --check-prefix=CONSTANTS-MSL
// RUN: halc-compile %e2e_inputs/dynamic.mlir --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.dynamic.mtl1
// RUN: halc-dump %t.dynamic.mtl1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: halc-dump %t.dynamic.mtl1 --source | grep -c '^kernel void' | FileCheck %s --check-prefix=DYNAMIC-MSL
// RUN: halc-dump %t.dynamic.mtl1 --source | FileCheck %s --check-prefix=PUSH
// RUN: halc-compile %e2e_inputs/dynamic-strides.mlir --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.dynamic-strides.mtl1
// RUN: halc-dump %t.dynamic-strides.mtl1 | FileCheck %s --check-prefix=DYNAMIC-STRIDES
// RUN: halc-dump %t.dynamic-strides.mtl1 --source | grep -c '^kernel void' | FileCheck %s --check-prefix=DYNAMIC-STRIDES-MSL
// CONTRACTION: MTL1 executable: 13 exports, 1 library
// CONTRACTION-MSL: {{^}}13{{$}}
// ELEMENTWISE: MTL1 executable: 9 exports, 1 library
// ELEMENTWISE-MSL: {{^}}9{{$}}
// MATH: MTL1 executable: 3 exports, 1 library
// MATH-MSL: {{^}}3{{$}}
// REDUCTION: MTL1 executable: 7 exports, 1 library
// REDUCTION-MSL: {{^}}7{{$}}
// NAMED: MTL1 executable: 8 exports, 1 library
// NAMED-MSL: {{^}}8{{$}}
// MULTI-DISPATCH: MTL1 executable: 13 exports, 1 library
// MULTI-DISPATCH-MSL: {{^}}13{{$}}
// TOSA: MTL1 executable: 6 exports, 1 library
// TOSA-MSL: {{^}}6{{$}}
// CONV: MTL1 executable: 7 exports, 1 library
// CONV-MSL: {{^}}7{{$}}
// PAD-CONCAT-GATHER: MTL1 executable: 3 exports, 1 library
// PAD-CONCAT-GATHER-MSL: {{^}}3{{$}}
// NETWORK: MTL1 executable: 4 exports, 1 library
// NETWORK-MSL: {{^}}4{{$}}
// CONSTANTS: MTL1 executable: 3 exports, 1 library
// CONSTANTS-MSL: {{^}}3{{$}}
// DYNAMIC: MTL1 executable: 6 exports, 1 library
// DYNAMIC-MSL: {{^}}6{{$}}
// DYNAMIC-STRIDES: MTL1 executable: 9 exports, 1 library
// DYNAMIC-STRIDES-MSL: {{^}}9{{$}}
// Dispatch constants (scalars, dynamic sizes) are at [[buffer(3)]].
// PUSH: kernel void scale_shift({{.*}}{{\[\[buffer\(0\)\]\]}}, constant {{.+}} {{\[\[buffer\(3\)\]\]}}
