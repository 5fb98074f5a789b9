//===- RegisterTargets.cpp - Every target backend halc has ----------------===//

#include "compiler/Target/CUDA/CUDATarget.h"
#include "compiler/Target/MetalSPIRV/MetalSPIRVTarget.h"
#include "compiler/Target/ROCM/ROCMTarget.h"
#include "compiler/Target/TargetBackend.h"
#include "compiler/Target/VulkanSPIRV/VulkanSPIRVTarget.h"

void mlir::halc::registerAllTargetBackends() {
  registerTargetBackend(createCUDATargetBackend());
  registerTargetBackend(createMetalSPIRVTargetBackend());
  registerTargetBackend(createROCMTargetBackend());
  registerTargetBackend(createVulkanSPIRVTargetBackend());
}
