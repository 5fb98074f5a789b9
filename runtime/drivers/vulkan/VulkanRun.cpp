//===- VulkanRun.cpp - Running a function's plan on Vulkan ----------------===//
//
// One command buffer per run: upload the arguments from a staging buffer,
// run the dispatches in order with a barrier after each (each sees the
// writes before it), download the results. Each dispatch is bracketed by
// timestamps.
//
//===----------------------------------------------------------------------===//

#include "ShaderChecks.h"
#include "VulkanDevice.h"

#include "halc/status_cc.h"

#include <cstring>
#include <map>

using namespace halc;

namespace {

/// Everything one run creates, destroyed when it ends.
struct Run {
  explicit Run(VulkanDevice &vk) : vk(vk) {}
  ~Run();

  halc_status_t createPipelines(const halc_module_t *module,
                                const halc_function_t *function);
  halc_status_t createBuffer(VkDeviceSize size, VkBufferUsageFlags usage,
                             VkMemoryPropertyFlags memory, VkBuffer &buffer,
                             VkDeviceMemory &allocation);
  halc_status_t createBuffers(const halc_function_t *function,
                              const void *const *arguments);
  halc_status_t createDescriptorSets(const halc_function_t *function);
  halc_status_t record(const halc_function_t *function, uint32_t repetitions);
  halc_status_t submit();

  struct Pipeline {
    VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
    VkPipelineLayout layout = VK_NULL_HANDLE;
    VkPipeline pipeline = VK_NULL_HANDLE;
    uint32_t constantCount = 0;
  };

