//===- SerializeCDA1.h - Executables in the CDA1 format ----------*- C++ -*-===//

#ifndef HALC_TARGET_CUDA_SERIALIZECDA1_H
#define HALC_TARGET_CUDA_SERIALIZECDA1_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include <vector>

namespace mlir::halc {

/// The CDA1 binary (header + FlatBuffer, schemas/cuda_executable_def.fbs)
/// of `executable`: one module with `ptx`, one export per export in ordinal
/// order, the SM architecture `arch`; debug tables from `debugLevel` 1 on.
std::vector<uint8_t> serializeCDA1(ExecutableOp executable, StringRef ptx,
                                   StringRef arch, int debugLevel);

} // namespace mlir::halc

#endif // HALC_TARGET_CUDA_SERIALIZECDA1_H
