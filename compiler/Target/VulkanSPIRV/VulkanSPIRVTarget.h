//===- VulkanSPIRVTarget.h - The vulkan-spirv target backend ----*- C++ -*-===//

#ifndef HALC_TARGET_VULKANSPIRV_VULKANSPIRVTARGET_H
#define HALC_TARGET_VULKANSPIRV_VULKANSPIRVTARGET_H

#include "compiler/Target/TargetBackend.h"

namespace mlir::halc {
std::unique_ptr<TargetBackend> createVulkanSPIRVTargetBackend();
} // namespace mlir::halc

#endif // HALC_TARGET_VULKANSPIRV_VULKANSPIRVTARGET_H
