// --compile-to=executable writes one VKE1 binary: the 64-byte header (magic
// "VKE1", version 0, the FlatBuffer's size), then the FlatBuffer, which flatc
// reads with the schema. One shader module holds both entry points; each
// export has a pipeline (in ordinal order) with its own descriptor set layout
// of storage buffers (type 7, compute stage 0x20) and pipeline layout.
// RUN: halc-compile %s --compile-to=executable --iree-hal-target-backends=vulkan-spirv -o %t.vk1
// RUN: head -c 4 %t.vk1 | FileCheck %s --check-prefix=MAGIC
// RUN: tail -c +65 %t.vk1 > %t.fb
// RUN: flatc -t --strict-json --defaults-json --raw-binary -o %t.dir %schemas/vulkan_executable_def.fbs -- %t.fb
// RUN: FileCheck %s --input-file=%t.dir/vke1.mlir.tmp.json
// RUN: halc-compile %s --compile-mode=hal-executable -o - | head -c 4 | FileCheck %s --check-prefix=MAGIC

// MAGIC: VKE1

// CHECK: "pipelines": [
// CHECK:   "entry_point": "scale"
// CHECK:   "pipeline_layout_ordinal": 0
// CHECK:   "debug_info": {
// CHECK:     "name": "scale"
// CHECK:     "filename": "{{.*}}vke1.mlir"
// CHECK:   "entry_point": "add"
// CHECK:   "pipeline_layout_ordinal": 1
// CHECK: "descriptor_set_layouts": [
// CHECK-COUNT-2: "descriptor_type": "STORAGE_BUFFER"
// CHECK: "binding": 2
// CHECK-NEXT: "descriptor_type": "STORAGE_BUFFER"
// CHECK-NEXT: "descriptor_count": 1
// CHECK-NEXT: "stage_flags": 32
// CHECK: "pipeline_layouts": [
// CHECK: "descriptor_set_layout_ordinals": [
// CHECK-NEXT: 0
// CHECK: "descriptor_set_layout_ordinals": [
// CHECK-NEXT: 1
// CHECK: "shader_modules": [
// CHECK-NEXT: {
// CHECK-NEXT: "spirv_code": [
// CHECK-NEXT: 119734787
// CHECK-NOT: "spirv_code"
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
