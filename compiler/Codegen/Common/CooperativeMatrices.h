//===- CooperativeMatrices.h - Subgroup contractions on tensor cores -*- C++ -*-===//
//
// A contraction that a subgroup runs (tiled to `#gpu.warp` loops under a
// lowering config with a `subgroup_matrix`) is one vector.contract of the
// subgroup's whole block after vectorization, marked with the shape of the
// target's cooperative-matrix operation. After bufferization and hoisting it
// is cut into contractions of that shape, each on upstream's GPU MMA ops
// (`gpu.subgroup_mma_*`): loads of A and B from workgroup memory, a
// multiply-add per piece, the accumulators carried as matrices through the
// K loops and stored once after them. SPIR-V targets lower those to
// `spirv.KHR.CooperativeMatrix*`.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_CODEGEN_COMMON_COOPERATIVEMATRICES_H
#define HALC_CODEGEN_COMMON_COOPERATIVEMATRICES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::halc {

/// The discardable attribute on a vector.contract that a subgroup runs on
/// cooperative matrices: `array<i64: m, n, k>`, the operation's shape.
constexpr llvm::StringLiteral kSubgroupMatrixAttrName = "halc.subgroup_matrix";

/// The name (a NameLoc around its location) that marks a
/// `gpu.subgroup_mma_load_matrix` of f16 whose bits are bf16: upstream's MMA
/// types have no bf16, so a bf16 contraction's workgroup tiles are f16
/// arrays of the same bits, and the SPIR-V lowering loads the marked
/// matrices as bf16 ones.
constexpr llvm::StringLiteral kBF16MatrixLocName = "halc.bf16_matrix";

/// Lowers the marked contractions of `dispatch` (and the transfers and
/// loops around them) to GPU MMA ops; an error where one does not convert.
LogicalResult lowerToCooperativeMatrices(func::FuncOp dispatch);

} // namespace mlir::halc

#endif // HALC_CODEGEN_COMMON_COOPERATIVEMATRICES_H
