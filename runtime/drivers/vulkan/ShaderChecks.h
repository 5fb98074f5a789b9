//===- ShaderChecks.h - What a Vulkan driver needs of SPIR-V -----*- C++ -*-===//
//
// Drivers trust what they are given: invalid SPIR-V, or an entry point that
// uses a descriptor its pipeline layout does not have, crashes them instead
// of failing. These checks run before a module or a pipeline is created.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_RUNTIME_DRIVERS_VULKAN_SHADERCHECKS_H
#define HALC_RUNTIME_DRIVERS_VULKAN_SHADERCHECKS_H

#include "halc/runtime.h"

#include <cstddef>
#include <cstdint>

namespace halc {

/// SPIRV-Tools' validator, for Vulkan 1.3.
halc_status_t validateSPIRV(const uint32_t *words, size_t wordCount);

/// Checks that the GLCompute entry point `entryPoint` of the valid module in
/// `words` (and the functions it calls) uses only descriptor set 0, bindings
/// below `bindingCount`: the pipeline layout of a halc export.
halc_status_t checkEntryPointBindings(const uint32_t *words, size_t wordCount,
                                      const char *entryPoint,
                                      uint32_t bindingCount);

} // namespace halc

#endif // HALC_RUNTIME_DRIVERS_VULKAN_SHADERCHECKS_H
