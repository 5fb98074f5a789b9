//===- Status.cpp - Errors with messages ----------------------------------===//

#include "Status.h"

extern "C" const char *halc_status_message(halc_status_t status) {
  return status ? status->message.c_str() : "ok";
}

extern "C" void halc_status_free(halc_status_t status) { delete status; }
