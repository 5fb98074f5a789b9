//===- OutOfBoundsTransfers.h - Guarded vector transfers --------*- C++ -*-===//
//
// A vector transfer that may cross its memref's edges (the reads and writes
// of a staged tile at the edge of its operands) becomes guarded loads and
// stores, one row at a time: a row wholly inside is one vector access, a
// row across the edge one access per element inside. Upstream unrolling
// would drop the bounds of the rows' dimensions.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_CODEGEN_COMMON_OUTOFBOUNDSTRANSFERS_H
#define HALC_CODEGEN_COMMON_OUTOFBOUNDSTRANSFERS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::halc {

/// Lowers the minor-identity, unmasked transfers on memrefs in `dispatch`
/// that have an out-of-bounds dimension.
void lowerOutOfBoundsTransfers(func::FuncOp dispatch);

} // namespace mlir::halc

#endif // HALC_CODEGEN_COMMON_OUTOFBOUNDSTRANSFERS_H
