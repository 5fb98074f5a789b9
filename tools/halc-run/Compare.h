//===- Compare.h - Comparing results with a tolerance ------------*- C++ -*-===//

#ifndef HALC_TOOLS_HALC_RUN_COMPARE_H
#define HALC_TOOLS_HALC_RUN_COMPARE_H

#include "Tensor.h"

#include <string>

namespace halc {

struct Comparison {
  bool matches = false;
  /// "matches (largest error 3e-07 at [1, 2])" or what differs.
  std::string summary;
};

/// Compares `actual` with `expected` element by element: integers exactly,
/// floats within atol + rtol * |expected| with a tolerance that fits the
/// type (f16: 1e-2, f32: 1e-4, f64: 1e-9, for both); NaN matches NaN.
Comparison compare(const Tensor &actual, const Tensor &expected);

} // namespace halc

#endif // HALC_TOOLS_HALC_RUN_COMPARE_H
