// The arithmetic of a plan's values (ValueKind in module_def.fbs), shared by
// the compiler, which folds operations on static operands, and the runtime,
// which computes the others at each call: both must agree to the bit.
#ifndef HALC_SCHEMAS_PLAN_VALUE_H
#define HALC_SCHEMAS_PLAN_VALUE_H

#include "module_def_generated.h"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace halc {

/// Floor of a / b (b != 0).
inline int64_t floorDiv(int64_t a, int64_t b) {
  int64_t quotient = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient;
}

/// `lhs` `kind` `rhs` in 64-bit signed arithmetic; nullopt for a division by
/// zero or a kind that is no operation (Argument, Constant).
inline std::optional<int64_t> applyValueKind(ValueKind kind, int64_t lhs,
                                             int64_t rhs) {
  bool divides = kind >= ValueKind::Div && kind <= ValueKind::Mod;
  if (divides && rhs == 0)
    return std::nullopt;
  switch (kind) {
  case ValueKind::Add:
    return lhs + rhs;
  case ValueKind::Sub:
    return lhs - rhs;
  case ValueKind::Mul:
    return lhs * rhs;
  case ValueKind::Div:
    return lhs / rhs;
  case ValueKind::FloorDiv:
    return floorDiv(lhs, rhs);
  case ValueKind::CeilDiv:
    return -floorDiv(-lhs, rhs);
  case ValueKind::Rem:
    return lhs % rhs;
  case ValueKind::Mod:
    return lhs - floorDiv(lhs, rhs) * rhs;
  case ValueKind::Min:
    return std::min(lhs, rhs);
  case ValueKind::Max:
    return std::max(lhs, rhs);
  default:
    return std::nullopt;
  }
}

} // namespace halc

#endif // HALC_SCHEMAS_PLAN_VALUE_H