  VulkanDevice &vk;
  std::map<std::pair<size_t, size_t>, VkShaderModule> shaderModules;
  std::map<std::pair<size_t, size_t>, Pipeline> pipelines;
  std::vector<VkBuffer> buffers;
  std::vector<VkDeviceMemory> allocations;
  VkBuffer staging = VK_NULL_HANDLE;
  VkDeviceMemory stagingMemory = VK_NULL_HANDLE;
  void *stagingData = nullptr;
  /// Where the staging buffer holds what is uploaded (the arguments, then
  /// the constants) and what is downloaded (the results).
  struct Upload {
    uint32_t buffer;
    const void *data;
    VkDeviceSize offset;
    /// What `data` holds: the argument tensor's bytes or a constant's.
    size_t bytes;
  };
  std::vector<Upload> uploads;
  std::vector<VkDeviceSize> resultOffsets;
  VkDescriptorPool descriptorPool = VK_NULL_HANDLE;
  std::vector<VkDescriptorSet> sets;
  VkQueryPool queryPool = VK_NULL_HANDLE;
  uint32_t queryCount = 0;
  VkCommandBuffer commands = VK_NULL_HANDLE;
};

Run::~Run() {
  VkDevice device = vk.device;
  if (commands)
    vkFreeCommandBuffers(device, vk.commandPool, 1, &commands);
  if (queryPool)
    vkDestroyQueryPool(device, queryPool, nullptr);
  if (descriptorPool)
    vkDestroyDescriptorPool(device, descriptorPool, nullptr);
  if (stagingData)
    vkUnmapMemory(device, stagingMemory);
  if (staging)
    vkDestroyBuffer(device, staging, nullptr);
  if (stagingMemory)
    vkFreeMemory(device, stagingMemory, nullptr);
  for (VkBuffer buffer : buffers)
    vkDestroyBuffer(device, buffer, nullptr);
  for (VkDeviceMemory allocation : allocations)
    vkFreeMemory(device, allocation, nullptr);
  for (auto &[key, pipeline] : pipelines) {
    vkDestroyPipeline(device, pipeline.pipeline, nullptr);
    vkDestroyPipelineLayout(device, pipeline.layout, nullptr);
    vkDestroyDescriptorSetLayout(device, pipeline.setLayout, nullptr);
  }
  for (auto &[key, shaderModule] : shaderModules)
    vkDestroyShaderModule(device, shaderModule, nullptr);
}

halc_status_t Run::createPipelines(const halc_module_t *module,
                                   const halc_function_t *function) {
  const VkPhysicalDeviceLimits &limits = vk.properties.limits;
  for (size_t d = 0; d < function->dispatch_count; ++d) {
    const halc_dispatch_t &dispatch = function->dispatches[d];
    for (int i = 0; i < 3; ++i)
      if (dispatch.workgroup_count[i] > limits.maxComputeWorkGroupCount[i])
        return makeError("dispatch " + std::to_string(d) + " needs " +
                         std::to_string(dispatch.workgroup_count[i]) +
                         " workgroups along dimension " + std::to_string(i) +
                         "; the device allows " +
                         std::to_string(limits.maxComputeWorkGroupCount[i]));
    auto key = std::make_pair(dispatch.executable, dispatch.export_ordinal);
    if (pipelines.count(key))
      continue;
    const halc_executable_t *executable =
        halc_module_executable(module, dispatch.executable);
    if (halc_executable_format(executable) != HALC_EXECUTABLE_FORMAT_VKE1)
      return makeError("executable " + std::to_string(dispatch.executable) +
                       " is not a Vulkan executable (VKE1); compile for "
                       "vulkan-spirv to run it on Vulkan");
    halc_export_info_t info;
    if (halc_status_t status = halc_executable_export_info(
            executable, dispatch.export_ordinal, &info))
      return status;
    uint32_t invocations = info.workgroup_size[0] * info.workgroup_size[1] *
                           info.workgroup_size[2];
    if (invocations > limits.maxComputeWorkGroupInvocations)
      return makeError(std::string("export '") + info.name + "' has " +
                       std::to_string(invocations) +
                       " threads per workgroup; the device allows " +
                       std::to_string(limits.maxComputeWorkGroupInvocations));

    size_t moduleOrdinal =
        halc_executable_export_module(executable, dispatch.export_ordinal);
    auto moduleKey = std::make_pair(dispatch.executable, moduleOrdinal);
    std::string moduleName = "shader module " + std::to_string(moduleOrdinal) +
                             " of executable " +
                             std::to_string(dispatch.executable);
    const uint32_t *words = nullptr;
    size_t wordCount = 0;
    if (halc_status_t status = halc_executable_spirv(executable, moduleOrdinal,
                                                     &words, &wordCount))
      return status;
    if (!shaderModules.count(moduleKey)) {
      if (halc_status_t status = validateSPIRV(words, wordCount))
        return prefixError(moduleName, status);
      if (halc_status_t status = checkCooperativeMatrices(
              words, wordCount, vk.cooperativeMatrices,
              vk.properties.deviceName))
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
            vk.properties.limits.maxComputeSharedMemorySize,
            vk.properties.deviceName))
      return prefixError(moduleName, status);

    Pipeline &pipeline = pipelines[key];
    std::vector<VkDescriptorSetLayoutBinding> bindings(info.binding_count);
    for (uint32_t b = 0; b < info.binding_count; ++b)
      bindings[b] = {b, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                     VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
    VkDescriptorSetLayoutCreateInfo setInfo = {
        VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
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
    result = vkCreatePipelineLayout(vk.device, &layoutInfo, nullptr,
                                    &pipeline.layout);
    if (result != VK_SUCCESS)
      return makeError(vulkanError("vkCreatePipelineLayout", result));
    pipeline.constantCount = info.constant_count;

    VkComputePipelineCreateInfo pipelineInfo = {
        VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pipelineInfo.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pipelineInfo.stage.module = shaderModules[moduleKey];
    pipelineInfo.stage.pName = info.entry_point;
    pipelineInfo.layout = pipeline.layout;
    result = vkCreateComputePipelines(vk.device, VK_NULL_HANDLE, 1,
                                      &pipelineInfo, nullptr,
                                      &pipeline.pipeline);
    if (result != VK_SUCCESS)
      return makeError(vulkanError("vkCreateComputePipelines", result) +
                       " for entry point '" + info.entry_point + "'");
  }
  return nullptr;
}

halc_status_t Run::createBuffer(VkDeviceSize size, VkBufferUsageFlags usage,
                                VkMemoryPropertyFlags memory, VkBuffer &buffer,
                                VkDeviceMemory &allocation) {
  VkBufferCreateInfo bufferInfo = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  bufferInfo.size = size;
  bufferInfo.usage = usage;
  bufferInfo.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  VkResult result = vkCreateBuffer(vk.device, &bufferInfo, nullptr, &buffer);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkCreateBuffer", result) + " (" +
                     std::to_string(size) + " bytes)");
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(vk.device, buffer, &requirements);
  VkMemoryAllocateInfo allocateInfo = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  allocateInfo.allocationSize = requirements.size;
  if (halc_status_t status = vk.findMemoryType(
          requirements.memoryTypeBits, memory, allocateInfo.memoryTypeIndex))
    return status;
  result = vkAllocateMemory(vk.device, &allocateInfo, nullptr, &allocation);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkAllocateMemory", result) + " (" +
                     std::to_string(requirements.size) + " bytes)");
  result = vkBindBufferMemory(vk.device, buffer, allocation, 0);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkBindBufferMemory", result));
  return nullptr;
}

/// Vulkan has no empty buffers and binds whole 4-byte words.
VkDeviceSize paddedSize(uint64_t bytes) {
  return bytes == 0 ? 4 : (bytes + 3) / 4 * 4;
}

halc_status_t Run::createBuffers(const halc_function_t *function,
                                 const void *const *arguments) {
  for (size_t b = 0; b < function->buffer_count; ++b) {
    buffers.push_back(VK_NULL_HANDLE);
    allocations.push_back(VK_NULL_HANDLE);
    if (halc_status_t status = createBuffer(
            paddedSize(function->buffer_sizes[b]),
            VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                VK_BUFFER_USAGE_TRANSFER_DST_BIT,
            VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, buffers.back(),
            allocations.back()))
      return status;
  }
  // One staging buffer: the arguments, the constants, then the results.
  VkDeviceSize offset = 0;
  auto upload = [&](uint32_t buffer, const void *data, size_t bytes) {
    uploads.push_back({buffer, data, offset, bytes});
    offset += paddedSize(function->buffer_sizes[buffer]);
  };
  for (size_t i = 0; i < function->argument_count; ++i)
    if (function->argument_buffers[i] != HALC_NO_BUFFER)
      upload(function->argument_buffers[i], arguments[i],
             halc_tensor_type_byte_size(&function->arguments[i]));
  for (size_t b = 0; b < function->buffer_count; ++b)
    if (function->buffer_contents[b])
      upload(b, function->buffer_contents[b], function->buffer_sizes[b]);
  for (size_t i = 0; i < function->result_count; ++i) {
    resultOffsets.push_back(offset);
    offset += paddedSize(function->buffer_sizes[function->result_buffers[i]]);
  }
  if (halc_status_t status = createBuffer(
          paddedSize(offset),
          VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
          VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
              VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
          staging, stagingMemory))
    return status;
  VkResult result = vkMapMemory(vk.device, stagingMemory, 0, VK_WHOLE_SIZE, 0,
                                &stagingData);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkMapMemory", result));
  return nullptr;
}

halc_status_t Run::createDescriptorSets(const halc_function_t *function) {
  if (function->dispatch_count == 0)
    return nullptr;
  uint32_t descriptors = 0;
  for (size_t d = 0; d < function->dispatch_count; ++d)
    descriptors += function->dispatches[d].binding_count;
  VkDescriptorPoolSize poolSize = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                   descriptors ? descriptors : 1};
  VkDescriptorPoolCreateInfo poolInfo = {
      VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  poolInfo.maxSets = function->dispatch_count;
  poolInfo.poolSizeCount = 1;
  poolInfo.pPoolSizes = &poolSize;
  VkResult result =
      vkCreateDescriptorPool(vk.device, &poolInfo, nullptr, &descriptorPool);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkCreateDescriptorPool", result));
  for (size_t d = 0; d < function->dispatch_count; ++d) {
    const halc_dispatch_t &dispatch = function->dispatches[d];
    const Pipeline &pipeline =
        pipelines[{dispatch.executable, dispatch.export_ordinal}];
    VkDescriptorSetAllocateInfo allocateInfo = {
        VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    allocateInfo.descriptorPool = descriptorPool;
    allocateInfo.descriptorSetCount = 1;
    allocateInfo.pSetLayouts = &pipeline.setLayout;
    VkDescriptorSet set;
    result = vkAllocateDescriptorSets(vk.device, &allocateInfo, &set);
    if (result != VK_SUCCESS)
      return makeError(vulkanError("vkAllocateDescriptorSets", result));
    sets.push_back(set);
    std::vector<VkDescriptorBufferInfo> infos(dispatch.binding_count);
    std::vector<VkWriteDescriptorSet> writes(dispatch.binding_count);
    for (size_t b = 0; b < dispatch.binding_count; ++b) {
      infos[b] = {buffers[dispatch.bindings[b]], 0, VK_WHOLE_SIZE};
      writes[b] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      writes[b].dstSet = set;
      writes[b].dstBinding = b;
      writes[b].descriptorCount = 1;
      writes[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      writes[b].pBufferInfo = &infos[b];
    }
    vkUpdateDescriptorSets(vk.device, writes.size(), writes.data(), 0, nullptr);
  }
  return nullptr;
}

void memoryBarrier(VkCommandBuffer commands, VkPipelineStageFlags from,
                   VkAccessFlags fromAccess, VkPipelineStageFlags to,
                   VkAccessFlags toAccess) {
  VkMemoryBarrier barrier = {VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = fromAccess;
  barrier.dstAccessMask = toAccess;
  vkCmdPipelineBarrier(commands, from, to, 0, 1, &barrier, 0, nullptr, 0,
                       nullptr);
}

halc_status_t Run::record(const halc_function_t *function,
                          uint32_t repetitions) {
  VkCommandBufferAllocateInfo allocateInfo = {
      VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  allocateInfo.commandPool = vk.commandPool;
  allocateInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  allocateInfo.commandBufferCount = 1;
  VkResult result = vkAllocateCommandBuffers(vk.device, &allocateInfo, &commands);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkAllocateCommandBuffers", result));
  if (vk.timestampBits > 0 && function->dispatch_count > 0) {
    queryCount = 2 * function->dispatch_count * repetitions;
    VkQueryPoolCreateInfo queryInfo = {VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    queryInfo.queryType = VK_QUERY_TYPE_TIMESTAMP;
    queryInfo.queryCount = queryCount;
    result = vkCreateQueryPool(vk.device, &queryInfo, nullptr, &queryPool);
    if (result != VK_SUCCESS)
      return makeError(vulkanError("vkCreateQueryPool", result));
  }

  VkCommandBufferBeginInfo beginInfo = {
      VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  beginInfo.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  vkBeginCommandBuffer(commands, &beginInfo);
  if (queryPool)
    vkCmdResetQueryPool(commands, queryPool, 0, queryCount);
  for (const Upload &upload : uploads) {
    VkBufferCopy copy = {upload.offset, 0,
                         paddedSize(function->buffer_sizes[upload.buffer])};
    vkCmdCopyBuffer(commands, staging, buffers[upload.buffer], 1, &copy);
  }
  memoryBarrier(commands, VK_PIPELINE_STAGE_TRANSFER_BIT,
                VK_ACCESS_TRANSFER_WRITE_BIT,
                VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
  uint32_t query = 0;
  for (uint32_t r = 0; r < repetitions; ++r) {
    for (size_t d = 0; d < function->dispatch_count; ++d) {
      const halc_dispatch_t &dispatch = function->dispatches[d];
      const Pipeline &pipeline =
          pipelines[{dispatch.executable, dispatch.export_ordinal}];
      vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                        pipeline.pipeline);
      vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                              pipeline.layout, 0, 1, &sets[d], 0, nullptr);
      if (dispatch.constant_count)
        vkCmdPushConstants(commands, pipeline.layout,
                           VK_SHADER_STAGE_COMPUTE_BIT, 0,
                           4 * dispatch.constant_count, dispatch.constants);
      if (queryPool)
        vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                            queryPool, query++);
      vkCmdDispatch(commands, dispatch.workgroup_count[0],
                    dispatch.workgroup_count[1], dispatch.workgroup_count[2]);
      if (queryPool)
        vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                            queryPool, query++);
      memoryBarrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                    VK_ACCESS_SHADER_WRITE_BIT,
                    VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                    VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
    }
  }
  memoryBarrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                VK_ACCESS_TRANSFER_READ_BIT);
  for (size_t i = 0; i < function->result_count; ++i) {
    uint32_t buffer = function->result_buffers[i];
    VkBufferCopy copy = {0, resultOffsets[i],
                         paddedSize(function->buffer_sizes[buffer])};
    vkCmdCopyBuffer(commands, buffers[buffer], staging, 1, &copy);
  }
  memoryBarrier(commands, VK_PIPELINE_STAGE_TRANSFER_BIT,
                VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                VK_ACCESS_HOST_READ_BIT);
  result = vkEndCommandBuffer(commands);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkEndCommandBuffer", result));
  return nullptr;
}

halc_status_t Run::submit() {
  VkFenceCreateInfo fenceInfo = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkFence fence;
  VkResult result = vkCreateFence(vk.device, &fenceInfo, nullptr, &fence);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkCreateFence", result));
  VkSubmitInfo submitInfo = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submitInfo.commandBufferCount = 1;
  submitInfo.pCommandBuffers = &commands;
  result = vkQueueSubmit(vk.queue, 1, &submitInfo, fence);
  if (result == VK_SUCCESS) {
    constexpr uint64_t kTimeoutNs = 120ull * 1000 * 1000 * 1000;
    result = vkWaitForFences(vk.device, 1, &fence, VK_TRUE, kTimeoutNs);
  }
  vkDestroyFence(vk.device, fence, nullptr);
  if (result == VK_TIMEOUT)
    return makeError("the dispatches did not finish within 120 s");
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkQueueSubmit/vkWaitForFences", result) +
                     (result == VK_ERROR_DEVICE_LOST ? " (device lost: a "
                                                       "kernel faulted?)"
                                                     : ""));
  return nullptr;
}

} // namespace

extern "C" halc_status_t
halc_vulkan_run(halc_vulkan_device_t *device, const halc_module_t *module,
                const halc_function_t *function, const void *const *arguments,
                void *const *results, uint32_t repetitions, double *outTimes) {
  return catchExceptions("running on Vulkan", [&]() -> halc_status_t {
    if (repetitions == 0)
      repetitions = 1;
    if (function->depends_on_call)
      return makeError(std::string("@") + function->name +
                       " has dynamic sizes or scalar arguments: run the "
                       "function of a call (halc_call_prepare)");
    Run run(device->vulkan);
    if (halc_status_t status = run.createPipelines(module, function))
      return prefixError(std::string("@") + function->name, status);
    if (halc_status_t status = run.createBuffers(function, arguments))
      return status;
    if (halc_status_t status = run.createDescriptorSets(function))
      return status;
    auto *staging = static_cast<uint8_t *>(run.stagingData);
    // An empty tensor's data may be null: nothing to copy.
    for (const Run::Upload &upload : run.uploads)
      if (upload.bytes)
        std::memcpy(staging + upload.offset, upload.data, upload.bytes);
    if (halc_status_t status = run.record(function, repetitions))
      return status;
    if (halc_status_t status = run.submit())
      return status;
    for (size_t i = 0; i < function->result_count; ++i)
      if (size_t bytes = halc_tensor_type_byte_size(&function->results[i]))
        std::memcpy(results[i], staging + run.resultOffsets[i], bytes);
    if (outTimes) {
      std::vector<uint64_t> ticks(run.queryCount, 0);
      if (run.queryPool &&
          vkGetQueryPoolResults(device->vulkan.device, run.queryPool, 0,
                                run.queryCount, ticks.size() * 8, ticks.data(),
                                8, VK_QUERY_RESULT_64_BIT) != VK_SUCCESS)
        return makeError("could not read the timestamp queries");
      double period = device->vulkan.properties.limits.timestampPeriod;
      for (size_t d = 0; d < function->dispatch_count; ++d)
        for (uint32_t r = 0; r < repetitions; ++r) {
          size_t query = 2 * (r * function->dispatch_count + d);
          outTimes[d * repetitions + r] =
              run.queryPool ? (ticks[query + 1] - ticks[query]) * period * 1e-6
                            : 0.0;
        }
    }
    return nullptr;
  });
}
