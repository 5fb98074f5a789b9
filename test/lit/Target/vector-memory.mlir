// Elementwise kernels read and write 128 bits at a time on every target:
// four floats of a binding whose accesses are all aligned vectors (half as
// many bits in f16). SPIR-V sees such a binding as an array of vec4s (valid
// for Vulkan; lavapipe's modules are SPIR-V 1.4, Vulkan 1.2's), MSL as an array of float4s, PTX loads and stores v4.b32, and
// AMDGPU dwordx4.
// REQUIRES: spirv-val
// RUN: halc-compile %s --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=lavapipe --compile-to=spirv -o %t.spv
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=SPIRV
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=msl -o - 2>/dev/null | FileCheck %s --check-prefix=MSL
// RUN: halc-compile %s --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=ptx -o - | FileCheck %s --check-prefix=PTX
// RUN: rm -rf %t.rocm && halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.hip1 --iree-hal-dump-executable-intermediates-to=%t.rocm
// RUN: llvm-objdump -d --disassemble-symbols=add %t.rocm/module_linked.10.hsaco.hsaco | FileCheck %s --check-prefix=AMDGPU
// RUN: llvm-objdump -d --disassemble-symbols=add_f16 %t.rocm/module_linked.10.hsaco.hsaco | FileCheck %s --check-prefix=AMDGPU-F16

// SPIRV-DAG: %[[VEC4:.+]] = OpTypeVector %float 4
// SPIRV-DAG: %[[HALF4:.+]] = OpTypeVector %half 4
// SPIRV-DAG: OpTypeArray %[[VEC4]]
// SPIRV-DAG: OpTypeArray %[[HALF4]]
// SPIRV: %add = OpFunction
// SPIRV-COUNT-2: OpLoad %[[VEC4]]
// SPIRV: OpFAdd %[[VEC4]]
// SPIRV: OpStore
// SPIRV-NOT: OpLoad %float
// SPIRV: %add_f16 = OpFunction
// SPIRV-COUNT-2: OpLoad %[[HALF4]]

// MSL-LABEL: struct
// MSL: float4 _m0[1024];
// MSL: half4 _m0[1024];

// PTX-LABEL: .entry add(
// PTX-COUNT-2: ld.global.v4.b32
// PTX: st.global.v4.b32
// PTX-LABEL: .entry add_f16(
// PTX-COUNT-2: ld.global.v2.b32
// PTX: st.global.v2.b32

// AMDGPU-LABEL: <add>:
// AMDGPU-COUNT-2: global_load_dwordx4
// AMDGPU: global_store_dwordx4
// AMDGPU-F16-LABEL: <add_f16>:
// AMDGPU-F16-COUNT-2: global_load_dwordx2
// AMDGPU-F16: global_store_dwordx2
func.func @add(%a: tensor<4096xf32>, %b: tensor<4096xf32>) -> tensor<4096xf32> {
  %e = tensor.empty() : tensor<4096xf32>
  %r = linalg.add ins(%a, %b : tensor<4096xf32>, tensor<4096xf32>) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}
func.func @add_f16(%a: tensor<4096xf16>, %b: tensor<4096xf16>) -> tensor<4096xf16> {
  %e = tensor.empty() : tensor<4096xf16>
  %r = linalg.add ins(%a, %b : tensor<4096xf16>, tensor<4096xf16>) outs(%e : tensor<4096xf16>) -> tensor<4096xf16>
  return %r : tensor<4096xf16>
}
