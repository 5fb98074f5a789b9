//===- VulkanLibrary.h - The Vulkan loader, opened at run time --*- C++ -*-===//
//
// The Vulkan loader (libvulkan.so.1, or $HALC_VULKAN_LIBRARY) is opened
// with dlopen when the first Vulkan device is, as the CUDA and HIP drivers
// open theirs: a program that never opens one (halc-run --device=cuda on a
// machine without Vulkan) does not need it. Its entry points are function
// pointers in namespace halc, named as Vulkan names them, so the driver's
// code calls them as it would the loader's own.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_RUNTIME_DRIVERS_VULKAN_VULKANLIBRARY_H
#define HALC_RUNTIME_DRIVERS_VULKAN_VULKANLIBRARY_H

#include "halc/runtime.h"

#ifndef VK_NO_PROTOTYPES
#define VK_NO_PROTOTYPES
#endif
#include <vulkan/vulkan.h>

/// The Vulkan 1.2 entry points the driver calls; the loader exports them all.
#define HALC_VULKAN_FUNCTIONS(X)                                               \
  X(vkAllocateCommandBuffers)                                                  \
  X(vkAllocateMemory)                                                          \
  X(vkBeginCommandBuffer)                                                      \
  X(vkBindBufferMemory)                                                        \
  X(vkCmdBindPipeline)                                                         \
  X(vkCmdCopyBuffer)                                                           \
  X(vkCmdDispatch)                                                             \
  X(vkCmdPipelineBarrier)                                                      \
  X(vkCmdPushConstants)                                                        \
  X(vkCmdResetQueryPool)                                                       \
  X(vkCmdWriteTimestamp)                                                       \
  X(vkCreateBuffer)                                                            \
  X(vkCreateCommandPool)                                                       \
  X(vkCreateComputePipelines)                                                  \
  X(vkCreateDescriptorSetLayout)                                               \
  X(vkCreateDevice)                                                            \
  X(vkCreateInstance)                                                          \
  X(vkCreatePipelineLayout)                                                    \
  X(vkCreateQueryPool)                                                         \
  X(vkCreateSemaphore)                                                         \
  X(vkCreateShaderModule)                                                      \
  X(vkDestroyBuffer)                                                           \
  X(vkDestroyCommandPool)                                                      \
  X(vkDestroyDescriptorSetLayout)                                              \
  X(vkDestroyDevice)                                                           \
  X(vkDestroyInstance)                                                         \
  X(vkDestroyPipeline)                                                         \
  X(vkDestroyPipelineLayout)                                                   \
  X(vkDestroyQueryPool)                                                        \
  X(vkDestroySemaphore)                                                        \
  X(vkDestroyShaderModule)                                                     \
  X(vkDeviceWaitIdle)                                                          \
  X(vkEndCommandBuffer)                                                        \
  X(vkEnumerateDeviceExtensionProperties)                                      \
  X(vkEnumeratePhysicalDevices)                                                \
  X(vkFreeMemory)                                                              \
  X(vkGetBufferMemoryRequirements)                                             \
  X(vkGetDeviceProcAddr)                                                       \
  X(vkGetDeviceQueue)                                                          \
  X(vkGetInstanceProcAddr)                                                     \
  X(vkGetPhysicalDeviceFeatures2)                                              \
  X(vkGetPhysicalDeviceMemoryProperties)                                       \
  X(vkGetPhysicalDeviceProperties)                                             \
  X(vkGetPhysicalDeviceProperties2)                                            \
  X(vkGetPhysicalDeviceQueueFamilyProperties)                                  \
  X(vkGetQueryPoolResults)                                                     \
  X(vkGetSemaphoreCounterValue)                                                \
  X(vkMapMemory)                                                               \
  X(vkQueueSubmit)                                                             \
  X(vkUnmapMemory)                                                             \
  X(vkWaitSemaphores)

namespace halc {

#define HALC_DECLARE_VULKAN_FUNCTION(name) extern PFN_##name name;
HALC_VULKAN_FUNCTIONS(HALC_DECLARE_VULKAN_FUNCTION)
#undef HALC_DECLARE_VULKAN_FUNCTION

/// Opens the Vulkan loader and resolves the entry points, once; an error
/// naming the library (or the entry points it lacks) where it cannot.
halc_status_t loadVulkanLibrary();

} // namespace halc

#endif // HALC_RUNTIME_DRIVERS_VULKAN_VULKANLIBRARY_H
