// RUN: halc-compile %s --compile-to=executable-targets --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=nvidia -o - | FileCheck %s

// A bf16 matmul on NVIDIA's bf16 cooperative matrices: upstream's MMA ops
// have no bf16, so the workgroup tiles are f16 arrays of the bf16 bits (the
// copies into them bitcast the i16 words bf16 is stored as), and the loads
// of A and B from them are bf16 matrices, which need SPV_KHR_bfloat16's
// capabilities.
// CHECK: spirv.module @{{.+}} requires #spirv.vce<v1.6, [{{.*}}CooperativeMatrixKHR{{.*}}BFloat16TypeKHR{{.*}}BFloat16CooperativeMatrixKHR], [{{.*}}SPV_KHR_cooperative_matrix, SPV_KHR_bfloat16]>
// CHECK: spirv.Bitcast %{{.+}} : vector<4xi16> to vector<4xf16>
// CHECK: spirv.KHR.CooperativeMatrixLoad %{{.+}}, %{{.+}}, <RowMajor> : !spirv.ptr<f16, Workgroup>, i32 -> !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixA>
// CHECK: spirv.KHR.CooperativeMatrixLoad %{{.+}}, %{{.+}}, <RowMajor> : !spirv.ptr<f16, Workgroup>, i32 -> !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixB>
// CHECK: spirv.KHR.CooperativeMatrixMulAdd %{{.+}}, %{{.+}}, %{{.+}} : !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixA>, !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixB> -> !spirv.coopmatrix<16x16xf32, Subgroup, MatrixAcc>
// CHECK-NOT: coopmatrix<16x16xf16
func.func @mm(%a: tensor<256x64xbf16>, %b: tensor<64x256xbf16>) -> tensor<256x256xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = linalg.matmul ins(%a, %b : tensor<256x64xbf16>, tensor<64x256xbf16>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
