//===- Passes.h - SPIR-V codegen passes -------------------------*- C++ -*-===//

#ifndef HALC_CODEGEN_SPIRV_PASSES_H
#define HALC_CODEGEN_SPIRV_PASSES_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::halc {

#define GEN_PASS_DECL
#include "compiler/Codegen/SPIRV/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Codegen/SPIRV/Passes.h.inc"

/// Lowers the loop-level dispatch functions of an executable to a finished
/// spirv.module (ABI materialized, version and capabilities set); for Metal,
/// the f16 math MSL lacks is computed in f32 first.
void buildSPIRVStage(OpPassManager &pm);

} // namespace mlir::halc

#endif // HALC_CODEGEN_SPIRV_PASSES_H
