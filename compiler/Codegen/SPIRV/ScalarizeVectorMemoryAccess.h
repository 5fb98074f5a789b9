//===- ScalarizeVectorMemoryAccess.h - Vector loads as scalar loads -*- C++ -*-===//

#ifndef HALC_CODEGEN_SPIRV_SCALARIZEVECTORMEMORYACCESS_H
#define HALC_CODEGEN_SPIRV_SCALARIZEVECTORMEMORYACCESS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::halc {

/// Rewrites 1-D `vector.load`/`vector.store` on memrefs of scalars into one
/// `memref.load`/`memref.store` per element.
void populateScalarizeVectorMemoryAccessPatterns(RewritePatternSet &patterns);

} // namespace mlir::halc

#endif // HALC_CODEGEN_SPIRV_SCALARIZEVECTORMEMORYACCESS_H
