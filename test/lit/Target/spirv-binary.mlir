// The binary is valid SPIR-V (the Debian spirv-val agrees with the validator
// halc links) and the LocalSize of each entry point is the workgroup size the
// export records, on both SPIR-V targets.
// REQUIRES: spirv-val
// RUN: halc-compile %examples/matmul.mlir --iree-hal-target-backends=metal-spirv --compile-to=spirv -o %t.metal.spv --print-summary 2> %t.metal.txt
// RUN: spirv-val %t.metal.spv
// RUN: spirv-dis %t.metal.spv >> %t.metal.txt
// RUN: FileCheck %s --input-file=%t.metal.txt
// RUN: halc-compile %examples/matmul.mlir --iree-hal-target-backends=vulkan-spirv --compile-to=spirv -o %t.vulkan.spv --print-summary 2> %t.vulkan.txt
// RUN: spirv-val --target-env vulkan1.1 %t.vulkan.spv
// RUN: spirv-dis %t.vulkan.spv >> %t.vulkan.txt
// RUN: FileCheck %s --input-file=%t.vulkan.txt

// CHECK: export 0 @matmul_bias_relu: workgroup_size [[[X:[0-9]+]], [[Y:[0-9]+]], [[Z:[0-9]+]]]
// CHECK: OpEntryPoint GLCompute %matmul_bias_relu "matmul_bias_relu"
// CHECK: OpExecutionMode %matmul_bias_relu LocalSize [[X]] [[Y]] [[Z]]
// CHECK-DAG: OpDecorate %{{.+}} DescriptorSet 0
// CHECK-DAG: OpDecorate %{{.+}} Binding 3
