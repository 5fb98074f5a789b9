//===- SerializeVKE1.cpp - Executables in the VKE1 format -----------------===//

#include "compiler/Target/VulkanSPIRV/SerializeVKE1.h"

#include "compiler/Serialization/ExecutableDebugInfo.h"
#include "compiler/Serialization/BinaryHeader.h"

#include "compiler/Target/SPIRVCommon/SPIRVTargetBackend.h"

#include "schemas/vulkan_executable_def_generated.h"

using namespace mlir;
using namespace mlir::halc;
namespace vk = iree::hal::vulkan;

/// VK_SHADER_STAGE_COMPUTE_BIT: every binding and constant is seen by the
/// compute stage only.
static constexpr uint32_t kComputeStage = 0x20;

/// The subgroup size the exports of `executable` rely on: a module on
/// cooperative matrices spreads its tiles over subgroups of the target's
/// one size; 0 (any) otherwise.
static uint32_t getRequiredSubgroupSize(ExecutableOp executable) {
  ModuleOp inner = executable.getInnerModule();
  if (!inner)
    return 0;
  for (auto module : inner.getOps<spirv::ModuleOp>())
    if (usesCooperativeMatrices(module))
      return executable.getTargetAttr().getFixedSubgroupSize();
  return 0;
}

/// The export's name and, where the input had one, its file and line.
std::vector<uint8_t> mlir::halc::serializeVKE1(ExecutableOp executable,
                                               ArrayRef<uint32_t> spirv,
                                               int debugLevel) {
  uint32_t subgroupSize = getRequiredSubgroupSize(executable);
  flatbuffers::FlatBufferBuilder builder;
  std::vector<flatbuffers::Offset<vk::PipelineDef>> pipelines;
  std::vector<flatbuffers::Offset<vk::DescriptorSetLayoutDef>> setLayouts;
  std::vector<flatbuffers::Offset<vk::PipelineLayoutDef>> pipelineLayouts;
  for (ExportOp exportOp : getExportsInOrder(executable)) {
    LayoutAttr layout = exportOp.getLayout();
    std::vector<flatbuffers::Offset<vk::DescriptorSetLayoutBindingDef>> bindings;
    for (uint32_t i = 0; i < layout.getBindings().size(); ++i)
      bindings.push_back(vk::CreateDescriptorSetLayoutBindingDef(
          builder, /*binding=*/i, vk::VkDescriptorType::STORAGE_BUFFER,
          /*descriptor_count=*/1, kComputeStage));
    uint32_t setLayoutOrdinal = setLayouts.size();
    setLayouts.push_back(
        vk::CreateDescriptorSetLayoutDefDirect(builder, &bindings));

    std::vector<uint32_t> setLayoutOrdinals = {setLayoutOrdinal};
    std::vector<vk::PushConstantRange> pushConstants;
    if (layout.getConstants() > 0)
      pushConstants.emplace_back(kComputeStage, /*offset=*/0,
                                 /*size=*/4 * layout.getConstants());
    uint32_t pipelineLayoutOrdinal = pipelineLayouts.size();
    pipelineLayouts.push_back(vk::CreatePipelineLayoutDefDirect(
        builder, &setLayoutOrdinals, &pushConstants));

    pipelines.push_back(vk::CreatePipelineDefDirect(
        builder, /*shader_module_ordinal=*/0,
        exportOp.getSymName().str().c_str(), pipelineLayoutOrdinal,
        subgroupSize, buildExportDebugInfo(builder, exportOp, debugLevel)));
  }
  std::vector<uint32_t> code(spirv.begin(), spirv.end());
  std::vector<flatbuffers::Offset<vk::ShaderModuleDef>> shaderModules = {
      vk::CreateShaderModuleDefDirect(builder, &code)};
  builder.Finish(vk::CreateExecutableDefDirect(builder, &pipelines, &setLayouts,
                                               &pipelineLayouts, &shaderModules),
                 vk::ExecutableDefIdentifier());
  return wrapInBinaryHeader(
      vk::ExecutableDefIdentifier(),
      ArrayRef<uint8_t>(builder.GetBufferPointer(), builder.GetSize()));
}
