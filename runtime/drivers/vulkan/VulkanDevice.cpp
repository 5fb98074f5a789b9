//===- VulkanDevice.cpp - Picking and opening a Vulkan device -------------===//

#include "VulkanDevice.h"

#include "halc/status_cc.h"

#include <cstdlib>
#include <cstring>

using namespace halc;

namespace {

/// The name of `result`, as the Vulkan headers spell it.
const char *resultName(VkResult result) {
  switch (result) {
#define HALC_VK_RESULT(name)                                                   \
  case name:                                                                   \
    return #name;
    HALC_VK_RESULT(VK_NOT_READY)
    HALC_VK_RESULT(VK_TIMEOUT)
    HALC_VK_RESULT(VK_INCOMPLETE)
    HALC_VK_RESULT(VK_ERROR_OUT_OF_HOST_MEMORY)
    HALC_VK_RESULT(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    HALC_VK_RESULT(VK_ERROR_INITIALIZATION_FAILED)
    HALC_VK_RESULT(VK_ERROR_DEVICE_LOST)
    HALC_VK_RESULT(VK_ERROR_MEMORY_MAP_FAILED)
    HALC_VK_RESULT(VK_ERROR_LAYER_NOT_PRESENT)
    HALC_VK_RESULT(VK_ERROR_EXTENSION_NOT_PRESENT)
    HALC_VK_RESULT(VK_ERROR_FEATURE_NOT_PRESENT)
    HALC_VK_RESULT(VK_ERROR_INCOMPATIBLE_DRIVER)
    HALC_VK_RESULT(VK_ERROR_TOO_MANY_OBJECTS)
    HALC_VK_RESULT(VK_ERROR_FORMAT_NOT_SUPPORTED)
    HALC_VK_RESULT(VK_ERROR_FRAGMENTED_POOL)
    HALC_VK_RESULT(VK_ERROR_UNKNOWN)
    HALC_VK_RESULT(VK_ERROR_OUT_OF_POOL_MEMORY)
    HALC_VK_RESULT(VK_ERROR_INVALID_EXTERNAL_HANDLE)
    HALC_VK_RESULT(VK_ERROR_FRAGMENTATION)
    HALC_VK_RESULT(VK_ERROR_INVALID_SHADER_NV)
#undef HALC_VK_RESULT
  default:
    return nullptr;
  }
}

} // namespace

std::string halc::vulkanError(const char *call, VkResult result) {
  const char *name = resultName(result);
  return std::string(call) + " failed with " +
         (name ? name : "VkResult " + std::to_string(result));
}

namespace {

const char *deviceTypeName(VkPhysicalDeviceType type) {
  switch (type) {
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
    return "discrete GPU";
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
    return "integrated GPU";
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
    return "virtual GPU";
  case VK_PHYSICAL_DEVICE_TYPE_CPU:
    return "CPU";
  default:
    return "other";
  }
}

/// Discrete GPUs first, then integrated, virtual, CPU.
int rank(VkPhysicalDeviceType type) {
  switch (type) {
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
    return 0;
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
    return 1;
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
    return 2;
  case VK_PHYSICAL_DEVICE_TYPE_CPU:
    return 3;
  default:
    return 4;
  }
}

halc_status_t pickPhysicalDevice(VkInstance instance,
                                 VkPhysicalDevice &chosen) {
  uint32_t count = 0;
  VkResult result = vkEnumeratePhysicalDevices(instance, &count, nullptr);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkEnumeratePhysicalDevices", result));
  if (count == 0)
    return makeError("no Vulkan device found (is a Vulkan driver installed? "
                     "lavapipe: mesa-vulkan-drivers)");
  std::vector<VkPhysicalDevice> devices(count);
  vkEnumeratePhysicalDevices(instance, &count, devices.data());
  std::vector<VkPhysicalDeviceProperties> properties(count);
  for (uint32_t i = 0; i < count; ++i)
    vkGetPhysicalDeviceProperties(devices[i], &properties[i]);

  if (const char *wanted = std::getenv("HALC_VULKAN_DEVICE")) {
    std::string known;
    for (uint32_t i = 0; i < count; ++i) {
      if (std::to_string(i) == wanted ||
          std::strstr(properties[i].deviceName, wanted)) {
        chosen = devices[i];
        return nullptr;
      }
      known += "\n  " + std::to_string(i) + ": " + properties[i].deviceName +
               " (" + deviceTypeName(properties[i].deviceType) + ")";
    }
    return makeError(std::string("HALC_VULKAN_DEVICE='") + wanted +
                     "' matches no device; the devices are:" + known);
  }
  uint32_t best = 0;
  for (uint32_t i = 1; i < count; ++i)
    if (rank(properties[i].deviceType) < rank(properties[best].deviceType))
      best = i;
  chosen = devices[best];
  return nullptr;
}

/// VK_KHR_cooperative_matrix, which Debian 12's Vulkan headers (1.3.239)
/// predate: its structures as the Vulkan registry defines them.
constexpr const char *kCooperativeMatrixExtension = "VK_KHR_cooperative_matrix";
constexpr VkStructureType kCooperativeMatrixFeaturesType =
    static_cast<VkStructureType>(1000506000);
constexpr VkStructureType kCooperativeMatrixPropertiesType =
    static_cast<VkStructureType>(1000506001);
constexpr uint32_t kScopeSubgroup = 3;

/// VK_KHR_shader_bfloat16 (bf16 cooperative matrices), also newer than the
/// headers.
constexpr const char *kBFloat16Extension = "VK_KHR_shader_bfloat16";
struct ShaderBFloat16FeaturesKHR {
  VkStructureType sType = static_cast<VkStructureType>(1000141000);
  void *pNext = nullptr;
  VkBool32 shaderBFloat16Type = VK_FALSE;
  VkBool32 shaderBFloat16DotProduct = VK_FALSE;
  VkBool32 shaderBFloat16CooperativeMatrix = VK_FALSE;
};

struct CooperativeMatrixFeaturesKHR {
  VkStructureType sType = kCooperativeMatrixFeaturesType;
  void *pNext = nullptr;
  VkBool32 cooperativeMatrix = VK_FALSE;
  VkBool32 cooperativeMatrixRobustBufferAccess = VK_FALSE;
};

struct CooperativeMatrixPropertiesKHR {
  VkStructureType sType = kCooperativeMatrixPropertiesType;
  void *pNext = nullptr;
  uint32_t MSize, NSize, KSize;
  uint32_t AType, BType, CType, ResultType;
  VkBool32 saturatingAccumulation;
  uint32_t scope;
};

using GetCooperativeMatrixProperties = VkResult(VKAPI_PTR *)(
    VkPhysicalDevice, uint32_t *, CooperativeMatrixPropertiesKHR *);

bool hasExtension(VkPhysicalDevice device, const char *name) {
  uint32_t count = 0;
  vkEnumerateDeviceExtensionProperties(device, nullptr, &count, nullptr);
  std::vector<VkExtensionProperties> extensions(count);
  vkEnumerateDeviceExtensionProperties(device, nullptr, &count,
                                       extensions.data());
  for (const VkExtensionProperties &extension : extensions)
    if (std::strcmp(extension.extensionName, name) == 0)
      return true;
  return false;
}

/// The device's cooperative-matrix operations of subgroup scope.
std::vector<CooperativeMatrixProperties>
getCooperativeMatrices(VkInstance instance, VkPhysicalDevice device) {
  auto get = reinterpret_cast<GetCooperativeMatrixProperties>(
      vkGetInstanceProcAddr(instance,
                            "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR"));
  std::vector<CooperativeMatrixProperties> matrices;
  uint32_t count = 0;
  if (!get || get(device, &count, nullptr) != VK_SUCCESS)
    return matrices;
  std::vector<CooperativeMatrixPropertiesKHR> listed(count);
  if (get(device, &count, listed.data()) != VK_SUCCESS)
    return matrices;
  for (const CooperativeMatrixPropertiesKHR &p : listed)
    if (p.scope == kScopeSubgroup)
      matrices.push_back({p.MSize, p.NSize, p.KSize, p.AType, p.BType, p.CType,
                          p.ResultType});
  return matrices;
}

} // namespace

halc_status_t VulkanDevice::open() {
  if (halc_status_t status = loadVulkanLibrary())
    return status;
  VkApplicationInfo application = {VK_STRUCTURE_TYPE_APPLICATION_INFO};
  application.pApplicationName = "halc";
  // The highest version halc uses (SPIR-V 1.6 for cooperative matrices);
  // a device with less gives its own.
  application.apiVersion = VK_API_VERSION_1_3;
  VkInstanceCreateInfo instanceInfo = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  instanceInfo.pApplicationInfo = &application;
  VkResult result = vkCreateInstance(&instanceInfo, nullptr, &instance);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkCreateInstance", result) +
                     " (no Vulkan loader or driver?)");
  if (halc_status_t status = pickPhysicalDevice(instance, physicalDevice))
    return status;
  vkGetPhysicalDeviceProperties(physicalDevice, &properties);
  vkGetPhysicalDeviceMemoryProperties(physicalDevice, &memoryProperties);

