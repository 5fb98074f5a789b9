// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(spirv.module(halc-share-workgroup-memory))' | FileCheck %s

// Two kernels' Workgroup arrays: the largest vector<4xf32> array of each
// is one variable (640 long, the longer of 640 and 320), the second one of
// the first kernel another, the f32 array of the second a third; the
// module declares 11 KB, not 16.
// CHECK-DAG: spirv.GlobalVariable @[[V0:__workgroup_shared_0]] : !spirv.ptr<!spirv.struct<(!spirv.array<640 x vector<4xf32>>)>, Workgroup>
// CHECK-DAG: spirv.GlobalVariable @[[V1:__workgroup_shared_1]] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x vector<4xf32>>)>, Workgroup>
// CHECK-DAG: spirv.GlobalVariable @[[S0:__workgroup_shared_2]] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32>)>, Workgroup>
// CHECK-NOT: spirv.GlobalVariable @{{a|b}}
// CHECK-LABEL: spirv.func @first
// CHECK: spirv.mlir.addressof @[[V0]]
// CHECK: spirv.mlir.addressof @[[V1]]
// CHECK-LABEL: spirv.func @second
// CHECK: spirv.mlir.addressof @[[V0]]
// CHECK: spirv.mlir.addressof @[[S0]]
spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
  spirv.GlobalVariable @a0 : !spirv.ptr<!spirv.struct<(!spirv.array<640 x vector<4xf32>>)>, Workgroup>
  spirv.GlobalVariable @a1 : !spirv.ptr<!spirv.struct<(!spirv.array<64 x vector<4xf32>>)>, Workgroup>
  spirv.GlobalVariable @b0 : !spirv.ptr<!spirv.struct<(!spirv.array<320 x vector<4xf32>>)>, Workgroup>
  spirv.GlobalVariable @b1 : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32>)>, Workgroup>
  spirv.func @first() "None" {
    %c0 = spirv.Constant 0 : i32
    %p = spirv.mlir.addressof @a0 : !spirv.ptr<!spirv.struct<(!spirv.array<640 x vector<4xf32>>)>, Workgroup>
    %e = spirv.AccessChain %p[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<640 x vector<4xf32>>)>, Workgroup>, i32, i32 -> !spirv.ptr<vector<4xf32>, Workgroup>
    %v = spirv.Load "Workgroup" %e : vector<4xf32>
    %q = spirv.mlir.addressof @a1 : !spirv.ptr<!spirv.struct<(!spirv.array<64 x vector<4xf32>>)>, Workgroup>
    %f = spirv.AccessChain %q[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<64 x vector<4xf32>>)>, Workgroup>, i32, i32 -> !spirv.ptr<vector<4xf32>, Workgroup>
    spirv.Store "Workgroup" %f, %v : vector<4xf32>
    spirv.Return
  }
  spirv.func @second() "None" {
    %c0 = spirv.Constant 0 : i32
    %p = spirv.mlir.addressof @b0 : !spirv.ptr<!spirv.struct<(!spirv.array<320 x vector<4xf32>>)>, Workgroup>
    %e = spirv.AccessChain %p[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<320 x vector<4xf32>>)>, Workgroup>, i32, i32 -> !spirv.ptr<vector<4xf32>, Workgroup>
    %v = spirv.Load "Workgroup" %e : vector<4xf32>
    %x = spirv.CompositeExtract %v[0 : i32] : vector<4xf32>
    %q = spirv.mlir.addressof @b1 : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32>)>, Workgroup>
    %f = spirv.AccessChain %q[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32>)>, Workgroup>, i32, i32 -> !spirv.ptr<f32, Workgroup>
    spirv.Store "Workgroup" %f, %x : f32
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @first
  spirv.EntryPoint "GLCompute" @second
}

// -----

// For a SPIR-V 1.4 target each entry point will list its own variables, and
// a driver reserve those alone: the kernels keep theirs.
// CHECK-LABEL: module attributes
// CHECK: spirv.GlobalVariable @a0 : !spirv.ptr<!spirv.struct<(!spirv.array<640 x vector<4xf32>>)>, Workgroup>
// CHECK: spirv.GlobalVariable @b0 : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32>)>, Workgroup>
// CHECK-NOT: __workgroup_shared
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.4, [Shader], []>, #spirv.resource_limits<>>} {
  spirv.module Logical GLSL450 {
    spirv.GlobalVariable @a0 : !spirv.ptr<!spirv.struct<(!spirv.array<640 x vector<4xf32>>)>, Workgroup>
    spirv.GlobalVariable @b0 : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32>)>, Workgroup>
    spirv.func @first() "None" {
      %c0 = spirv.Constant 0 : i32
      %p = spirv.mlir.addressof @a0 : !spirv.ptr<!spirv.struct<(!spirv.array<640 x vector<4xf32>>)>, Workgroup>
      %e = spirv.AccessChain %p[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<640 x vector<4xf32>>)>, Workgroup>, i32, i32 -> !spirv.ptr<vector<4xf32>, Workgroup>
      %v = spirv.Load "Workgroup" %e : vector<4xf32>
      spirv.Return
    }
    spirv.func @second() "None" {
      %c0 = spirv.Constant 0 : i32
      %p = spirv.mlir.addressof @b0 : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32>)>, Workgroup>
      %e = spirv.AccessChain %p[%c0, %c0] : !spirv.ptr<!spirv.struct<(!spirv.array<16 x f32>)>, Workgroup>, i32, i32 -> !spirv.ptr<f32, Workgroup>
      %v = spirv.Load "Workgroup" %e : f32
      spirv.Return
    }
  }
}
