//===- Passes.h - Input passes ----------------------------------*- C++ -*-===//

#ifndef HALC_INPUT_PASSES_H
#define HALC_INPUT_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::halc {

#define GEN_PASS_DECL
#include "compiler/Input/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Input/Passes.h.inc"

/// What the input is written in (`--iree-input-type`).
enum class InputType {
  /// TOSA if any op of the module is a TOSA op, else Linalg.
  Auto,
  /// Linalg, tensor, arith and math on tensors.
  Linalg,
  /// The TOSA dialect, lowered by upstream MLIR's TOSA pipelines first.
  TOSA,
};

/// The input type of `module` when `type` is Auto; `type` otherwise.
InputType resolveInputType(ModuleOp module, InputType type);

/// The input as Linalg on tensors: for TOSA, upstream's TOSA-to-Linalg
/// pipelines (validating against every TOSA 1.0 profile and the extensions
/// halc compiles); then
/// arith and math ops on whole tensors as generics (upstream's
/// convert-elementwise-to-linalg); index arguments as i32
/// (halc-convert-index-arguments). halc-run's CPU reference runs the same.
void addLowerInputToLinalgPasses(OpPassManager &pm, InputType type);

/// Lowers TOSA to Linalg (for a TOSA input), verifies the input, inlines
/// calls and canonicalizes.
void buildInputPipeline(OpPassManager &pm, InputType type);

} // namespace mlir::halc

#endif // HALC_INPUT_PASSES_H
