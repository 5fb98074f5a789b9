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
#include <string>
#include <vector>

namespace halc {

/// SPIRV-Tools' validator, for Vulkan 1.3. Debian 12's SPIRV-Tools (2023.1)
/// predates SPV_KHR_cooperative_matrix and rejects every module that uses
/// it: those are not validated (the other checks still parse them).
halc_status_t validateSPIRV(const uint32_t *words, size_t wordCount);

/// One cooperative-matrix operation a device has (a
/// VkCooperativeMatrixPropertiesKHR of subgroup scope): C (M x N) += A
/// (M x K) B (K x N), each type a VkComponentTypeKHR.
struct CooperativeMatrixProperties {
  uint32_t m, n, k;
  uint32_t aType, bType, cType, resultType;
};

/// Checks that every cooperative-matrix type the module in `words` declares
/// (OpTypeCooperativeMatrixKHR: its use, size and element type) is one
/// operand of an operation among `available`, the device's (named
/// `deviceName`); an error names what is missing.
halc_status_t
checkCooperativeMatrices(const uint32_t *words, size_t wordCount,
                         const std::vector<CooperativeMatrixProperties> &available,
                         const std::string &deviceName);

/// Checks that export `exportName`, whose code relies on subgroups of
/// `needed` lanes (VKE1's subgroup_size; 0: any), runs on a device whose
/// subgroups have `deviceLanes`: subgroup operations and cooperative
/// matrices are compiled for one size.
halc_status_t checkSubgroupSize(const std::string &exportName, uint32_t needed,
                                uint32_t deviceLanes,
                                const std::string &deviceName);

/// Checks that the GLCompute entry point `entryPoint` of the valid module in
/// `words` (and the functions it calls) uses only descriptor set 0, bindings
/// below `bindingCount` (the pipeline layout of a halc export), and workgroup
/// variables that fit the `deviceBytes` of workgroup memory a workgroup of
/// device `deviceName` may have (a driver runs a kernel that uses more into a
/// lost device).
halc_status_t checkEntryPoint(const uint32_t *words, size_t wordCount,
                              const char *entryPoint, uint32_t bindingCount,
                              uint32_t deviceBytes,
                              const std::string &deviceName);

} // namespace halc

#endif // HALC_RUNTIME_DRIVERS_VULKAN_SHADERCHECKS_H
