//===- BinaryHeader.cpp - Reading the 64-byte header ----------------------===//

#include "BinaryHeader.h"

#include "halc/status_cc.h"

#include "schemas/binary_header.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <sys/stat.h>

using namespace halc;

halc_status_t halc::readBinaryHeader(const uint8_t *data, size_t size,
                                     const char *what, BinaryContent &content) {
  if (size < HALC_BINARY_HEADER_SIZE)
    return makeError(std::string(what) + " is " + std::to_string(size) +
                     " bytes, shorter than its 64-byte header");
  halc_binary_header_t header;
  std::memcpy(&header, data, sizeof(header));
  if (header.version != HALC_BINARY_VERSION)
    return makeError(std::string(what) + " header has version " +
                     std::to_string(header.version) + "; this runtime reads " +
                     std::to_string(HALC_BINARY_VERSION));
  size_t available = size - HALC_BINARY_HEADER_SIZE;
  if (header.content_size == 0 || header.content_size > available)
    return makeError(std::string(what) + " header's content_size is " +
                     std::to_string(header.content_size) + " but " +
                     std::to_string(available) +
                     " bytes follow the header (truncated file?)");
  content.magic = header.magic;
  content.data = data + HALC_BINARY_HEADER_SIZE;
  content.size = header.content_size;
  return nullptr;
}

std::string halc::describeMagic(uint32_t magic) {
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

halc_status_t halc::readFile(const char *path, const char *what,
                             std::vector<uint8_t> &bytes) {
  struct stat info;
  if (stat(path, &info) != 0)
    return makeError(std::string("cannot open ") + what + " '" + path +
                     "': " + std::strerror(errno));
  if (!S_ISREG(info.st_mode))
    return makeError(std::string("cannot read ") + what + " '" + path +
                     "': not a regular file");
  std::unique_ptr<FILE, int (*)(FILE *)> file(std::fopen(path, "rb"),
                                               std::fclose);
  if (!file)
    return makeError(std::string("cannot open ") + what + " '" + path +
                     "': " + std::strerror(errno));
  bytes.resize(size_t(info.st_size));
  if (std::fread(bytes.data(), 1, bytes.size(), file.get()) != bytes.size())
    return makeError(std::string("cannot read ") + what + " '" + path + "'");
  return nullptr;
}