  uint32_t familyCount = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physicalDevice, &familyCount,
                                           nullptr);
  std::vector<VkQueueFamilyProperties> families(familyCount);
  vkGetPhysicalDeviceQueueFamilyProperties(physicalDevice, &familyCount,
                                           families.data());
  queueFamily = UINT32_MAX;
  for (uint32_t i = 0; i < familyCount; ++i)
    if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
      queueFamily = i;
      timestampBits = families[i].timestampValidBits;
      break;
    }
  if (queueFamily == UINT32_MAX)
    return makeError(std::string("Vulkan device '") + properties.deviceName +
                     "' has no compute queue");

  // Turn on what kernels on narrow and wide types need, where the device
  // has it.
  VkPhysicalDevice8BitStorageFeatures storage8 = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES};
  VkPhysicalDevice16BitStorageFeatures storage16 = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
  VkPhysicalDeviceShaderFloat16Int8Features float16Int8 = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES};
  storage16.pNext = &storage8;
  float16Int8.pNext = &storage16;
  CooperativeMatrixFeaturesKHR cooperativeMatrix;
  ShaderBFloat16FeaturesKHR bfloat16;
  std::vector<const char *> extensions;
  if (hasExtension(physicalDevice, kCooperativeMatrixExtension)) {
    cooperativeMatrix.pNext = storage16.pNext;
    storage16.pNext = &cooperativeMatrix;
  }
  if (hasExtension(physicalDevice, kBFloat16Extension)) {
    bfloat16.pNext = storage16.pNext;
    storage16.pNext = &bfloat16;
  }
  // Calls wait on a timeline semaphore; dispatches push their bindings.
  VkPhysicalDeviceTimelineSemaphoreFeatures timeline = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES};
  timeline.pNext = float16Int8.pNext;
  float16Int8.pNext = &timeline;
  if (!hasExtension(physicalDevice, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME))
    return makeError(std::string("Vulkan device '") + properties.deviceName +
                     "' lacks " VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
  extensions.push_back(VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
  VkPhysicalDeviceFeatures2 features = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  features.pNext = &float16Int8;
  vkGetPhysicalDeviceFeatures2(physicalDevice, &features);
  if (!timeline.timelineSemaphore)
    return makeError(std::string("Vulkan device '") + properties.deviceName +
                     "' has no timeline semaphores");
  VkPhysicalDeviceFeatures2 enabled = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  enabled.features.shaderInt16 = features.features.shaderInt16;
  enabled.features.shaderInt64 = features.features.shaderInt64;
  enabled.features.shaderFloat64 = features.features.shaderFloat64;
  enabled.pNext = &float16Int8;
  // bf16 only for cooperative matrices (elsewhere its bits are i16).
  bfloat16.shaderBFloat16DotProduct = VK_FALSE;
  if (bfloat16.shaderBFloat16Type && cooperativeMatrix.cooperativeMatrix)
    extensions.push_back(kBFloat16Extension);
  else if (storage16.pNext == &bfloat16)
    storage16.pNext = bfloat16.pNext;
  if (cooperativeMatrix.cooperativeMatrix) {
    cooperativeMatrices = getCooperativeMatrices(instance, physicalDevice);
    extensions.push_back(kCooperativeMatrixExtension);
  } else if (storage16.pNext == &cooperativeMatrix) {
    storage16.pNext = cooperativeMatrix.pNext;
  }
  VkPhysicalDeviceSubgroupProperties subgroup = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
  VkPhysicalDevicePushDescriptorPropertiesKHR push = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR};
  subgroup.pNext = &push;
  VkPhysicalDeviceProperties2 properties2 = {
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  properties2.pNext = &subgroup;
  vkGetPhysicalDeviceProperties2(physicalDevice, &properties2);
  subgroupSize = subgroup.subgroupSize;
  maxPushDescriptors = push.maxPushDescriptors;

  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo = {
      VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queueInfo.queueFamilyIndex = queueFamily;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;
  VkDeviceCreateInfo deviceInfo = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  deviceInfo.pNext = &enabled;
  deviceInfo.queueCreateInfoCount = 1;
  deviceInfo.pQueueCreateInfos = &queueInfo;
  deviceInfo.enabledExtensionCount = extensions.size();
  deviceInfo.ppEnabledExtensionNames = extensions.data();
  result = vkCreateDevice(physicalDevice, &deviceInfo, nullptr, &device);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkCreateDevice", result));
  vkGetDeviceQueue(device, queueFamily, 0, &queue);
  pushDescriptorSet = reinterpret_cast<PFN_vkCmdPushDescriptorSetKHR>(
      vkGetDeviceProcAddr(device, "vkCmdPushDescriptorSetKHR"));
  if (!pushDescriptorSet)
    return makeError("the Vulkan driver lacks vkCmdPushDescriptorSetKHR");
  VkSemaphoreTypeCreateInfo timelineInfo = {
      VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
  timelineInfo.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
  VkSemaphoreCreateInfo semaphoreInfo = {
      VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
  semaphoreInfo.pNext = &timelineInfo;
  result = vkCreateSemaphore(device, &semaphoreInfo, nullptr, &completed);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkCreateSemaphore", result));

  VkCommandPoolCreateInfo poolInfo = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  poolInfo.queueFamilyIndex = queueFamily;
  result = vkCreateCommandPool(device, &poolInfo, nullptr, &commandPool);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkCreateCommandPool", result));
  return nullptr;
}

VulkanDevice::~VulkanDevice() {
  if (device) {
    vkDeviceWaitIdle(device);
    if (completed)
      vkDestroySemaphore(device, completed, nullptr);
    if (commandPool)
      vkDestroyCommandPool(device, commandPool, nullptr);
    vkDestroyDevice(device, nullptr);
  }
  if (instance)
    vkDestroyInstance(instance, nullptr);
}

halc_status_t VulkanDevice::findMemoryType(uint32_t typeBits,
                                           VkMemoryPropertyFlags wanted,
                                           uint32_t &index) const {
  for (uint32_t i = 0; i < memoryProperties.memoryTypeCount; ++i)
    if ((typeBits & (1u << i)) &&
        (memoryProperties.memoryTypes[i].propertyFlags & wanted) == wanted) {
      index = i;
      return nullptr;
    }
  return makeError("Vulkan device has no memory type with properties " +
                   std::to_string(wanted));
}
