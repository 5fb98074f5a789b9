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

extern "C" halc_status_t
halc_executable_export_info(const halc_executable_t *executable,
                            size_t ordinal, halc_export_info_t *out) {
  return catchExceptions("reading an export", [&]() -> halc_status_t {
    if (ordinal >= executable->exports.size())
      return makeError("export ordinal " + std::to_string(ordinal) +
                       " is out of range; the executable has " +
                       std::to_string(executable->exports.size()));
    *out = executable->exports[ordinal].info;
    return nullptr;
  });
}

extern "C" halc_status_t halc_executable_spirv(
    const halc_executable_t *executable, size_t moduleOrdinal,
    const uint32_t **outWords, size_t *outWordCount) {
  return catchExceptions("reading a shader module", [&]() -> halc_status_t {
    if (moduleOrdinal >= executable->spirvModules.size())
      return makeError("shader module ordinal " +
                       std::to_string(moduleOrdinal) +
                       " is out of range; the executable has " +
                       std::to_string(executable->spirvModules.size()));
    *outWords = executable->spirvModules[moduleOrdinal].words;
    *outWordCount = executable->spirvModules[moduleOrdinal].wordCount;
    return nullptr;
  });
}

extern "C" size_t
halc_executable_library_count(const halc_executable_t *executable) {
  return executable->metalLibraries.size();
}

extern "C" halc_status_t
halc_executable_metal_library(const halc_executable_t *executable,
                              size_t ordinal, halc_metal_library_t *out) {
  return catchExceptions("reading a Metal library", [&]() -> halc_status_t {
    if (ordinal >= executable->metalLibraries.size())
      return makeError("library ordinal " + std::to_string(ordinal) +
                       " is out of range; the executable has " +
                       std::to_string(executable->metalLibraries.size()));
    *out = executable->metalLibraries[ordinal];
    return nullptr;
  });
}

extern "C" size_t
halc_executable_code_module_count(const halc_executable_t *executable) {
  return executable->codeModules.size();
}

extern "C" halc_status_t
halc_executable_code_module(const halc_executable_t *executable, size_t ordinal,
                           const void **outData, size_t *outSize) {
  return catchExceptions("reading a code module", [&]() -> halc_status_t {
    if (ordinal >= executable->codeModules.size())
      return makeError("module ordinal " + std::to_string(ordinal) +
                       " is out of range; the executable has " +
                       std::to_string(executable->codeModules.size()));
    *outData = executable->codeModules[ordinal].data;
    *outSize = executable->codeModules[ordinal].size;
    return nullptr;
  });
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
