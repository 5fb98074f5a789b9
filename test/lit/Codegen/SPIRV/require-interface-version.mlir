// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(spirv.module(halc-require-interface-version))' | FileCheck %s

// An entry point that lists its Workgroup variable: the module declares 1.4.
// CHECK-LABEL: spirv.module
// CHECK-SAME: #spirv.vce<v1.4, [Shader], []>
spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
  spirv.GlobalVariable @shared : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>
  spirv.func @kernel() "None" {
    %p = spirv.mlir.addressof @shared : !spirv.ptr<!spirv.struct<(!spirv.array<64 x f32>)>, Workgroup>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @kernel, @shared
}

// -----

// Input variables alone (a workgroup id): 1.3 stays.
// CHECK-LABEL: spirv.module
// CHECK-SAME: #spirv.vce<v1.3, [Shader], []>
spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
  spirv.GlobalVariable @id built_in("WorkgroupId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.func @kernel() "None" {
    %p = spirv.mlir.addressof @id : !spirv.ptr<vector<3xi32>, Input>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @kernel, @id
}
