// Every bad input, for every target: exit 1, one error at its file:line:col,
// no output file, no crash (check_bad_inputs.py). The deepest input is
// written here: 4000 nested regions, deeper than halc's limit of 1000.
// RUN: %python -c "print('// ERROR: 1002:22: the input nests deeper than 1000 levels of brackets'); print('func.func @deep() {'); print('  scf.execute_region {\n' * 4000 + '  scf.yield\n  }\n' * 4000 + '  return\n}')" > %t.deep.mlir
// RUN: %python %S/check_bad_inputs.py halc-compile %t.dir %S/Inputs/bad/*.mlir %t.deep.mlir | FileCheck %s --implicit-check-not=FAILED
// CHECK: ok f8.mlir
// CHECK: ok unsupported-op.mlir --iree-hal-target-backends=rocm
// CHECK: ok zero-workgroup-size.mlir --iree-hal-target-backends=rocm
// CHECK: ok {{.*}}deep.mlir --iree-hal-target-backends=rocm
