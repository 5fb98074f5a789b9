// A module with TOSA ops is lowered with upstream MLIR's TOSA pipelines
// before the input checks (--iree-input-type=auto, the default, or tosa);
// told it is Linalg, the first TOSA op is the one diagnostic.
// RUN: halc-compile %s --compile-to=input -o - | FileCheck %s
// RUN: halc-compile %s --compile-to=input --iree-input-type=tosa -o - | FileCheck %s
// RUN: not halc-compile %s --iree-input-type=linalg -o %t 2>&1 | FileCheck %s --check-prefix=LINALG
// CHECK: func.func @block
// CHECK: linalg.batch_matmul
// CHECK: linalg.generic
// CHECK-NOT: tosa.
// LINALG: tosa.mlir:[[@LINE+3]]:9: error: 'tosa.const' is not supported
// LINALG-NOT: error:
func.func @block(%a: tensor<1x4x8xf32>, %b: tensor<1x8x2xf32>) -> tensor<1x4x2xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %mm = tosa.matmul %a, %b, %zp, %zp : (tensor<1x4x8xf32>, tensor<1x8x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x2xf32>
  %r = tosa.clamp %mm {min_val = 0.0 : f32, max_val = 3.4e+38 : f32} : (tensor<1x4x2xf32>) -> tensor<1x4x2xf32>
  return %r : tensor<1x4x2xf32>
}
