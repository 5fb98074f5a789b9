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

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LogicalResult.h"

namespace mlir::halc {

/// Decomposes every such op under `root`; reports the first that upstream
/// cannot decompose at its location.
LogicalResult decomposeOps(Operation *root);

/// A parallel generic without inputs that writes `dest`'s shape, each
/// element computed by `buildElement` from its loop indices: the form of
/// every op halc reads by index (pads, concatenations, strided slices,
/// insertions, packs with dynamic tiles).
Value buildIndexedGeneric(
    OpBuilder &builder, Location loc, Value dest,
    function_ref<Value(OpBuilder &, Location, ValueRange)> buildElement);

} // namespace mlir::halc

#endif // HALC_INPUT_DECOMPOSEOPS_H
