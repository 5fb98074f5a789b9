//===- Status.h - Errors with messages ---------------------------*- C++ -*-===//

#ifndef HALC_RUNTIME_STATUS_H
#define HALC_RUNTIME_STATUS_H

#include "halc/runtime.h"

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

} // namespace halc

#endif // HALC_RUNTIME_STATUS_H
