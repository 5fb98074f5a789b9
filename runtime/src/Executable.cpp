//===- Executable.cpp - Loading executables by their header ---------------===//
//
// Every binary starts with the 64-byte header (schemas/binary_header.h); its
// magic picks the format's loader, which verifies the FlatBuffer and then
// what the FlatBuffer means before anything else reads it.
//
//===----------------------------------------------------------------------===//

#include "Executable.h"

#include "Status.h"

#include "schemas/binary_header.h"

#include <cstdio>
#include <cstring>
#include <memory>
#include <fstream>
#include <iterator>

using namespace halc;

namespace {

/// The four magic bytes as text, non-printable ones as \xNN.
std::string describeMagic(uint32_t magic) {
  std::string text;
  for (int i = 0; i < 4; ++i) {
    unsigned byte = (magic >> (8 * i)) & 0xff;
    if (byte >= 0x20 && byte < 0x7f) {
      text += static_cast<char>(byte);
    } else {
      char escaped[8];
      std::snprintf(escaped, sizeof(escaped), "\\x%02x", byte);
      text += escaped;
    }
  }
  return text;
}

halc_status_t load(std::vector<uint8_t> bytes, halc_executable_t **out) {
  *out = nullptr;
  if (bytes.size() < HALC_BINARY_HEADER_SIZE)
    return makeError("executable is " + std::to_string(bytes.size()) +
                     " bytes, shorter than its 64-byte header");
  halc_binary_header_t header;
  std::memcpy(&header, bytes.data(), sizeof(header));
  if (header.version != HALC_BINARY_VERSION)
    return makeError("executable header has version " +
                     std::to_string(header.version) + "; this runtime reads " +
                     std::to_string(HALC_BINARY_VERSION));
  size_t available = bytes.size() - HALC_BINARY_HEADER_SIZE;
  if (header.content_size == 0 || header.content_size > available)
    return makeError("executable header's content_size is " +
                     std::to_string(header.content_size) + " but " +
                     std::to_string(available) +
                     " bytes follow the header (truncated file?)");
  auto executable = std::make_unique<halc_executable_s>();
  executable->bytes = std::move(bytes);
  const uint8_t *content = executable->bytes.data() + HALC_BINARY_HEADER_SIZE;
  halc_status_t status;
  if (header.magic == halc_binary_magic("VKE1")) {
    executable->format = HALC_EXECUTABLE_FORMAT_VKE1;
    status = loadVKE1(*executable, content, header.content_size);
  } else {
    status = makeError("executable header has magic '" +
                       describeMagic(header.magic) +
                       "'; this runtime reads 'VKE1'");
  }
  if (status)
    return status;
  *out = executable.release();
  return nullptr;
}

} // namespace

extern "C" halc_status_t halc_executable_load(const void *data, size_t size,
                                              halc_executable_t **out) {
  const auto *begin = static_cast<const uint8_t *>(data);
  return load(std::vector<uint8_t>(begin, begin + size), out);
}

extern "C" halc_status_t halc_executable_load_file(const char *path,
                                                   halc_executable_t **out) {
  *out = nullptr;
  std::ifstream file(path, std::ios::binary);
  if (!file)
    return makeError(std::string("cannot open executable '") + path + "'");
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(file)),
                             std::istreambuf_iterator<char>());
  if (file.bad())
    return makeError(std::string("cannot read executable '") + path + "'");
  return load(std::move(bytes), out);
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
  if (ordinal >= executable->exports.size())
    return makeError("export ordinal " + std::to_string(ordinal) +
                     " is out of range; the executable has " +
                     std::to_string(executable->exports.size()));
  *out = executable->exports[ordinal].info;
  return nullptr;
}

extern "C" halc_status_t halc_executable_spirv(
    const halc_executable_t *executable, size_t moduleOrdinal,
    const uint32_t **outWords, size_t *outWordCount) {
  if (moduleOrdinal >= executable->spirvModules.size())
    return makeError("shader module ordinal " + std::to_string(moduleOrdinal) +
                     " is out of range; the executable has " +
                     std::to_string(executable->spirvModules.size()));
  *outWords = executable->spirvModules[moduleOrdinal].words;
  *outWordCount = executable->spirvModules[moduleOrdinal].wordCount;
  return nullptr;
}

extern "C" size_t
halc_executable_export_module(const halc_executable_t *executable,
                              size_t ordinal) {
  return executable->exports[ordinal].moduleOrdinal;
}
