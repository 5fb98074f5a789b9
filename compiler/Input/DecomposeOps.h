//===- DecomposeOps.h - Ops without loops of their own ----------*- C++ -*-===//
//
// Upstream's decompositions of the ops that are defined by other ops rather
// than by loops: softmax (and any AggregatedOpInterface) into reductions and
// elementwise generics, linalg.pack into pad + expand_shape + transpose,
// linalg.unpack into transpose + collapse_shape + extract_slice (with
// dynamic inner tiles, which upstream does not decompose, a generic that
// reads each element by index instead). Both the
// compiler and halc-run's CPU reference run them, so that the reference
// computes the same definition.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_INPUT_DECOMPOSEOPS_H
#define HALC_INPUT_DECOMPOSEOPS_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LogicalResult.h"

namespace mlir::halc {

/// Decomposes every such op under `root`; reports the first that upstream
/// cannot decompose at its location.
LogicalResult decomposeOps(Operation *root);

} // namespace mlir::halc

#endif // HALC_INPUT_DECOMPOSEOPS_H
