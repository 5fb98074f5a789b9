// --compile-to stops after a stage; each leaves the IR it is named for, and
// executable-targets (IREE's name) is the target's last MLIR stage.
// RUN: halc-compile %s --compile-to=input -o - | FileCheck %s --check-prefix=INPUT
// RUN: halc-compile %s --compile-to=dispatch-creation -o - | FileCheck %s --check-prefix=DISPATCH
// RUN: halc-compile %s --compile-to=executable-configurations -o - | FileCheck %s --check-prefix=CONFIG
// RUN: halc-compile %s --compile-to=executable-targets -o - | FileCheck %s --check-prefix=TARGETS

// The dump directory holds every stage up to the one asked for, numbered by
// its place in the target's list.
// RUN: rm -rf %t && halc-compile %s --compile-to=spirv -o %t.spv --iree-hal-dump-executable-intermediates-to=%t
// RUN: ls %t | FileCheck %s --check-prefix=DUMP
// RUN: cmp %t.spv %t/module_linked.08.spirv.spv

// By default (end) the output is the module file (magic HALM), and
// `executable` writes the bare VKE1.
// RUN: halc-compile %s -o - | head -c 4 | FileCheck %s --check-prefix=END
// RUN: halc-compile %s --compile-to=end -o - | head -c 4 | FileCheck %s --check-prefix=END
// RUN: halc-compile %s --compile-to=executable -o - | head -c 4 | FileCheck %s --check-prefix=EXECUTABLE
// END: HALM
// EXECUTABLE: VKE1

// INPUT: module attributes {halc.target = #halc.target<backend = "vulkan-spirv", arch = "portable"
// INPUT: func.func @scale
// INPUT: linalg.generic
// INPUT-NOT: halc.

// DISPATCH: halc.executable @module_linked target(#halc.target<backend = "vulkan-spirv", arch = "portable"
// DISPATCH: halc.export @scale ordinal(0)
// DISPATCH: halc.dispatch @module_linked::@scale

// CONFIG: halc.executable @module_linked target(#halc.target<backend = "vulkan-spirv", arch = "portable"
// CONFIG: halc.export @scale {{.*}} workgroup_size(
// CONFIG: lowering_config = #halc.lowering_config<strategy = thread_tiles, 

// TARGETS: spirv.module
// TARGETS: spirv.EntryPoint "GLCompute" @scale
// TARGETS-NOT: func.func @scale(%{{.*}}: memref

// DUMP: module_linked.01.dispatch-creation.mlir
// DUMP-NEXT: module_linked.02.executable-configurations.mlir
// DUMP-NEXT: module_linked.03.tile-and-distribute.mlir
// DUMP-NEXT: module_linked.04.vectorize.mlir
// DUMP-NEXT: module_linked.05.bufferize.mlir
// DUMP-NEXT: module_linked.06.lower-to-loops.mlir
// DUMP-NEXT: module_linked.07.spirv-dialect.mlir
// DUMP-NEXT: module_linked.08.spirv.spv
// DUMP-EMPTY:
func.func @scale(%a: tensor<100xf32>) -> tensor<100xf32> {
  %e = tensor.empty() : tensor<100xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
    ins(%a : tensor<100xf32>) outs(%e : tensor<100xf32>) {
  ^bb0(%x: f32, %o: f32):
    %c = arith.constant 2.0 : f32
    %0 = arith.mulf %x, %c : f32
    linalg.yield %0 : f32
  } -> tensor<100xf32>
  return %r : tensor<100xf32>
}
