//===- Passes.h - Codegen passes shared by all targets ----------*- C++ -*-===//

#ifndef HALC_CODEGEN_COMMON_PASSES_H
#define HALC_CODEGEN_COMMON_PASSES_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::halc {

#define GEN_PASS_DECL
#include "compiler/Codegen/Common/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Codegen/Common/Passes.h.inc"

/// Tile and distribute, vectorize, bufferize, map loops to GPU ids and lower
/// what is left to loops and 1-D vectors: the target-independent part of
/// codegen, in the named stages halc-compile dumps.
void buildTileAndDistributeStage(OpPassManager &pm);
void buildVectorizeStage(OpPassManager &pm);
void buildBufferizeStage(OpPassManager &pm);
void buildLowerToLoopsStage(OpPassManager &pm);

} // namespace mlir::halc

#endif // HALC_CODEGEN_COMMON_PASSES_H
