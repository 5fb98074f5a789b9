//===- Unaligned.h - Elements of FlatBuffer vectors, copied out -*- C++ -*-===//
//
// The FlatBuffers verifier checks a vector's 4-byte alignment, not its
// elements': a vector of 8-byte numbers or structs may sit at 4 mod 8, and
// reading its elements in place is undefined. They are copied out instead.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_RUNTIME_UNALIGNED_H
#define HALC_RUNTIME_UNALIGNED_H

#include <cstring>
#include <vector>

namespace halc {

/// The elements of `vector` (none when it is null) as `T`s, which have the
/// elements' size and layout.
template <typename T, typename Vector>
std::vector<T> readUnaligned(const Vector *vector) {
  std::vector<T> values(vector ? vector->size() : 0);
  if (!values.empty())
    std::memcpy(values.data(), vector->Data(), values.size() * sizeof(T));
  return values;
}

} // namespace halc

#endif // HALC_RUNTIME_UNALIGNED_H
