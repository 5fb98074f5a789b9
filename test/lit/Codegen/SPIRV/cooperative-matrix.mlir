// RUN: halc-compile %s --compile-to=executable-targets --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=nvidia -o - | FileCheck %s
// RUN: halc-compile %s --compile-to=executable --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=nvidia -o %t.vk1
// RUN: halc-dump %t.vk1 | FileCheck %s --check-prefix=VKE1

// An f16 matmul on NVIDIA's cooperative matrices: a SPIR-V 1.6 module (MLIR's
// KHR cooperative-matrix ops need it) with the CooperativeMatrixKHR
// capability and extension; the tiles of A and B loaded from workgroup
// memory as matrices A and B, the accumulators multiplied and added as
// matrices and stored into the result binding (its rows 256 elements
// apart). The VKE1 pipeline records the subgroup size it relies on.
// CHECK: spirv.module @{{.+}} requires #spirv.vce<v1.6, [{{.*}}CooperativeMatrixKHR{{.*}}], [{{.*}}SPV_KHR_cooperative_matrix{{.*}}]>
// CHECK: spirv.KHR.CooperativeMatrixLoad %{{.+}}, %{{.+}}, <RowMajor> : !spirv.ptr<f16, Workgroup>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
// CHECK: spirv.KHR.CooperativeMatrixLoad %{{.+}}, %{{.+}}, <RowMajor> : !spirv.ptr<f16, Workgroup>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB>
// CHECK: spirv.KHR.CooperativeMatrixMulAdd %{{.+}}, %{{.+}}, %{{.+}} : !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xf16, Subgroup, MatrixB> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK: spirv.KHR.CooperativeMatrixStore %{{.+}}, %{{.+}}, %{{.+}}, <RowMajor> : !spirv.ptr<f32, StorageBuffer>, !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// VKE1: export 0 @mm: {{.*}}, 0 constants, subgroups of 32 lanes
func.func @mm(%a: tensor<256x64xf16>, %b: tensor<64x256xf16>) -> tensor<256x256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = linalg.matmul ins(%a, %b : tensor<256x64xf16>, tensor<64x256xf16>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
