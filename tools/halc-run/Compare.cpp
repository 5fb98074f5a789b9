//===- Compare.cpp - Comparing results with a tolerance -------------------===//

#include "Compare.h"

#include <cmath>
#include <sstream>

using namespace halc;

namespace {

double toleranceFor(halc_element_type_t type) {
  switch (type) {
  case HALC_ELEMENT_TYPE_F16:
    return 1e-2;
  case HALC_ELEMENT_TYPE_BF16:
    return 4e-2;
  case HALC_ELEMENT_TYPE_F32:
    return 1e-4;
  case HALC_ELEMENT_TYPE_F64:
    return 1e-9;
  default:
    return 0;
  }
}

std::string formatIndex(const std::vector<int64_t> &shape, size_t flat) {
  std::vector<int64_t> index(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    index[d] = shape[d] ? flat % shape[d] : 0;
    flat = shape[d] ? flat / shape[d] : 0;
  }
  std::string text = "[";
  for (size_t d = 0; d < index.size(); ++d)
    text += (d ? ", " : "") + std::to_string(index[d]);
  return text + "]";
}

} // namespace

Comparison halc::compare(const Tensor &actual, const Tensor &expected) {
  Comparison result;
  if (actual.type != expected.type || actual.shape != expected.shape) {
    result.summary = "is " + formatType(actual.type, actual.shape) +
                     ", expected " + formatType(expected.type, expected.shape);
    return result;
  }
  double tolerance = toleranceFor(actual.type);
  double largest = 0;
  size_t largestAt = 0, mismatches = 0, firstMismatch = 0;
  for (size_t i = 0; i < actual.count(); ++i) {
    double a = actual.get(i), e = expected.get(i);
    if (std::isnan(a) && std::isnan(e))
      continue;
    double error = std::fabs(a - e);
    if (std::isnan(error))
      error = INFINITY;
    if (error > largest || (std::isinf(error) && !std::isinf(largest))) {
      largest = error;
      largestAt = i;
    }
    if (!(error <= tolerance + tolerance * std::fabs(e)) && mismatches++ == 0)
      firstMismatch = i;
  }
  std::ostringstream os;
  if (mismatches == 0) {
    result.matches = true;
    os << "matches " << formatType(actual.type, actual.shape)
       << " (largest error " << largest;
    if (largest > 0)
      os << " at " << formatIndex(actual.shape, largestAt);
    os << ", tolerance " << tolerance << ")";
  } else {
    os << "MISMATCH in " << mismatches << " of " << actual.count()
       << " elements; first at " << formatIndex(actual.shape, firstMismatch)
       << ": got " << actual.get(firstMismatch) << ", expected "
       << expected.get(firstMismatch) << "; largest error " << largest
       << " at " << formatIndex(actual.shape, largestAt) << " (tolerance "
       << tolerance << ")";
  }
  result.summary = os.str();
  return result;
}
