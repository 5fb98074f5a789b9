//===- Passes.td - Input passes ----------------------------*- tablegen -*-===//

#ifndef HALC_INPUT_PASSES
#define HALC_INPUT_PASSES

include "mlir/Pass/PassBase.td"

def VerifyInputPass : Pass<"halc-verify-input", "ModuleOp"> {
  let summary = "Rejects input that halc cannot compile, naming the op";
  let description = [{
    Checks every public function before anything is lowered: arguments are
    ranked tensors of a supported element type or 32-bit scalars, results
    ranked tensors, and the body uses only linalg, tensor, arith and math
    ops on tensors. The first violation is the one diagnostic, at the
    offending op or argument, so a person sees at once what to change.

    ```mlir
    // error: argument #1 is a scalar of type 'f64'; scalars travel as
    // 32-bit constants: f16, f32, i8, i16 or i32
    func.func @f(%a: tensor<4xf32>, %s: f64) -> tensor<4xf32>
    ```
  }];
}

def ConvertIndexArgumentsPass : Pass<"halc-convert-index-arguments", "ModuleOp"> {
  let summary = "Passes a public function's index arguments as i32 scalars";
  let description = [{
    IREE accepts `index` scalars at a function's boundary (the sizes of a
    dynamic pack's inner tiles, a loop bound). halc's kernels index with
    32-bit integers and its scalars travel as 32-bit constants, so each
    `index` argument of a public function becomes an `i32` argument, cast to
    `index` once at the function's entry; the caller passes an i32.

    ```mlir
    func.func @f(%t: tensor<?xf32>, %n: index) -> tensor<?xf32>
    // becomes
    func.func @f(%t: tensor<?xf32>, %arg1: i32) -> tensor<?xf32> {
      %n = arith.index_cast %arg1 : i32 to index
    ```
  }];
  let dependentDialects = ["arith::ArithDialect"];
}

#endif // HALC_INPUT_PASSES
