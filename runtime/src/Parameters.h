//===- Parameters.h - Named parameters a module binds at load --*- C++ -*-===//

#ifndef HALC_RUNTIME_PARAMETERS_H
#define HALC_RUNTIME_PARAMETERS_H

#include "halc/runtime.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

struct halc_parameters_s {
  std::vector<uint8_t> bytes;
  /// Per name: where its bytes are in `bytes` (begin, end).
  std::map<std::string, std::pair<uint64_t, uint64_t>> entries;
};

namespace halc {

/// Reads a safetensors file's bytes (a little-endian u64 header length, a
/// JSON header naming each tensor's dtype, shape and data offsets, the
/// data) into `parameters`, verifying the header and every offset.
halc_status_t readSafetensors(std::vector<uint8_t> bytes,
                              halc_parameters_s &parameters);

} // namespace halc

#endif // HALC_RUNTIME_PARAMETERS_H
