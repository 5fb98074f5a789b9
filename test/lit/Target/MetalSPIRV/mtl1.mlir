// metal-spirv writes one MTL1 library holding every entry point, for each
// platform and MSL version; the threadgroup size of each pipeline is the
// SPIR-V LocalSize of its entry point.
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable -o %t.mtl1
// RUN: halc-dump %t.mtl1 | FileCheck %s --check-prefix=DUMP
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=spirv -o %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=SPIRV
// RUN: halc-dump %t.mtl1 --source | FileCheck %s --check-prefix=MSL
// RUN: tail -c +65 %t.mtl1 > %t.fb
// RUN: flatc -t --strict-json --defaults-json --raw-binary -o %t.dir %schemas/metal_executable_def.fbs -- %t.fb
// RUN: FileCheck %s --check-prefix=FLATC --input-file=%t.dir/mtl1.mlir.tmp.json
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-target-platform=macos --iree-metal-msl-version=2.4 -o %t.macos.2.4.mtl1
// RUN: halc-dump %t.macos.2.4.mtl1 | FileCheck %s --check-prefix=MACOS24
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-target-platform=macos --iree-metal-msl-version=3.0 -o %t.macos.3.0.mtl1
// RUN: halc-dump %t.macos.3.0.mtl1 | FileCheck %s --check-prefix=MACOS30
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-target-platform=macos --iree-metal-msl-version=3.1 -o %t.macos.3.1.mtl1
// RUN: halc-dump %t.macos.3.1.mtl1 | FileCheck %s --check-prefix=MACOS31
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-target-platform=macos --iree-metal-msl-version=3.2 -o %t.macos.3.2.mtl1
// RUN: halc-dump %t.macos.3.2.mtl1 | FileCheck %s --check-prefix=MACOS32
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-target-platform=ios --iree-metal-msl-version=2.4 -o %t.ios.2.4.mtl1
// RUN: halc-dump %t.ios.2.4.mtl1 | FileCheck %s --check-prefix=IOS24
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-target-platform=ios --iree-metal-msl-version=3.0 -o %t.ios.3.0.mtl1
// RUN: halc-dump %t.ios.3.0.mtl1 | FileCheck %s --check-prefix=IOS30
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-target-platform=ios --iree-metal-msl-version=3.1 -o %t.ios.3.1.mtl1
// RUN: halc-dump %t.ios.3.1.mtl1 | FileCheck %s --check-prefix=IOS31
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-target-platform=ios --iree-metal-msl-version=3.2 -o %t.ios.3.2.mtl1
// RUN: halc-dump %t.ios.3.2.mtl1 | FileCheck %s --check-prefix=IOS32
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-target-platform=ios-simulator --iree-metal-msl-version=2.4 -o %t.ios-simulator.2.4.mtl1
// RUN: halc-dump %t.ios-simulator.2.4.mtl1 | FileCheck %s --check-prefix=IOSSIMULATOR24
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-target-platform=ios-simulator --iree-metal-msl-version=3.0 -o %t.ios-simulator.3.0.mtl1
// RUN: halc-dump %t.ios-simulator.3.0.mtl1 | FileCheck %s --check-prefix=IOSSIMULATOR30
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-target-platform=ios-simulator --iree-metal-msl-version=3.1 -o %t.ios-simulator.3.1.mtl1
// RUN: halc-dump %t.ios-simulator.3.1.mtl1 | FileCheck %s --check-prefix=IOSSIMULATOR31
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-target-platform=ios-simulator --iree-metal-msl-version=3.2 -o %t.ios-simulator.3.2.mtl1
// RUN: halc-dump %t.ios-simulator.3.2.mtl1 | FileCheck %s --check-prefix=IOSSIMULATOR32
// Debug level 0: no debug info; 3: the MSL as a source file too.
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-hal-executable-debug-level=0 -o %t.level0.mtl1
// RUN: tail -c +65 %t.level0.mtl1 > %t.level0.fb
// RUN: flatc -t --strict-json --raw-binary -o %t.level0 %schemas/metal_executable_def.fbs -- %t.level0.fb
// RUN: FileCheck %s --check-prefix=LEVEL0 --input-file=%t.level0/mtl1.mlir.tmp.level0.json
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-hal-executable-debug-level=3 -o %t.level3.mtl1
// RUN: tail -c +65 %t.level3.mtl1 > %t.level3.fb
// RUN: flatc -t --strict-json --raw-binary -o %t.level3 %schemas/metal_executable_def.fbs -- %t.level3.fb
// RUN: FileCheck %s --check-prefix=LEVEL3 --input-file=%t.level3/mtl1.mlir.tmp.level3.json
// RUN: not halc-compile %s --iree-hal-target-backends=metal-spirv --compile-to=executable --iree-metal-msl-version=9.9 -o %t.bad 2>&1 | FileCheck %s --check-prefix=BAD-VERSION
// RUN: not halc-compile %s --iree-hal-target-backends=metal-spirv --iree-metal-target-platform=android -o %t.bad 2>&1 | FileCheck %s --check-prefix=BAD-PLATFORM
// REQUIRES: spirv-val

