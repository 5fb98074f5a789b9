//===- SPIRVReflection.h - Entry points of a SPIR-V module -------*- C++ -*-===//

#ifndef HALC_RUNTIME_SPIRVREFLECTION_H
#define HALC_RUNTIME_SPIRVREFLECTION_H

#include "halc/runtime.h"

#include <array>
#include <string>
#include <vector>

namespace halc {

/// A GLCompute entry point and its LocalSize (zeros when it has none).
struct SPIRVEntryPoint {
  std::string name;
  std::array<uint32_t, 3> localSize = {0, 0, 0};
};

/// Reads the compute entry points of the SPIR-V module in `words`: checks the
/// header and that every instruction lies within the module.
halc_status_t reflectSPIRV(const uint32_t *words, size_t wordCount,
                           std::vector<SPIRVEntryPoint> &entryPoints);

} // namespace halc

#endif // HALC_RUNTIME_SPIRVREFLECTION_H
