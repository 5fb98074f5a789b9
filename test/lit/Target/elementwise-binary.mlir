// An elementwise example compiles to valid SPIR-V whose LocalSize is the
// recorded workgroup size.
// REQUIRES: spirv-val
// RUN: halc-compile %examples/elementwise.mlir --iree-hal-target-backends=metal-spirv --compile-to=spirv -o %t.spv --print-summary 2> %t.txt
// RUN: spirv-val %t.spv
// RUN: spirv-dis %t.spv >> %t.txt
// RUN: FileCheck %s --input-file=%t.txt

// CHECK: export 0 @gelu: workgroup_size [[[X:[0-9]+]], [[Y:[0-9]+]], [[Z:[0-9]+]]]
// CHECK: OpExecutionMode %gelu LocalSize [[X]] [[Y]] [[Z]]
