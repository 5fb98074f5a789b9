// Bad module files: halc-run names what is wrong and exits 1.
// RUN: halc-compile %s -o %t.halm
// RUN: head -c 100 %t.halm > %t.truncated
// RUN: not halc-run %t.truncated 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// RUN: head -c 40 %t.halm > %t.short
// RUN: not halc-run %t.short 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: halc-compile %s --compile-to=executable -o %t.vk1
// RUN: not halc-run %t.vk1 2>&1 | FileCheck %s --check-prefix=MAGIC
// RUN: cp %t.halm %t.corrupt && printf '\377\377\377\177' | dd of=%t.corrupt bs=1 seek=64 conv=notrunc 2>/dev/null
// RUN: not halc-run %t.corrupt 2>&1 | FileCheck %s --check-prefix=CORRUPT
// RUN: not halc-run %t.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not halc-run %t.halm --function=nope 2>&1 | FileCheck %s --check-prefix=FUNCTION
// RUN: not halc-run %t.halm --function=neg --input=3xf32=1 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not halc-run %t.halm --function=neg 2>&1 | FileCheck %s --check-prefix=COUNT

// TRUNCATED: error: module header's content_size is {{[0-9]+}} but 36 bytes follow the header (truncated file?)
// SHORT: error: module is 40 bytes, shorter than its 64-byte header
// MAGIC: error: module header has magic 'VKE1'; a halc module has 'HALM'
// CORRUPT: error: module FlatBuffer failed verification
// MISSING: error: cannot open module '{{.*}}.missing'
// FUNCTION: error: the module has no function 'nope'; it has: neg
// SHAPE: error: @neg: argument 0 has 3 elements along dimension 0; the function takes 4
// COUNT: error: @neg takes 1 arguments; 0 --input given
func.func @neg(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.negf ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
