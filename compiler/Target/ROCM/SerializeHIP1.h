//===- SerializeHIP1.h - Executables in the HIP1 format ----------*- C++ -*-===//

#ifndef HALC_TARGET_ROCM_SERIALIZEHIP1_H
#define HALC_TARGET_ROCM_SERIALIZEHIP1_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include <string>
#include <vector>

namespace mlir::halc {

/// The HIP1 binary (header + FlatBuffer, wire-compatible with IREE's HIP
/// executables, plus the target id at the end of ExecutableDef) of
/// `executable`: one module with `hsaco`, one export per export in ordinal
/// order; debug tables from `debugLevel` 1 on.
std::vector<uint8_t> serializeHIP1(ExecutableOp executable, StringRef hsaco,
                                   StringRef targetId, int debugLevel);

} // namespace mlir::halc

#endif // HALC_TARGET_ROCM_SERIALIZEHIP1_H
