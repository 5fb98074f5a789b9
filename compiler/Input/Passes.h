//===- Passes.h - Input passes ----------------------------------*- C++ -*-===//

#ifndef HALC_INPUT_PASSES_H
#define HALC_INPUT_PASSES_H

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::halc {

#define GEN_PASS_DECL
#include "compiler/Input/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Input/Passes.h.inc"

/// Verifies the input, inlines calls and canonicalizes.
void buildInputPipeline(OpPassManager &pm);

} // namespace mlir::halc

#endif // HALC_INPUT_PASSES_H