// DUMP: MTL1 executable: 3 exports, 1 library
// DUMP: library 0: MSL 3.0
// DUMP: export 0 @scale: entry point scale in library 0, workgroup size 16x1x1, 2 bindings (read-only mask 0x1), 0 constants
// DUMP: export 1 @add: entry point add in library 0, workgroup size 16x1x1, 3 bindings (read-only mask 0x3), 0 constants
// A reserved MSL name is renamed by SPIRV-Cross; the export keeps its own.
// DUMP: export 2 @main: entry point main0 in library 0, workgroup size 24x4x1

// SPIRV-DAG: OpExecutionMode %scale LocalSize 16 1 1
// SPIRV-DAG: OpExecutionMode %add LocalSize 16 1 1
// SPIRV-DAG: OpExecutionMode %main LocalSize 24 4 1

// Each kernel takes its argument buffer at [[buffer(0)]], binding i at
// [[id(i)]]; one library holds all three.
// MSL: #include <metal_stdlib>
// MSL: struct spvDescriptorSetBuffer0
// MSL-NEXT: {
// MSL-NEXT: device {{.+}}* scale_arg_0 {{\[\[}}id(0){{\]\]}};
// MSL-NEXT: device {{.+}}* scale_arg_1 {{\[\[}}id(1){{\]\]}};
// Each kernel says its threadgroup size is the most it runs with.
// MSL: {{\[\[}}max_total_threads_per_threadgroup(16)]]
// MSL-NEXT: kernel void scale(constant spvDescriptorSetBuffer0& spvDescriptorSet0 {{\[\[}}buffer(0){{\]\]}}
// MSL: struct spvDescriptorSetBuffer1
// MSL: device {{.+}}* add_arg_2 {{\[\[}}id(2){{\]\]}};
// MSL: kernel void add(constant spvDescriptorSetBuffer1& spvDescriptorSet1 {{\[\[}}buffer(0){{\]\]}}
// MSL: {{\[\[}}max_total_threads_per_threadgroup(96)]]
// MSL-NEXT: kernel void main0(constant spvDescriptorSetBuffer2& spvDescriptorSet2 {{\[\[}}buffer(0){{\]\]}}
// MSL-NOT: kernel void

// FLATC: "pipelines": [
// FLATC: "library_ordinal": 0,
// FLATC-NEXT: "entry_point": "scale",
// FLATC-NEXT: "max_threads_per_threadgroup": 16,
// FLATC: "threadgroup_size_aligned": false,
// FLATC-NEXT: "constant_count": 0,
// FLATC-NEXT: "binding_flags": [
// FLATC-NEXT: "IMMUTABLE",
// FLATC-NEXT: 0
// FLATC: "name": "scale"
// FLATC: "entry_point": "main0",
// FLATC-NEXT: "max_threads_per_threadgroup": 96,
// FLATC: "threadgroup_size_aligned": true,
// FLATC: "name": "main"
// FLATC: "libraries": [
// FLATC: "version": 196608,

// Every platform with every MSL version writes a valid MTL1.
// MACOS24: MTL1 executable: 3 exports, 1 library
// MACOS24-NEXT: library 0: MSL 2.4
// MACOS30: MTL1 executable: 3 exports, 1 library
// MACOS30-NEXT: library 0: MSL 3.0
// MACOS31: MTL1 executable: 3 exports, 1 library
// MACOS31-NEXT: library 0: MSL 3.1
// MACOS32: MTL1 executable: 3 exports, 1 library
// MACOS32-NEXT: library 0: MSL 3.2
// IOS24: MTL1 executable: 3 exports, 1 library
// IOS24-NEXT: library 0: MSL 2.4
// IOS30: MTL1 executable: 3 exports, 1 library
// IOS30-NEXT: library 0: MSL 3.0
// IOS31: MTL1 executable: 3 exports, 1 library
// IOS31-NEXT: library 0: MSL 3.1
// IOS32: MTL1 executable: 3 exports, 1 library
// IOS32-NEXT: library 0: MSL 3.2
// IOSSIMULATOR24: MTL1 executable: 3 exports, 1 library
// IOSSIMULATOR24-NEXT: library 0: MSL 2.4
// IOSSIMULATOR30: MTL1 executable: 3 exports, 1 library
// IOSSIMULATOR30-NEXT: library 0: MSL 3.0
// IOSSIMULATOR31: MTL1 executable: 3 exports, 1 library
// IOSSIMULATOR31-NEXT: library 0: MSL 3.1
// IOSSIMULATOR32: MTL1 executable: 3 exports, 1 library
// IOSSIMULATOR32-NEXT: library 0: MSL 3.2
// LEVEL0-NOT: debug_info
// LEVEL0-NOT: source_files
// LEVEL3: "debug_info": {
// LEVEL3: "source_files": [
// LEVEL3-NEXT: {
// LEVEL3-NEXT: "path": "module_linked.metal",
// BAD-VERSION: error: unknown --iree-metal-msl-version '9.9'; known are: 2.4, 3.0, 3.1, 3.2
// BAD-PLATFORM: Cannot find option named 'android'!
func.func @scale(%a: tensor<64xf32>) -> tensor<64xf32> {
  %c = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
    ins(%a : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %0 = arith.mulf %x, %c : f32
    linalg.yield %0 : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func @add(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.add ins(%a, %b : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func @main(%a: tensor<128x96xf32>) -> tensor<128x96xf32> {
  %e = tensor.empty() : tensor<128x96xf32>
  %r = linalg.negf ins(%a : tensor<128x96xf32>) outs(%e : tensor<128x96xf32>) -> tensor<128x96xf32>
  return %r : tensor<128x96xf32>
}
