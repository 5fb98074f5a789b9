//===- BinaryHeader.cpp - The 64-byte header of halc's files --------------===//

#include "compiler/Serialization/BinaryHeader.h"

#include "schemas/binary_header.h"

#include <cstring>

std::vector<uint8_t>
mlir::halc::wrapInBinaryHeader(const char *identifier,
                               ArrayRef<uint8_t> flatbuffer) {
  static_assert(sizeof(halc_binary_header_t) == HALC_BINARY_HEADER_SIZE);
  halc_binary_header_t header =
      halc_binary_header_make(identifier, flatbuffer.size());
  std::vector<uint8_t> binary(HALC_BINARY_HEADER_SIZE + flatbuffer.size());
  std::memcpy(binary.data(), &header, sizeof(header));
  std::memcpy(binary.data() + HALC_BINARY_HEADER_SIZE, flatbuffer.data(),
              flatbuffer.size());
  return binary;
}
