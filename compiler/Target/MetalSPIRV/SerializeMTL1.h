//===- SerializeMTL1.h - Executables in the MTL1 format ---------*- C++ -*-===//

#ifndef HALC_TARGET_METALSPIRV_SERIALIZEMTL1_H
#define HALC_TARGET_METALSPIRV_SERIALIZEMTL1_H

#include "compiler/Target/MetalSPIRV/CrossCompileMSL.h"

namespace mlir::halc {

/// The MTL1 binary (header + FlatBuffer, wire-compatible with IREE's Metal
/// executables) of `executable`: one library (`library`'s MSL, and
/// `metallib` when not empty), one pipeline per export in ordinal order.
/// Debug information and sources follow `debugLevel`.
std::vector<uint8_t> serializeMTL1(ExecutableOp executable,
                                   const MSLLibrary &library,
                                   StringRef metallib, int simdWidth,
                                   int debugLevel);

} // namespace mlir::halc

#endif // HALC_TARGET_METALSPIRV_SERIALIZEMTL1_H
