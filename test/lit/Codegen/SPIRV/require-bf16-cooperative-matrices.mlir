// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(spirv.module(halc-require-bf16-cooperative-matrices))' | FileCheck %s

// A module that loads a bf16 cooperative matrix requires
// BFloat16CooperativeMatrixKHR besides what spirv-update-vce found.
// CHECK-LABEL: spirv.module @bf16
// CHECK-SAME: #spirv.vce<v1.6, [Shader, CooperativeMatrixKHR, BFloat16TypeKHR, BFloat16CooperativeMatrixKHR], [SPV_KHR_cooperative_matrix, SPV_KHR_bfloat16]>
spirv.module @bf16 Logical GLSL450 requires #spirv.vce<v1.6, [Shader, CooperativeMatrixKHR, BFloat16TypeKHR], [SPV_KHR_cooperative_matrix, SPV_KHR_bfloat16]> {
  spirv.func @load(%p: !spirv.ptr<f16, Workgroup>) "None" {
    %stride = spirv.Constant 16 : i32
    %m = spirv.KHR.CooperativeMatrixLoad %p, %stride, <RowMajor> : !spirv.ptr<f16, Workgroup>, i32 -> !spirv.coopmatrix<16x16xbf16, Subgroup, MatrixA>
    spirv.Return
  }
}

// -----

// f16 matrices need nothing more.
// CHECK-LABEL: spirv.module @f16
// CHECK-SAME: #spirv.vce<v1.6, [Shader, CooperativeMatrixKHR, Float16], [SPV_KHR_cooperative_matrix]>
spirv.module @f16 Logical GLSL450 requires #spirv.vce<v1.6, [Shader, CooperativeMatrixKHR, Float16], [SPV_KHR_cooperative_matrix]> {
  spirv.func @load(%p: !spirv.ptr<f16, Workgroup>) "None" {
    %stride = spirv.Constant 16 : i32
    %m = spirv.KHR.CooperativeMatrixLoad %p, %stride, <RowMajor> : !spirv.ptr<f16, Workgroup>, i32 -> !spirv.coopmatrix<16x16xf16, Subgroup, MatrixA>
    spirv.Return
  }
}
