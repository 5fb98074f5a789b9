//===- VulkanPipelines.h - A module's pipelines on a Vulkan device -*- C++
//-*-===//
//
// Each export a dispatch runs gets its shader module (validated and checked
// against the device first), a push-descriptor set layout, a pipeline
// layout and a pipeline, made the first time a call needs it and kept
// until the module is freed.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_RUNTIME_DRIVERS_VULKAN_VULKANPIPELINES_H
#define HALC_RUNTIME_DRIVERS_VULKAN_VULKANPIPELINES_H

#include "VulkanDevice.h"

#include "../common/DriverDevice.h"
#include "../common/PerExport.h"

#include <map>

namespace halc {

struct VulkanPipeline {
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
};

class VulkanPipelines : public DriverModule {
public:
  VulkanPipelines(VulkanDevice &vk, const halc_module_t *module);
  ~VulkanPipelines() override;

  /// The pipeline of `dispatch`'s export, made if it is the first call to
  /// need it.
  halc_status_t get(const halc_dispatch_t &dispatch,
                    const VulkanPipeline *&pipeline);

private:
  halc_status_t create(const halc_dispatch_t &dispatch,
                       VulkanPipeline &pipeline);
  void destroy(const VulkanPipeline &pipeline);

  VulkanDevice &vk;
  const halc_module_t *module;
  PerExport<VulkanPipeline> pipelines;
  /// Made under `pipelines`' lock.
  std::map<std::pair<size_t, size_t>, VkShaderModule> shaderModules;
};

} // namespace halc

#endif // HALC_RUNTIME_DRIVERS_VULKAN_VULKANPIPELINES_H
