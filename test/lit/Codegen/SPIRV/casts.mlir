// RUN: halc-compile %s --compile-to=executable-targets --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=lavapipe -o - | FileCheck %s

// f16 and i32 in, f16 out: casts both ways, 16-bit storage; 509 leaves a
// guarded edge tile.
// CHECK: halc.export @casts
// CHECK-SAME: workgroup_size([64, 1, 1]) workgroup_count([8, 1, 1])
// CHECK: spirv.module {{.*}} requires #spirv.vce<{{.*}}Float16{{.*}}
// CHECK-DAG: bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<509 x f16, stride=2> [0])>, StorageBuffer>
// CHECK-DAG: bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.array<509 x i32, stride=4> [0])>, StorageBuffer>
// CHECK: spirv.func @casts()
// CHECK: spirv.mlir.selection
// CHECK: spirv.FConvert %{{.+}} : f16 to f32
// CHECK: spirv.ConvertSToF %{{.+}} : i32 to f32
// CHECK: spirv.ConvertFToS %{{.+}} : f32 to i32
// CHECK: spirv.ConvertSToF %{{.+}} : i32 to f16
// CHECK: spirv.ExecutionMode @casts "LocalSize", 64, 1, 1
func.func @casts(%a: tensor<509xf16>, %b: tensor<509xi32>) -> tensor<509xf16> {
  %e = tensor.empty() : tensor<509xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
    ins(%a, %b : tensor<509xf16>, tensor<509xi32>) outs(%e : tensor<509xf16>) {
  ^bb0(%x: f16, %y: i32, %o: f16):
    %0 = arith.extf %x : f16 to f32
    %1 = arith.sitofp %y : i32 to f32
    %2 = arith.addf %0, %1 : f32
    %3 = arith.fptosi %2 : f32 to i32
    %4 = arith.addi %3, %y : i32
    %5 = arith.sitofp %4 : i32 to f32
    %6 = arith.truncf %5 : f32 to f16
    linalg.yield %6 : f16
  } -> tensor<509xf16>
  return %r : tensor<509xf16>
}
