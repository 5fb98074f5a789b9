//===- Executable.h - A loaded, verified executable --------------*- C++ -*-===//

#ifndef HALC_RUNTIME_EXECUTABLE_H
#define HALC_RUNTIME_EXECUTABLE_H

#include "halc/runtime.h"

#include "Unaligned.h"

#include <string>
#include <vector>

namespace halc {

/// An export with the strings its C view points into.
struct Export {
  std::string name;
  std::string entryPoint;
  halc_export_info_t info = {};
  size_t moduleOrdinal = 0;
};

/// A span of bytes inside the executable's bytes.
struct ByteSpan {
  const void *data = nullptr;
  size_t size = 0;
};

/// A span of SPIR-V words inside the executable's bytes.
struct SPIRVModule {
  const uint32_t *words = nullptr;
  size_t wordCount = 0;
};

} // namespace halc

struct halc_executable_s {
  std::vector<halc_metal_library_t> metalLibraries;
  /// The code of each module of a HIP1 (HSACO) or CDA1 (PTX) executable,
  /// and the target it was compiled for.
  std::vector<halc::ByteSpan> codeModules;
  std::string targetId;
  halc_executable_format_t format;
  /// The whole binary, header included; everything below points into it.
  std::vector<uint8_t> bytes;
  std::vector<halc::Export> exports;
  std::vector<halc::SPIRVModule> spirvModules;
};

namespace halc {

/// Verifies the VKE1 FlatBuffer of `executable->bytes` at `content` and
/// fills in its exports and shader modules.
halc_status_t loadVKE1(halc_executable_s &executable, const uint8_t *content,
                       size_t contentSize);

/// The same for HIP1: modules (HSACOs), exports and the target id.
halc_status_t loadHIP1(halc_executable_s &executable, const uint8_t *content,
                       size_t contentSize);

/// The same for CDA1: modules (PTX), exports and the SM architecture.
halc_status_t loadCDA1(halc_executable_s &executable, const uint8_t *content,
                       size_t contentSize);

/// The same for MTL1: libraries and pipelines.
halc_status_t loadMTL1(halc_executable_s &executable, const uint8_t *content,
                       size_t contentSize);

/// Bit b set where element b of `flags` (a FlatBuffer vector of 64-bit
/// binding flags) has `bit`.
template <typename Flags>
uint32_t readBindingFlags(const Flags *flags, uint64_t bit) {
  uint32_t mask = 0;
  std::vector<uint64_t> values = readUnaligned<uint64_t>(flags);
  for (size_t b = 0; b < values.size(); ++b)
    if (values[b] & bit)
      mask |= 1u << b;
  return mask;
}

} // namespace halc

#endif // HALC_RUNTIME_EXECUTABLE_H
