//===- status_cc.h - C++ helpers over the runtime's statuses ----*- C++ -*-===//
//
// For C++ code built on the runtime (its loaders and drivers): errors from
// strings, and a boundary that keeps exceptions from crossing the C API.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_STATUS_CC_H
#define HALC_STATUS_CC_H

#include "halc/runtime.h"

#include <exception>
#include <new>
#include <string>

namespace halc {

/// An error status carrying `message`.
inline halc_status_t makeError(const std::string &message) {
  return halc_status_create(message.c_str());
}

/// `status` with `context` in front of its message.
inline halc_status_t prefixError(const std::string &context,
                                 halc_status_t status) {
  return halc_status_annotate(status, context.c_str());
}

/// Runs `body` (which returns a status) at the C API's boundary: an
/// exception it throws (memory exhausted, a library's error) becomes an
/// error naming `what` instead of crossing into C.
template <typename Body>
halc_status_t catchExceptions(const char *what, Body &&body) noexcept {
  const char *reason = nullptr;
  try {
    return body();
  } catch (const std::bad_alloc &) {
    reason = "out of memory";
  } catch (const std::exception &e) {
    return halc_status_annotate(halc_status_create(e.what()), what);
  } catch (...) {
    reason = "unknown exception";
  }
  return halc_status_annotate(halc_status_create(reason), what);
}

} // namespace halc

#endif // HALC_STATUS_CC_H
