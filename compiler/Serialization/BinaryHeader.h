//===- BinaryHeader.h - The 64-byte header of halc's files -----*- C++ -*-===//

#ifndef HALC_SERIALIZATION_BINARYHEADER_H
#define HALC_SERIALIZATION_BINARYHEADER_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace mlir::halc {

/// `flatbuffer` behind the 64-byte header of halc binaries, whose magic is
/// the FlatBuffer's four-character file `identifier`.
std::vector<uint8_t> wrapInBinaryHeader(const char *identifier,
                                        ArrayRef<uint8_t> flatbuffer);

} // namespace mlir::halc

#endif // HALC_SERIALIZATION_BINARYHEADER_H
