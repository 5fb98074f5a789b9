//===- RegisterTargets.cpp - Every target backend halc has ----------------===//

#include "compiler/Target/MetalSPIRV/MetalSPIRVTarget.h"
#include "compiler/Target/ROCM/ROCMTarget.h"
#include "compiler/Target/TargetBackend.h"
#include "compiler/Target/VulkanSPIRV/VulkanSPIRVTarget.h"

void mlir::halc::registerAllTargetBackends() {
  registerTargetBackend(createMetalSPIRVTargetBackend());
  registerTargetBackend(createROCMTargetBackend());
  registerTargetBackend(createVulkanSPIRVTargetBackend());
}
