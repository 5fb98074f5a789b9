//===- EdgeTiles.h - Staged tiles at the edges of an output -----*- C++ -*-===//
//
// A staged contraction's tiles need not divide its output or its K loop:
// the workgroup's tile of the op is padded to the static tile (its inputs
// read as zeros past their edges, its accumulator a fresh static tensor), so
// that every thread computes a whole static block in registers, and each
// thread writes back only the part of its block inside the output. On
// cooperative matrices, whose stores cannot stop at an edge, the padded
// accumulator is in workgroup memory: the subgroups store their blocks
// there whole, and all the threads copy what lies inside the output.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_CODEGEN_COMMON_EDGETILES_H
#define HALC_CODEGEN_COMMON_EDGETILES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::halc {

/// Whether the inputs of `root` (a dispatch's contraction) can be padded
/// to a tile: each is a slice or reshape of a binding, or computed by a
/// linalg op from its indices alone (an im2col matrix); and its accumulator
/// starts as a fill.
bool canPadToTile(linalg::LinalgOp root);

/// Pads `tiledRoot` (a workgroup's tile of a contraction) to `paddedRanges`
/// (the static extent of each loop) where its ranges are smaller: inputs
/// read past their edges give zeros, and the accumulator is a fill of a
/// static tensor. Each thread's block of the padded op's result, `threadTile`
/// of its loops (`threadMapping` the GPU ids of the tiled ones, in loop
/// order), is written back where it lies inside the original result. With
/// `workgroupThreads` (not 0) the padded result is in workgroup memory and
/// those threads copy it back, spread as copies are (spreadOverThreads).
/// Returns the padded op, which replaces `tiledRoot`.
FailureOr<linalg::LinalgOp> padToTile(RewriterBase &rewriter,
                                      linalg::LinalgOp tiledRoot,
                                      ArrayRef<int64_t> paddedRanges,
                                      ArrayRef<int64_t> threadTile,
                                      ArrayRef<Attribute> threadMapping,
                                      int64_t workgroupThreads);

} // namespace mlir::halc

#endif // HALC_CODEGEN_COMMON_EDGETILES_H
