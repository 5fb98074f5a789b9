//===- PromoteOperands.h - Inputs copied to workgroup memory ----*- C++ -*-===//
//
// A lowering config's `promote_operands`: the workgroup tile of an input is
// copied to workgroup memory by all the workgroup's threads before the op
// reads it (TileAndDistribute runs the copy as a stage of its own; a
// barrier follows it).
//
//===----------------------------------------------------------------------===//

#ifndef HALC_CODEGEN_COMMON_PROMOTEOPERANDS_H
#define HALC_CODEGEN_COMMON_PROMOTEOPERANDS_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"

namespace mlir::halc {

/// Copies input `operand` of `tiledRoot` (a workgroup's tile of `root`) into
/// workgroup memory, which the op reads instead; errors (on `root`) when the
/// operand is not an input read through a permutation, `root` reduces, or
/// the tile does not fit the target's workgroup memory.
FailureOr<linalg::CopyOp> promoteOperand(RewriterBase &rewriter,
                                         linalg::LinalgOp tiledRoot,
                                         linalg::LinalgOp root, int64_t operand,
                                         LoweringConfigAttr config,
                                         TargetAttr target);

/// The shape of the workgroup-memory copy of `root`'s input `operand`, an
/// input read through a projection of its loops: its workgroup tile under
/// `config` (dynamic where a loop is untiled and dynamic), rows one element
/// longer where the threads of a subgroup read down its columns, else a
/// group of four longer where rows are whole groups of four.
SmallVector<int64_t> getPromotedShape(linalg::LinalgOp root, int64_t operand,
                                      LoweringConfigAttr config);

/// Each thread's tile of a copy of `shape` (static) spread over `threads`
/// threads whatever the workgroup's shape (linear ids, `mapping` gets
/// linear_dim_i per dimension): neighbouring threads copy neighbouring
/// groups of four elements along the rows (coalesced 128-bit accesses),
/// the threads left over take the next dimensions, and each thread copies
/// its share of what remains.
SmallVector<int64_t> spreadOverThreads(MLIRContext *context,
                                       ArrayRef<int64_t> shape, int64_t threads,
                                       SmallVector<Attribute> &mapping);

/// The thread loop of the copy that promoteOperand made of `root`'s input
/// `operand` (spreadOverThreads), each thread's rows cut into blocks that
/// keep the lanes of one access on different memory banks (a multiple of
/// the threads' iterations, run in rounds).
scf::SCFTilingOptions getCopyThreadOptions(linalg::CopyOp copy,
                                           linalg::LinalgOp root,
                                           int64_t operand,
                                           LoweringConfigAttr config);

} // namespace mlir::halc

#endif // HALC_CODEGEN_COMMON_PROMOTEOPERANDS_H
