// halc-dump prints modules and executables as the runtime loads them, as
// text or JSON; a file the runtime rejects gets its error and exit 1.
// RUN: halc-compile %s -o %t.halm
// RUN: halc-dump %t.halm | FileCheck %s --check-prefix=MODULE
// RUN: halc-dump %t.halm --json | FileCheck %s --check-prefix=JSON
// RUN: halc-compile %s --compile-to=executable -o %t.vk1
// RUN: halc-dump %t.vk1 | FileCheck %s --check-prefix=VKE1
// RUN: halc-compile %s --iree-hal-target-backends=metal-spirv -o %t.metal.halm
// RUN: halc-dump %t.metal.halm --source | FileCheck %s --check-prefix=METAL
// RUN: head -c 80 %t.halm > %t.truncated
// RUN: not halc-dump %t.truncated 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// RUN: head -c 80 %t.vk1 > %t.truncated.vk1
// RUN: not halc-dump %t.truncated.vk1 2>&1 | FileCheck %s --check-prefix=TRUNCATED-VKE1

// MODULE: HALM module: 1 executable(s), 1 function(s)
// MODULE: executable 0:
// MODULE: VKE1 executable: 1 export
// MODULE: export 0 @neg: entry point neg in module 0, workgroup size 4x4x1, 2 bindings (read-only mask 0x0), 0 constants
// MODULE: function @neg(4x16xf32) -> (4x16xf32): 2 buffers
// MODULE: dispatch 0: executable 0 export 0, buffers [0, 1], workgroup count 1x1x1

// JSON: {"format": "HALM", "executables": [{"format": "VKE1", "libraries": [], "exports": [{"name": "neg", "entry_point": "neg", "container": 0, "workgroup_size": [4, 4, 1], "bindings": 2, "read_only_bindings": 0, "constants": 0, "subgroup_size": 0}]}], "functions": [{"name": "neg", "arguments": ["4x16xf32"], "results": ["4x16xf32"], "argument_names": [""], "result_names": [""], "buffers": 2, "constant_buffers": [], "depends_on_call": false, "dispatches": [{"executable": 0, "export": 0, "bindings": [0, 1], "workgroup_count": [1, 1, 1], "at_load": false}]}]}

// VKE1: VKE1 executable: 1 export
// VKE1-NEXT: export 0 @neg: entry point neg in module 0, workgroup size 4x4x1

// METAL: MTL1 executable: 1 export, 1 library
// METAL: library 0: MSL 3.0, source {{[0-9]+}} bytes, metallib 0 bytes
// METAL: kernel void neg(
// METAL: export 0 @neg: entry point neg in library 0, workgroup size {{[0-9]+x[0-9]+x1}}, 2 bindings (read-only mask 0x1)

// TRUNCATED: error: module header's content_size is {{[0-9]+}} but 16 bytes follow the header (truncated file?)
// TRUNCATED-VKE1: error: executable header's content_size
func.func @neg(%a: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x16xf32>
  %r = linalg.negf ins(%a : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}
