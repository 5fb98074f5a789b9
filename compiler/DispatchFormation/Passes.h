//===- Passes.h - Dispatch formation passes ---------------------*- C++ -*-===//

#ifndef HALC_DISPATCHFORMATION_PASSES_H
#define HALC_DISPATCHFORMATION_PASSES_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::halc {

#define GEN_PASS_DECL
#include "compiler/DispatchFormation/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/DispatchFormation/Passes.h.inc"

/// Fuses elementwise ops, groups the ops of each public function into
/// dispatch regions, outlines them into one executable.
void buildDispatchFormationPipeline(OpPassManager &pm);

} // namespace mlir::halc

#endif // HALC_DISPATCHFORMATION_PASSES_H
