//===- Passes.td - Input passes ----------------------------*- tablegen -*-===//

#ifndef HALC_INPUT_PASSES
#define HALC_INPUT_PASSES

include "mlir/Pass/PassBase.td"

def VerifyInputPass : Pass<"halc-verify-input", "ModuleOp"> {
  let summary = "Rejects input that halc cannot compile, naming the op";
  let description = [{
    Checks every public function before anything is lowered: arguments and
    results are statically shaped ranked tensors of a supported element
    type, and the body uses only linalg, tensor, arith and math ops on
    tensors. The first violation is the one diagnostic, at the offending op
    or argument, so a person sees at once what to change.

    ```mlir
    // error: 'tensor<?x4xf32>' has a dynamic dimension
    func.func @f(%a: tensor<?x4xf32>) -> tensor<?x4xf32>
    ```
  }];
}

#endif // HALC_INPUT_PASSES
