// PTX for an NVIDIA GPU: one .entry per export, named as the export; the
// parameters of the binding contract (a 64-bit pointer per binding, then a
// 32-bit value per dispatch constant); the workgroup size as .maxntid; the
// SM architecture of --iree-cuda-target; and the CDA1 executable that holds
// the PTX, as the runtime loads it.
// RUN: halc-compile %s --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 --compile-to=ptx -o - | FileCheck %s
// RUN: halc-compile %s --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 -o %t.halm
// RUN: halc-dump %t.halm | FileCheck %s --check-prefix=DUMP
// CHECK: .target sm_80
// CHECK: .address_size 64
// CHECK-LABEL: .visible .entry scale(
// CHECK-NEXT: .param .u64 .ptr {{.*}}scale_param_0,
// CHECK-NEXT: .param .u64 .ptr {{.*}}scale_param_1,
// CHECK-NEXT: .param .u32 scale_param_2,
// CHECK-NEXT: .param .u32 scale_param_3
// CHECK-NEXT: )
// CHECK-NEXT: .maxntid 1, 128, 1
// CHECK-LABEL: .visible .entry add(
// CHECK-NEXT: .param .u64 .ptr {{.*}}add_param_0,
// CHECK-NEXT: .param .u64 .ptr {{.*}}add_param_1,
// CHECK-NEXT: .param .u64 .ptr {{.*}}add_param_2
// CHECK-NEXT: )
// CHECK-NEXT: .maxntid 64, 1, 1
// CHECK-NOT: .extern
// CHECK-NOT: __nv_
// DUMP: CDA1 executable: 2 exports, 1 module, target sm_80
// DUMP-NEXT: module 0: PTX {{[0-9]+}} bytes
// DUMP-NEXT: export 0 @scale: entry point scale in module 0, workgroup size 1x128x1, 2 bindings (read-only mask 0x1), 2 constants
// DUMP-NEXT: export 1 @add: entry point add in module 0, workgroup size 64x1x1, 3 bindings (read-only mask 0x3), 0 constants
func.func @scale(%a: tensor<?x4xf32>, %s: f32) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %s : f32
    linalg.yield %m : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
func.func @add(%a: tensor<256xf32>, %b: tensor<256xf32>) -> tensor<256xf32> {
  %e = tensor.empty() : tensor<256xf32>
  %r = linalg.add ins(%a, %b : tensor<256xf32>, tensor<256xf32>) outs(%e : tensor<256xf32>) -> tensor<256xf32>
  return %r : tensor<256xf32>
}
