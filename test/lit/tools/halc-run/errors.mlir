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
// RUN: not halc-run %S 2>&1 | FileCheck %s --check-prefix=DIRECTORY
//
// Bad arguments: named, exit 1, never a signal.
// RUN: not halc-run %t.halm --input=99999999999999999999x4xf32=1 2>&1 | FileCheck %s --check-prefix=HUGE-DIM
// RUN: not halc-run %t.halm --input=4611686018427387904x4611686018427387904xf32=1 2>&1 | FileCheck %s --check-prefix=HUGE-TENSOR
// RUN: not halc-run %t.halm --input=@%S 2>&1 | FileCheck %s --check-prefix=NPY-DIRECTORY
// RUN: not halc-run %t.halm --input=i32=99999999999 2>&1 | FileCheck %s --check-prefix=I32-RANGE
// RUN: not halc-run %t.halm --input=i32=2.5 2>&1 | FileCheck %s --check-prefix=I32-FRACTION
// RUN: not halc-run %t.halm --input=4xf32=1 --benchmark=-1 2>&1 | FileCheck %s --check-prefix=BENCHMARK
// RUN: not halc-run %t.halm --input=4xf32=1 --benchmark-calls=0 2>&1 | FileCheck %s --check-prefix=BENCHMARK-CALLS
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'\x93NUMPY\x01\x00\x76\x00' + (b\"{'descr': '<f4', 'fortran_order': False, 'shape': (abc, 4), }\").ljust(117) + b'\n')" > %t.text-shape.npy
// RUN: not halc-run %t.halm --input=@%t.text-shape.npy 2>&1 | FileCheck %s --check-prefix=NPY-TEXT
// RUN: %python -c "import sys; sys.stdout.buffer.write(b'\x93NUMPY\x01\x00\x76\x00' + (b\"{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904, 4), }\").ljust(117) + b'\n')" > %t.wrap.npy
// RUN: not halc-run %t.halm --input=@%t.wrap.npy 2>&1 | FileCheck %s --check-prefix=NPY-WRAP

// TRUNCATED: error: module header's content_size is {{[0-9]+}} but 36 bytes follow the header (truncated file?)
// SHORT: error: module is 40 bytes, shorter than its 64-byte header
// MAGIC: error: module header has magic 'VKE1'; a halc module has 'HALM'
// CORRUPT: error: module FlatBuffer failed verification
// MISSING: error: cannot open module '{{.*}}.missing'
// FUNCTION: error: the module has no function 'nope'; it has: neg
// SHAPE: error: @neg: argument 0 has 3 elements along dimension 0; the function takes 4
// COUNT: error: @neg takes 1 arguments; 0 --input given
// DIRECTORY: error: cannot read module '{{.*}}': not a regular file
// HUGE-DIM: error: --input 0: '99999999999999999999x4xf32' has a bad dimension '99999999999999999999'
// HUGE-TENSOR: error: --input 0: a tensor of 4611686018427387904x4611686018427387904xf32 has more bytes than halc-run holds (2^40)
// NPY-DIRECTORY: error: --input 0: cannot read '{{.*}}': not a regular file
// I32-RANGE: error: --input 0: '99999999999' is out of the range of i32
// I32-FRACTION: error: --input 0: '2.5' is not an integer (the tensor is of i32)
// BENCHMARK: error: --benchmark=-1: needs a count from 1 to 100000
// BENCHMARK-CALLS: error: --benchmark-calls=0: needs a count from 1 to 100000
// NPY-TEXT: error: --input 0: '{{.*}}.text-shape.npy' has a bad dimension 'abc' in its .npy header
// NPY-WRAP: error: --input 0: a tensor of 4611686018427387904x4xf32 has more bytes than halc-run holds (2^40)
func.func @neg(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.negf ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
