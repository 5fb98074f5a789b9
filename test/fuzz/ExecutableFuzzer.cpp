//===- ExecutableFuzzer.cpp - Fuzzing the executable loaders --------------===//
//
// Any bytes given to halc_executable_load (VKE1, MTL1, HIP1 by their magic)
// load or fail with a message; what loads is read through every query.
//
//===----------------------------------------------------------------------===//

#include "halc/runtime.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace {
/// Whether a query succeeded; its error is freed.
bool succeeded(halc_status_t status) {
  if (!status)
    return true;
  (void)std::strlen(halc_status_message(status));
  halc_status_free(status);
  return false;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  halc_executable_t *executable = nullptr;
  if (!succeeded(halc_executable_load(data, size, &executable)))
    return 0;
  for (size_t i = 0; i < halc_executable_export_count(executable); ++i) {
    halc_export_info_t info;
    if (succeeded(halc_executable_export_info(executable, i, &info)))
      (void)(std::strlen(info.name) + std::strlen(info.entry_point));
    (void)halc_executable_export_module(executable, i);
  }
  for (size_t i = 0; i < halc_executable_library_count(executable); ++i) {
    halc_metal_library_t library;
    if (succeeded(halc_executable_metal_library(executable, i, &library)) &&
        library.source_size)
      (void)library.source[library.source_size - 1];
  }
  const uint32_t *words;
  size_t wordCount;
  if (succeeded(halc_executable_spirv(executable, 0, &words, &wordCount)) &&
      wordCount)
    (void)words[wordCount - 1];
  (void)std::strlen(halc_executable_target_id(executable));
  halc_executable_free(executable);
  return 0;
}
