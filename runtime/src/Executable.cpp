//===- Executable.cpp - Loading executables by their header ---------------===//
//
// Every binary starts with the 64-byte header (schemas/binary_header.h); its
// magic picks the format's loader, which verifies the FlatBuffer and then
// what the FlatBuffer means before anything else reads it.
//
//===----------------------------------------------------------------------===//

#include "Executable.h"

#include "BinaryHeader.h"

#include "halc/status_cc.h"

#include "schemas/binary_header.h"

#include <memory>

using namespace halc;

namespace {

halc_status_t load(std::vector<uint8_t> bytes, halc_executable_t **out) {
  *out = nullptr;
  BinaryContent content;
  if (halc_status_t status = readBinaryHeader(bytes.data(), bytes.size(),
                                              "executable", content))
    return status;
  auto executable = std::make_unique<halc_executable_s>();
  size_t offset = content.data - bytes.data();
  executable->bytes = std::move(bytes);
  const uint8_t *data = executable->bytes.data() + offset;
  halc_status_t status;
  if (content.magic == halc_binary_magic("VKE1")) {
    executable->format = HALC_EXECUTABLE_FORMAT_VKE1;
    status = loadVKE1(*executable, data, content.size);
  } else if (content.magic == halc_binary_magic("MTL1")) {
    executable->format = HALC_EXECUTABLE_FORMAT_MTL1;
    status = loadMTL1(*executable, data, content.size);
  } else if (content.magic == halc_binary_magic("HIP1")) {
    executable->format = HALC_EXECUTABLE_FORMAT_HIP1;
    status = loadHIP1(*executable, data, content.size);
  } else if (content.magic == halc_binary_magic("CDA1")) {
    executable->format = HALC_EXECUTABLE_FORMAT_CDA1;
    status = loadCDA1(*executable, data, content.size);
  } else {
    status = makeError("executable header has magic '" +
                       describeMagic(content.magic) +
                       "'; this runtime reads 'VKE1', 'MTL1', 'HIP1' and "
                       "'CDA1'");
  }
  if (status)
    return status;
  *out = executable.release();
  return nullptr;
}

} // namespace

extern "C" halc_status_t halc_executable_load(const void *data, size_t size,
                                              halc_executable_t **out) {
  *out = nullptr;
  return catchExceptions("loading an executable", [&] {
    const auto *begin = static_cast<const uint8_t *>(data);
    return load(std::vector<uint8_t>(begin, begin + size), out);
  });
}

extern "C" halc_status_t halc_executable_load_file(const char *path,
                                                   halc_executable_t **out) {
  *out = nullptr;
  return catchExceptions("loading an executable", [&] {
    std::vector<uint8_t> bytes;
    if (halc_status_t status = readFile(path, "executable", bytes))
      return status;
    return load(std::move(bytes), out);
  });
}

extern "C" void halc_executable_free(halc_executable_t *executable) {
  delete executable;
}

extern "C" halc_executable_format_t
halc_executable_format(const halc_executable_t *executable) {
  return executable->format;
}

extern "C" size_t
halc_executable_export_count(const halc_executable_t *executable) {
  return executable->exports.size();
}

namespace {

/// An error where `ordinal` is not below `count`, the executable's number of
/// `what`s (built without letting an exception cross the C API).
halc_status_t checkOrdinal(const char *what, size_t ordinal, size_t count) {
  if (ordinal < count)
    return nullptr;
  return catchExceptions("reading an executable", [&] {
    return makeError(std::string(what) + " ordinal " + std::to_string(ordinal) +
                     " is out of range; the executable has " +
                     std::to_string(count));
  });
}

} // namespace

extern "C" halc_status_t
halc_executable_export_info(const halc_executable_t *executable,
                            size_t ordinal, halc_export_info_t *out) {
  if (halc_status_t status =
          checkOrdinal("export", ordinal, executable->exports.size()))
    return status;
  *out = executable->exports[ordinal].info;
  return nullptr;
}

extern "C" halc_status_t halc_executable_spirv(
    const halc_executable_t *executable, size_t moduleOrdinal,
    const uint32_t **outWords, size_t *outWordCount) {
  if (halc_status_t status = checkOrdinal("shader module", moduleOrdinal,
                                          executable->spirvModules.size()))
    return status;
  *outWords = executable->spirvModules[moduleOrdinal].words;
  *outWordCount = executable->spirvModules[moduleOrdinal].wordCount;
  return nullptr;
}

extern "C" size_t
halc_executable_library_count(const halc_executable_t *executable) {
  return executable->metalLibraries.size();
}

extern "C" halc_status_t
halc_executable_metal_library(const halc_executable_t *executable,
                              size_t ordinal, halc_metal_library_t *out) {
  if (halc_status_t status =
          checkOrdinal("library", ordinal, executable->metalLibraries.size()))
    return status;
  *out = executable->metalLibraries[ordinal];
  return nullptr;
}

extern "C" size_t
halc_executable_code_module_count(const halc_executable_t *executable) {
  return executable->codeModules.size();
}

extern "C" halc_status_t
halc_executable_code_module(const halc_executable_t *executable, size_t ordinal,
                           const void **outData, size_t *outSize) {
  if (halc_status_t status =
          checkOrdinal("module", ordinal, executable->codeModules.size()))
    return status;
  *outData = executable->codeModules[ordinal].data;
  *outSize = executable->codeModules[ordinal].size;
  return nullptr;
}

extern "C" const char *
halc_executable_target_id(const halc_executable_t *executable) {
  return executable->targetId.c_str();
}

extern "C" size_t
halc_executable_export_module(const halc_executable_t *executable,
                              size_t ordinal) {
  return executable->exports[ordinal].moduleOrdinal;
}
