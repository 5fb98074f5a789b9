//===- BinaryHeader.h - Reading the 64-byte header ---------------*- C++ -*-===//

#ifndef HALC_RUNTIME_BINARYHEADER_H
#define HALC_RUNTIME_BINARYHEADER_H

#include "halc/runtime.h"

#include <string>
#include <vector>

namespace halc {

/// The FlatBuffer behind a verified header, and the header's magic.
struct BinaryContent {
  uint32_t magic = 0;
  const uint8_t *data = nullptr;
  size_t size = 0;
};

/// Checks the header of the `size` bytes at `data` (`what` names the kind of
/// file in messages): long enough, version 0, content_size within the bytes.
halc_status_t readBinaryHeader(const uint8_t *data, size_t size,
                               const char *what, BinaryContent &content);

/// The four magic bytes as text, non-printable ones as \xNN.
std::string describeMagic(uint32_t magic);

/// The bytes of the file at `path`.
halc_status_t readFile(const char *path, const char *what,
                       std::vector<uint8_t> &bytes);

} // namespace halc

#endif // HALC_RUNTIME_BINARYHEADER_H
