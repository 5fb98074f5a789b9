// halc-metallib packages an MTL1 that carries MSL: each library compiled by
// the (STAND-IN, see Target/MetalSPIRV/Inputs) toolchain and embedded,
// sources kept or dropped; or the sources extracted for a person with a Mac.
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-compile-to-metallib=false -o %t.mtl1
// RUN: rm -f %t.log
// RUN: env HALC_STANDIN_LOG=%t.log halc-metallib %t.mtl1 -o %t.packaged.mtl1 --iree-metal-toolchain-dir=%metal_inputs/stand-in-toolchain
// RUN: FileCheck %s --check-prefix=LOG --input-file=%t.log
// RUN: halc-dump %t.packaged.mtl1 | FileCheck %s --check-prefix=KEPT
// RUN: halc-metallib %t.mtl1 -o %t.dropped.mtl1 --drop-sources --iree-metal-toolchain-dir=%metal_inputs/stand-in-toolchain
// RUN: halc-dump %t.dropped.mtl1 | FileCheck %s --check-prefix=DROPPED
// RUN: rm -rf %t.sources && halc-metallib %t.mtl1 --extract-sources=%t.sources | FileCheck %s --check-prefix=EXTRACT
// RUN: FileCheck %s --check-prefix=METAL-FILE --input-file=%t.sources/package.mlir.tmp.0.metal
// Bad input and a failing toolchain: an error that says what, exit 1, no file.
// RUN: halc-compile %s --compile-to=executable -o %t.vk1
// RUN: not halc-metallib %t.vk1 -o %t.bad.mtl1 2>&1 | FileCheck %s --check-prefix=NOT-METAL
// RUN: head -c 100 %t.mtl1 > %t.truncated.mtl1
// RUN: not halc-metallib %t.truncated.mtl1 -o %t.bad.mtl1 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// RUN: not halc-metallib %t.mtl1 -o %t.bad.mtl1 --iree-metal-toolchain-dir=%metal_inputs/failing-toolchain 2>&1 | FileCheck %s --check-prefix=FAILING
// RUN: not ls %t.bad.mtl1

// LOG: metal -c {{.*}}library.metal -std=metal3.0 -mmacosx-version-min=13.0 -o {{.*}}library.air
// LOG-NEXT: metallib
// KEPT: library 0: MSL 3.0, source {{[1-9][0-9]*}} bytes, metallib {{[1-9][0-9]*}} bytes
// KEPT: export 0 @neg: entry point neg in library 0
// DROPPED: library 0: MSL 3.0, source 0 bytes, metallib {{[1-9][0-9]*}} bytes
// EXTRACT: wrote {{.*}}package.mlir.tmp.0.metal
// METAL-FILE: #include <metal_stdlib>
// METAL-FILE: kernel void neg(
// NOT-METAL: error: {{.*}}.vk1 is not a Metal executable (MTL1)
// TRUNCATED: error: executable header's content_size
// FAILING: error: library 0: the Metal toolchain ({{.*}}failing-toolchain) failed:
// FAILING-NEXT: library.metal:3:5: error: stand-in compile error
func.func @neg(%a: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.negf ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}
