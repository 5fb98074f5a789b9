//===- VulkanSPIRVTarget.cpp - The vulkan-spirv target backend ------------===//

#include "compiler/Target/VulkanSPIRV/VulkanSPIRVTarget.h"

#include "compiler/Stages/SharedStages.h"
#include "compiler/Target/SPIRVCommon/SPIRVTargetBackend.h"
#include "compiler/Target/VulkanSPIRV/SerializeVKE1.h"

#include "llvm/Support/CommandLine.h"

using namespace mlir;
using namespace mlir::halc;

namespace {

using F = TargetFeatures;

/// Vulkan devices. `portable` is what the Vulkan 1.1 spec guarantees, so it
/// runs anywhere; the others are measured devices, Vulkan 1.3 (SPIR-V 1.4 and
/// later: each entry point's workgroup memory is its own). The NVIDIA row is an
/// H100's (132 SMs); its cooperative matrices are those it lists
/// (vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR, subgroup scope) for
/// f16 and bf16 inputs (bf16: VK_KHR_shader_bfloat16); its integer ones
/// halc does not use yet. Its driver runs two workgroups an SM only when
/// each has at most 24 KiB of workgroup memory (measured on the H100:
/// bench/results/2026-11-25-nvidia-h100-workgroup-memory-occupancy.md),
/// where CUDA gives an SM's whole 228 KiB.
const GPUDescription kVulkanGPUs[] = {
    {"portable", F::None, 128, {128, 128, 64}, 16384, {32}},
    {"nvidia",
     F::F16 | F::I8 | F::I16 | F::I64 | F::F64 | F::Subgroup | F::DotProduct |
         F::SPIRV14,
     1024,
     {1024, 1024, 64},
     49152,
     {32},
     {{16, 16, 16, "f16", "f16", "f32"},
      {16, 16, 16, "f16", "f16", "f16"},
      {16, 8, 16, "f16", "f16", "f32"},
      {16, 8, 16, "f16", "f16", "f16"},
      {16, 8, 8, "f16", "f16", "f32"},
      {16, 8, 8, "f16", "f16", "f16"},
      {16, 16, 16, "bf16", "bf16", "f32"}},
     /*computeUnitSharedMemoryBytes=*/49152,
     /*computeUnits=*/132},
    {"lavapipe",
     F::F16 | F::I8 | F::I16 | F::I64 | F::F64 | F::Subgroup | F::SPIRV14,
     1024,
     {1024, 1024, 1024},
     32768,
     {8, 4}},
};

llvm::cl::OptionCategory &vulkanCategory() {
  static llvm::cl::OptionCategory category("halc vulkan-spirv target options");
  return category;
}

llvm::cl::opt<std::string>
    clVulkanTarget("iree-vulkan-target",
                   llvm::cl::desc("Vulkan device to compile for: portable "
                                  "(any Vulkan 1.1 device), nvidia, lavapipe"),
                   llvm::cl::init("portable"), llvm::cl::cat(vulkanCategory()));

/// The SPIR-V family's codegen, and executables in the VKE1 format.
class VulkanSPIRVTargetBackend : public SPIRVTargetBackend {
public:
  VulkanSPIRVTargetBackend()
      : SPIRVTargetBackend("vulkan-spirv", kVulkanGPUs, "--iree-vulkan-target",
                           clVulkanTarget, /*unrollsMarkedLoops=*/true) {}

  std::vector<Stage> getStages() const override {
    std::vector<Stage> stages = getSPIRVStages();
    stages.push_back(makeExecutableFormatStage(
        "vke1",
        [](ExecutableOp executable, const ExecutableArtifacts &artifacts,
           const StageOptions &options) -> FailureOr<std::vector<uint8_t>> {
          return serializeVKE1(
              executable, artifacts.getData<std::vector<uint32_t>>("spirv"),
              options.debugLevel);
        }));
    stages.push_back(getEndStage());
    return stages;
  }
};

} // namespace

std::unique_ptr<TargetBackend> mlir::halc::createVulkanSPIRVTargetBackend() {
  return std::make_unique<VulkanSPIRVTargetBackend>();
}
