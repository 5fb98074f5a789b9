//===- Tensor.h - Host tensors for halc-run ----------------------*- C++ -*-===//
//
// Tensors as halc-run reads and writes them: IREE's inline form
// (`2x3xf32=1,2,3,4,5,6`) and NumPy `.npy` files (`@path.npy`). No LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_TOOLS_HALC_RUN_TENSOR_H
#define HALC_TOOLS_HALC_RUN_TENSOR_H

#include "halc/runtime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace halc {

struct Tensor {
  halc_element_type_t type = HALC_ELEMENT_TYPE_F32;
  std::vector<int64_t> shape;
  std::vector<uint8_t> bytes;

  size_t count() const;
  /// Element `i` as a double (f16 and bf16 decoded, i1 as 0 or 1).
  double get(size_t i) const;
  /// Sets element `i` from a double (rounded for integers, encoded for f16
  /// and bf16, non-zero as 1 for i1).
  void set(size_t i, double value);
};

/// Gives `tensor` zeroed bytes for its type and shape, or says in `error`
/// why it cannot (more than 2^40 bytes, or more than the host can give).
bool allocate(Tensor &tensor, std::string &error);
/// Parses `2x3xf32=1,2,3,4,5,6` (a single value fills the tensor) or reads
/// `@file.npy`; errors go to `error`.
bool parseTensor(const std::string &text, Tensor &tensor, std::string &error);
/// IREE's printed form: `2x3xf32=[1 2 3][4 5 6]`.
std::string formatTensor(const Tensor &tensor);
bool writeNpy(const std::string &path, const Tensor &tensor, std::string &error);
/// `2x3xf32`.
std::string formatType(halc_element_type_t type, const std::vector<int64_t> &shape);

float halfToFloat(uint16_t half);
uint16_t floatToHalf(float value);
float bfloat16ToFloat(uint16_t bits);
uint16_t floatToBfloat16(float value);

} // namespace halc

#endif // HALC_TOOLS_HALC_RUN_TENSOR_H
