//===- Passes.td - Dispatch formation passes ---------------*- tablegen -*-===//

#ifndef HALC_DISPATCHFORMATION_PASSES
#define HALC_DISPATCHFORMATION_PASSES

include "mlir/Pass/PassBase.td"

def FormDispatchesPass : Pass<"halc-form-dispatches", "ModuleOp"> {
  let summary = "Turns each public function into one export of a linked executable";
  let description = [{
    Moves the body of every public function into a dispatch function of one
    `halc.executable` (one per module: all dispatches are linked into one)
    and leaves a `halc.dispatch` of it behind. The dispatch function takes
    the arguments (read-only bindings) and then the results (written
    bindings) as memrefs, in that order, and keeps the tensor body between
    `bufferization.to_tensor` and `bufferization.materialize_in_destination`.

    A function that cannot become one kernel is rejected with an error that
    names the op: results from more than one op, or a second reduction.

    Before:
    ```mlir
    func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
      %e = tensor.empty() : tensor<4xf32>
      %r = linalg.add ins(%a, %b : ...) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      return %r : tensor<4xf32>
    }
    ```
    After:
    ```mlir
    halc.executable @module_linked {
      halc.export @add ordinal(0)
          layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
      builtin.module {
        func.func @add(%a: memref<4xf32>, %b: memref<4xf32>, %out: memref<4xf32>) {
          %0 = bufferization.to_tensor %a restrict : memref<4xf32> to tensor<4xf32>
          ...
          bufferization.materialize_in_destination %r in restrict writable %out
          return
        }
      }
    }
    func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
      %0 = halc.dispatch @module_linked::@add(%a, %b)
          : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      return %0 : tensor<4xf32>
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::halc::HALCDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

#endif // HALC_DISPATCHFORMATION_PASSES
