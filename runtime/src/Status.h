//===- Status.h - Errors with messages ---------------------------*- C++ -*-===//

#ifndef HALC_RUNTIME_STATUS_H
#define HALC_RUNTIME_STATUS_H

#include "halc/runtime.h"

#include <exception>
#include <new>
#include <string>

struct halc_status_s {
  std::string message;
};

namespace halc {

/// An error status carrying `message`.
inline halc_status_t makeError(std::string message) {
  return new halc_status_s{std::move(message)};
}

/// `status` with `context` in front of its message.
inline halc_status_t prefixError(const std::string &context,
                                 halc_status_t status) {
  status->message = context + ": " + status->message;
  return status;
}

/// Runs `body` (which returns a status) at the C API's boundary: an
/// exception it throws (memory exhausted, a library's error) becomes an
/// error naming `what` instead of crossing into C.
template <typename Body>
halc_status_t catchExceptions(const char *what, Body &&body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return new (std::nothrow)
        halc_status_s{std::string(what) + ": out of memory"};
  } catch (const std::exception &e) {
    return new (std::nothrow) halc_status_s{std::string(what) + ": " + e.what()};
  } catch (...) {
    return new (std::nothrow)
        halc_status_s{std::string(what) + ": unknown exception"};
  }
}

} // namespace halc

#endif // HALC_RUNTIME_STATUS_H
