//===- CallBenchmark.h - halc-run --benchmark-calls -------------*- C++ -*-===//

#ifndef HALC_TOOLS_HALC_RUN_CALLBENCHMARK_H
#define HALC_TOOLS_HALC_RUN_CALLBENCHMARK_H

#include "halc/driver.h"

#include <cstdint>

namespace halc {

/// Calls `function` `calls` times as a program serving it would: the module
/// loaded once, the arguments in device arrays. Prints the host time of a
/// submission, the time per call when calls follow one another without
/// waiting, the time of a call waited for, and what the pool allocated
/// while calling. Returns an error, if any.
halc_status_t benchmarkCalls(halc_device_t *device, const halc_module_t *module,
                             const halc_function_t *function,
                             const void *const *arguments, uint32_t calls);

} // namespace halc

#endif // HALC_TOOLS_HALC_RUN_CALLBENCHMARK_H
