//===- VulkanPipelines.cpp - A module's pipelines on a Vulkan device ------===//

#include "VulkanPipelines.h"

#include "halc/status_cc.h"

using namespace halc;

VulkanPipelines::VulkanPipelines(VulkanDevice &vk, const halc_module_t *module)
    : vk(vk), module(module), pipelines(module) {}

void VulkanPipelines::destroy(const VulkanPipeline &pipeline) {
  if (pipeline.pipeline)
    vkDestroyPipeline(vk.device, pipeline.pipeline, nullptr);
  if (pipeline.layout)
    vkDestroyPipelineLayout(vk.device, pipeline.layout, nullptr);
  if (pipeline.setLayout)
    vkDestroyDescriptorSetLayout(vk.device, pipeline.setLayout, nullptr);
}

VulkanPipelines::~VulkanPipelines() {
  for (const std::unique_ptr<VulkanPipeline> &pipeline : pipelines.all())
    destroy(*pipeline);
  for (auto &[key, shaderModule] : shaderModules)
    vkDestroyShaderModule(vk.device, shaderModule, nullptr);
}

halc_status_t VulkanPipelines::get(const halc_dispatch_t &dispatch,
                                   const VulkanPipeline *&pipeline) {
  return pipelines.get(dispatch, pipeline, [&](VulkanPipeline &made) {
    halc_status_t status = create(dispatch, made);
    if (status)
      destroy(made);
    return status;
  });
}

halc_status_t VulkanPipelines::create(const halc_dispatch_t &dispatch,
                                      VulkanPipeline &pipeline) {
  const halc_executable_t *executable =
      halc_module_executable(module, dispatch.executable);
  halc_export_info_t info;
  if (halc_status_t status = halc_executable_export_info(
          executable, dispatch.export_ordinal, &info))
    return status;
  const VkPhysicalDeviceLimits &limits = vk.properties.limits;
  uint32_t invocations =
      info.workgroup_size[0] * info.workgroup_size[1] * info.workgroup_size[2];
  if (invocations > limits.maxComputeWorkGroupInvocations)
    return makeError(std::string("export '") + info.name + "' has " +
                     std::to_string(invocations) +
                     " threads per workgroup; the device allows " +
                     std::to_string(limits.maxComputeWorkGroupInvocations));
  if (info.binding_count > vk.maxPushDescriptors)
    return makeError(std::string("export '") + info.name + "' has " +
                     std::to_string(info.binding_count) +
                     " bindings; the device pushes at most " +
                     std::to_string(vk.maxPushDescriptors));

  size_t moduleOrdinal =
      halc_executable_export_module(executable, dispatch.export_ordinal);
  auto moduleKey = std::make_pair(size_t(dispatch.executable), moduleOrdinal);
  std::string moduleName = "shader module " + std::to_string(moduleOrdinal) +
                           " of executable " +
                           std::to_string(dispatch.executable);
  const uint32_t *words = nullptr;
  size_t wordCount = 0;
  if (halc_status_t status =
          halc_executable_spirv(executable, moduleOrdinal, &words, &wordCount))
    return status;
  if (!shaderModules.count(moduleKey)) {
    if (halc_status_t status = validateSPIRV(words, wordCount))
      return prefixError(moduleName, status);
    if (halc_status_t status = checkCooperativeMatrices(
            words, wordCount, vk.cooperativeMatrices, vk.properties.deviceName))
      return prefixError(moduleName, status);
    VkShaderModuleCreateInfo moduleInfo = {
        VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    moduleInfo.codeSize = wordCount * 4;
    moduleInfo.pCode = words;
    VkShaderModule shaderModule;
    VkResult result =
        vkCreateShaderModule(vk.device, &moduleInfo, nullptr, &shaderModule);
    if (result != VK_SUCCESS)
      return makeError(vulkanError("vkCreateShaderModule", result));
    shaderModules[moduleKey] = shaderModule;
  }
  if (halc_status_t status =
          checkSubgroupSize(info.name, info.subgroup_size, vk.subgroupSize,
                            vk.properties.deviceName))
    return status;
  if (halc_status_t status = checkEntryPoint(
          words, wordCount, info.entry_point, info.binding_count,
          limits.maxComputeSharedMemorySize, vk.properties.deviceName))
    return prefixError(moduleName, status);

  // Bindings are pushed with each dispatch: no descriptor pools, no sets.
  std::vector<VkDescriptorSetLayoutBinding> bindings(info.binding_count);
  for (uint32_t b = 0; b < info.binding_count; ++b)
    bindings[b] = {b, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                   VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
  VkDescriptorSetLayoutCreateInfo setInfo = {
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  setInfo.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
  setInfo.bindingCount = bindings.size();
  setInfo.pBindings = bindings.data();
  VkResult result = vkCreateDescriptorSetLayout(vk.device, &setInfo, nullptr,
                                                &pipeline.setLayout);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkCreateDescriptorSetLayout", result));
  VkPushConstantRange range = {VK_SHADER_STAGE_COMPUTE_BIT, 0,
                               4 * info.constant_count};
  VkPipelineLayoutCreateInfo layoutInfo = {
      VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &pipeline.setLayout;
  layoutInfo.pushConstantRangeCount = info.constant_count ? 1 : 0;
  layoutInfo.pPushConstantRanges = &range;
  result =
      vkCreatePipelineLayout(vk.device, &layoutInfo, nullptr, &pipeline.layout);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkCreatePipelineLayout", result));

  VkComputePipelineCreateInfo pipelineInfo = {
      VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  pipelineInfo.stage.sType =
      VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipelineInfo.stage.module = shaderModules[moduleKey];
  pipelineInfo.stage.pName = info.entry_point;
  pipelineInfo.layout = pipeline.layout;
  result = vkCreateComputePipelines(vk.device, VK_NULL_HANDLE, 1, &pipelineInfo,
                                    nullptr, &pipeline.pipeline);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkCreateComputePipelines", result) +
                     " for entry point '" + info.entry_point + "'");
  return nullptr;
}
