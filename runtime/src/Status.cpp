//===- Status.cpp - Errors with messages ----------------------------------===//

#include "halc/runtime.h"

#include <new>
#include <string>

struct halc_status_s {
  std::string message;
};

namespace {

/// The error returned when there is no memory for another: never freed.
halc_status_s outOfMemory{"out of memory"};

} // namespace

extern "C" halc_status_t halc_status_create(const char *message) {
  try {
    return new halc_status_s{message};
  } catch (...) {
    return &outOfMemory;
  }
}

extern "C" halc_status_t halc_status_annotate(halc_status_t status,
                                              const char *context) {
  if (status == &outOfMemory)
    return status;
  try {
    status->message = std::string(context) + ": " + status->message;
  } catch (...) {
    // The message stays as it was: still the error, without its context.
  }
  return status;
}

extern "C" const char *halc_status_message(halc_status_t status) {
  return status ? status->message.c_str() : "ok";
}

extern "C" void halc_status_free(halc_status_t status) {
  if (status != &outOfMemory)
    delete status;
}
