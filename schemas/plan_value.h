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

/// Floor of a / b (b != 0, not INT64_MIN / -1).
inline int64_t floorDiv(int64_t a, int64_t b) {
  int64_t quotient = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient;
}

/// Whether `kind` divides by its right operand.
inline bool isDivision(ValueKind kind) {
  return kind >= ValueKind::Div && kind <= ValueKind::Mod;
}

/// `lhs` `kind` `rhs` in 64-bit signed arithmetic; nullopt where that has no
/// result: a division by zero, a result beyond 64 bits, or a kind that is no
/// operation (Argument, Constant).
inline std::optional<int64_t> applyValueKind(ValueKind kind, int64_t lhs,
                                             int64_t rhs) {
  if (isDivision(kind) && rhs == 0)
    return std::nullopt;
  // A remainder by -1 is 0; a quotient of INT64_MIN by -1 is 2^63.
  if (isDivision(kind) && rhs == -1 && lhs == INT64_MIN)
    return kind == ValueKind::Rem || kind == ValueKind::Mod
               ? std::optional<int64_t>(0)
               : std::nullopt;
  int64_t result;
  switch (kind) {
  case ValueKind::Add:
    return __builtin_add_overflow(lhs, rhs, &result) ? std::nullopt
                                                     : std::optional(result);
  case ValueKind::Sub:
    return __builtin_sub_overflow(lhs, rhs, &result) ? std::nullopt
                                                     : std::optional(result);
  case ValueKind::Mul:
    return __builtin_mul_overflow(lhs, rhs, &result) ? std::nullopt
                                                     : std::optional(result);
  case ValueKind::Div:
    return lhs / rhs;
  case ValueKind::FloorDiv:
    return floorDiv(lhs, rhs);
  case ValueKind::CeilDiv:
    return lhs / rhs + (lhs % rhs != 0 && (lhs < 0) == (rhs < 0) ? 1 : 0);
  case ValueKind::Rem:
    return lhs % rhs;
  case ValueKind::Mod: {
    int64_t remainder = lhs % rhs;
    return remainder != 0 && (remainder < 0) != (rhs < 0) ? remainder + rhs
                                                          : remainder;
  }
  case ValueKind::Min:
    return std::min(lhs, rhs);
  case ValueKind::Max:
    return std::max(lhs, rhs);
  default:
    return std::nullopt;
  }
}

/// The workgroups along an axis over `extent` elements at `perWorkgroup`
/// each (> 0), rounded up: none for an empty extent. The compiler counts a
/// static extent and the runtime a call's with this one rule.
inline uint64_t workgroupCountAlong(uint64_t extent, uint64_t perWorkgroup) {
  return extent / perWorkgroup + (extent % perWorkgroup != 0 ? 1 : 0);
}

} // namespace halc

#endif // HALC_SCHEMAS_PLAN_VALUE_H
