//===- SerializeVKE1.h - Executables in the VKE1 format ---------*- C++ -*-===//

#ifndef HALC_TARGET_VULKANSPIRV_SERIALIZEVKE1_H
#define HALC_TARGET_VULKANSPIRV_SERIALIZEVKE1_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include <vector>

namespace mlir::halc {

/// The VKE1 binary (header + FlatBuffer, wire-compatible with IREE's Vulkan
/// executables) of `executable`, whose entry points are all in `spirv`: one
/// shader module, then per export in ordinal order one pipeline with its own
/// descriptor set layout (a storage buffer per binding) and pipeline layout
/// (a push-constant range of 4 bytes per constant); debug tables from
/// `debugLevel` 1 on.
std::vector<uint8_t> serializeVKE1(ExecutableOp executable,
                                   ArrayRef<uint32_t> spirv, int debugLevel);

} // namespace mlir::halc

#endif // HALC_TARGET_VULKANSPIRV_SERIALIZEVKE1_H
