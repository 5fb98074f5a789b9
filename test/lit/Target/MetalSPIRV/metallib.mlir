// metallib at compile time, with STAND-IN toolchains (Inputs/: shell scripts
// that record their arguments and write marked files; they compile nothing,
// since CI has no Metal toolchain).
//
// A toolchain directory: metal -c, then metallib; the metallib is embedded
// and, at debug level 2 (the default), the MSL too; at level 1 only the
// metallib.
// RUN: rm -f %t.log
// RUN: env HALC_STANDIN_LOG=%t.log halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-toolchain-dir=%S/Inputs/stand-in-toolchain -o %t.mtl1
// RUN: FileCheck %s --check-prefix=DIR-LOG --input-file=%t.log
// RUN: halc-dump %t.mtl1 | FileCheck %s --check-prefix=EMBEDDED
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-toolchain-dir=%S/Inputs/stand-in-toolchain --iree-hal-executable-debug-level=1 -o %t.level1.mtl1
// RUN: halc-dump %t.level1.mtl1 | FileCheck %s --check-prefix=NO-SOURCE
//
// The deployment target: the oldest OS the MSL version runs on, or a later
// one given; an older one is an error.
// RUN: rm -f %t.os.log
// RUN: env HALC_STANDIN_LOG=%t.os.log halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-toolchain-dir=%S/Inputs/stand-in-toolchain --iree-metal-target-os-version=14.2 -o %t.os.mtl1
// RUN: FileCheck %s --check-prefix=OS-LOG --input-file=%t.os.log
// RUN: not halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-target-platform=ios --iree-metal-target-os-version=15 -o %t.old.mtl1 2>&1 | FileCheck %s --check-prefix=OLD-OS
// RUN: not halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-target-os-version=13.x -o %t.old.mtl1 2>&1 | FileCheck %s --check-prefix=BAD-OS
//
// The MSL in the dump folder, beside the SPIR-V.
// RUN: rm -rf %t.dump && halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.dump.mtl1 --iree-hal-dump-executable-intermediates-to=%t.dump
// RUN: FileCheck %s --check-prefix=DUMPED-MSL --input-file=%t.dump/module_linked.09.msl.metal
//
// xcrun on PATH, with the SDK of the platform and the MSL version's -std.
// RUN: rm -f %t.xcrun.log
// RUN: env PATH=%standin_xcrun_path HALC_STANDIN_LOG=%t.xcrun.log halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-target-platform=ios --iree-metal-msl-version=2.4 -o %t.ios.mtl1
// RUN: FileCheck %s --check-prefix=XCRUN-LOG --input-file=%t.xcrun.log
//
// No toolchain: a remark, and the MSL stays. Turned off: not even looked for.
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-toolchain-dir=%S/Inputs -o %t.none.mtl1 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: halc-dump %t.none.mtl1 | FileCheck %s --check-prefix=SOURCE-ONLY
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-toolchain-dir=%S/Inputs/stand-in-toolchain --iree-metal-compile-to-metallib=false -o %t.off.mtl1 2>&1 | count 0
// RUN: halc-dump %t.off.mtl1 | FileCheck %s --check-prefix=SOURCE-ONLY
//
// A failing toolchain: its output in the diagnostic, exit 1, no file.
// RUN: not halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-toolchain-dir=%S/Inputs/failing-toolchain -o %t.fail.mtl1 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: not ls %t.fail.mtl1

// DIR-LOG: metal -c {{.*}}library.metal -std=metal3.0 -mmacosx-version-min=13.0 -o {{.*}}library.air
// DIR-LOG-NEXT: metallib {{.*}}library.air -o {{.*}}library.metallib
// EMBEDDED: library 0: MSL 3.0, source {{[1-9][0-9]*}} bytes, metallib {{[1-9][0-9]*}} bytes
// NO-SOURCE: library 0: MSL 3.0, source 0 bytes, metallib {{[1-9][0-9]*}} bytes
// XCRUN-LOG: xcrun -sdk iphoneos
// XCRUN-LOG-NEXT: metal -c {{.*}}library.metal -std=ios-metal2.4 -mios-version-min=15.0 -o
// XCRUN-LOG-NEXT: xcrun -sdk iphoneos
// XCRUN-LOG-NEXT: metallib
// OS-LOG: metal -c {{.*}}library.metal -std=metal3.0 -mmacosx-version-min=14.2 -o
// OLD-OS: error: MSL 3.0 needs iOS 16 or later; --iree-metal-target-os-version=15 is older
// BAD-OS: error: --iree-metal-target-os-version='13.x' is not a version like 13.0
// DUMPED-MSL: #include <metal_stdlib>
// DUMPED-MSL: kernel void
// REMARK: remark: no Metal toolchain found (no metal and metallib in {{.*}}Inputs); the MTL1 keeps the MSL source
// SOURCE-ONLY: library 0: MSL 3.0, source {{[1-9][0-9]*}} bytes, metallib 0 bytes
// FAIL: error: the Metal toolchain ({{.*}}failing-toolchain) failed: '{{.*}}metal -c {{.*}}' failed:
// FAIL-NEXT: library.metal:3:5: error: stand-in compile error
func.func @neg(%a: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.negf ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}
