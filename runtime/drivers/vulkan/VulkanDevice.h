//===- VulkanDevice.h - An open Vulkan device --------------------*- C++ -*-===//

#ifndef HALC_RUNTIME_DRIVERS_VULKAN_VULKANDEVICE_H
#define HALC_RUNTIME_DRIVERS_VULKAN_VULKANDEVICE_H

#include "ShaderChecks.h"
#include "VulkanLibrary.h"

#include <memory>
#include <string>
#include <vector>

namespace halc {

/// "<call> failed with VkResult <n>".
std::string vulkanError(const char *call, VkResult result);

/// An instance, a physical device, a logical device with one compute queue,
/// a command pool and a timeline semaphore that counts the submissions
/// finished.
struct VulkanDevice {
  ~VulkanDevice();
  halc_status_t open();
  /// A memory type among `typeBits` with all of `wanted`.
  halc_status_t findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags wanted,
                               uint32_t &index) const;

  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties = {};
  VkPhysicalDeviceMemoryProperties memoryProperties = {};
  VkDevice device = VK_NULL_HANDLE;
  uint32_t queueFamily = 0;
  uint32_t timestampBits = 0;
  VkQueue queue = VK_NULL_HANDLE;
  VkCommandPool commandPool = VK_NULL_HANDLE;
  VkSemaphore completed = VK_NULL_HANDLE;
  PFN_vkCmdPushDescriptorSetKHR pushDescriptorSet = nullptr;
  uint32_t maxPushDescriptors = 0;
  /// The lanes of a subgroup.
  uint32_t subgroupSize = 0;
  /// The cooperative-matrix operations of subgroup scope (none without
  /// VK_KHR_cooperative_matrix), turned on when there are any.
  std::vector<CooperativeMatrixProperties> cooperativeMatrices;
};

} // namespace halc

#endif // HALC_RUNTIME_DRIVERS_VULKAN_VULKANDEVICE_H
