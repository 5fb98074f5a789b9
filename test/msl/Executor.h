//===- Executor.h - Metal kernels run on the CPU ----------------*- C++ -*-===//
//
// Runs a module's function whose executables are MTL1 the way IREE's Metal
// HAL driver runs it, with each library's MSL compiled for the CPU
// (MSLLibrary.h): per dispatch, an argument buffer with binding i at the
// kernel's [[id(i)]], exactly constant_count 32-bit constants at
// [[buffer(3)]], the pipeline's threadgroup size and the plan's workgroup
// count. Every buffer ends at a page the process may not touch, and the
// dispatches run in a child process, so an out-of-bounds access is an error
// that names the binding, not a crash. A test tool: not part of the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_TEST_MSL_EXECUTOR_H
#define HALC_TEST_MSL_EXECUTOR_H

#include "halc/runtime.h"

#include <string>

namespace halc::msl {

/// Runs `function` (a call's plan) of `module` on `arguments`, writing
/// `results` (as halc_device_run does); false with `error` set when a kernel
/// does not compile, breaks the binding contract, or faults.
bool run(const halc_module_t *module, const halc_function_t *function,
         const void *const *arguments, void *const *results,
         std::string &error);

} // namespace halc::msl

#endif // HALC_TEST_MSL_EXECUTOR_H
