//===- VulkanDriver.cpp - halc's devices on Vulkan ------------------------===//
//
// Memory is a device-local VkBuffer each; host copies go through one
// staging buffer. A call records one command buffer: a barrier after every
// earlier submission, then per dispatch its pipeline, its bindings pushed,
// its constants pushed, and a barrier only before a dispatch that touches
// memory a dispatch since the last barrier wrote or may write. Each
// submission signals the next value of the device's timeline semaphore: a
// ticket is that value. Command buffers are reused once their value is
// reached.
//
//===----------------------------------------------------------------------===//

#include "VulkanPipelines.h"

#include "halc/status_cc.h"

#include <cstring>
#include <deque>
#include <mutex>
#include <unordered_map>

using namespace halc;

namespace {

constexpr uint64_t kTimeoutNs = 120ull * 1000 * 1000 * 1000;
/// Submissions in flight before a new one waits for the oldest.
constexpr size_t kMaxInFlight = 64;

/// Vulkan binds whole 4-byte words.
VkDeviceSize paddedSize(uint64_t bytes) {
  return bytes == 0 ? 4 : (bytes + 3) / 4 * 4;
}

VkBuffer toBuffer(DeviceMemory memory) {
  return fromDeviceMemory<VkBuffer>(memory);
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

/// What every submission waits for first: the work submitted before it.
void afterEarlierSubmissions(VkCommandBuffer commands, VkPipelineStageFlags to,
                             VkAccessFlags toAccess) {
  memoryBarrier(
      commands,
      VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
      VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT, to, toAccess);
}

class VulkanDriver : public DriverDevice {
public:
  ~VulkanDriver() override;
  halc_status_t open() { return vk.open(); }

  const char *name() const override { return vk.properties.deviceName; }
  halc_status_t allocate(uint64_t bytes, DeviceMemory &memory) override;
  void free(DeviceMemory memory) override;
  halc_status_t write(DeviceMemory memory, const void *data,
                      size_t size) override;
  halc_status_t read(DeviceMemory memory, void *data, size_t size) override;
  halc_status_t loadModule(const halc_module_t *module,
                           std::unique_ptr<DriverModule> &loaded) override {
    for (size_t e = 0; e < halc_module_executable_count(module); ++e)
      if (halc_executable_format(halc_module_executable(module, e)) !=
          HALC_EXECUTABLE_FORMAT_VKE1)
        return makeError("executable " + std::to_string(e) +
                         " is not a Vulkan executable (VKE1); compile for "
                         "vulkan-spirv to run it on Vulkan");
    loaded = std::make_unique<VulkanPipelines>(vk, module);
    return nullptr;
  }
  halc_status_t submit(DriverModule &module, const Submission &submission,
                       uint64_t &ticket) override;
  halc_status_t wait(uint64_t ticket) override;
  halc_status_t waitIdle() override;

private:
  halc_status_t createBuffer(VkDeviceSize size, VkBufferUsageFlags usage,
                             VkMemoryPropertyFlags properties, VkBuffer &buffer,
                             VkDeviceMemory &memory);
  /// A command buffer to record into, begun (the queue's lock held).
  halc_status_t begin(VkCommandBuffer &commands);
  /// Ends and submits `commands` (the queue's lock held).
  halc_status_t end(VkCommandBuffer commands, uint64_t &ticket);
  /// A staging buffer of `size` bytes at least (its lock held).
  halc_status_t growStaging(size_t size);
  /// Copies between `memory` and the staging buffer, and waits.
  halc_status_t copyStaging(DeviceMemory memory, size_t size, bool toDevice);
  halc_status_t recordCall(VkCommandBuffer commands,
                           const Submission &submission,
                           const std::vector<const VulkanPipeline *> &pipelines,
                           VkQueryPool queries);

  VulkanDevice vk;

  std::mutex queueMutex;
  uint64_t submitted = 0;
  std::deque<std::pair<uint64_t, VkCommandBuffer>> inFlight;
  std::vector<VkCommandBuffer> idle;

  std::mutex memoryMutex;
  std::unordered_map<DeviceMemory, VkDeviceMemory> allocations;

  std::mutex stagingMutex;
  VkBuffer staging = VK_NULL_HANDLE;
  VkDeviceMemory stagingMemory = VK_NULL_HANDLE;
  VkDeviceSize stagingSize = 0;
  void *stagingData = nullptr;
};

VulkanDriver::~VulkanDriver() {
  if (!vk.device)
    return;
  vkDeviceWaitIdle(vk.device);
  if (staging) {
    vkDestroyBuffer(vk.device, staging, nullptr);
    vkFreeMemory(vk.device, stagingMemory, nullptr);
  }
  for (auto &[buffer, memory] : allocations) {
    vkDestroyBuffer(vk.device, toBuffer(buffer), nullptr);
    vkFreeMemory(vk.device, memory, nullptr);
  }
}

halc_status_t VulkanDriver::createBuffer(VkDeviceSize size,
                                         VkBufferUsageFlags usage,
                                         VkMemoryPropertyFlags properties,
                                         VkBuffer &buffer,
                                         VkDeviceMemory &memory) {
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
  halc_status_t status = vk.findMemoryType(
      requirements.memoryTypeBits, properties, allocateInfo.memoryTypeIndex);
  if (!status) {
    result = vkAllocateMemory(vk.device, &allocateInfo, nullptr, &memory);
    if (result != VK_SUCCESS)
      status = makeError(vulkanError("vkAllocateMemory", result) + " (" +
                         std::to_string(requirements.size) + " bytes)");
  }
  if (!status) {
    result = vkBindBufferMemory(vk.device, buffer, memory, 0);
    if (result != VK_SUCCESS) {
      vkFreeMemory(vk.device, memory, nullptr);
      status = makeError(vulkanError("vkBindBufferMemory", result));
    }
  }
  if (status)
    vkDestroyBuffer(vk.device, buffer, nullptr);
  return status;
}

halc_status_t VulkanDriver::allocate(uint64_t bytes, DeviceMemory &memory) {
  VkBuffer buffer;
  VkDeviceMemory allocation;
  if (halc_status_t status =
          createBuffer(paddedSize(bytes),
                       VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                           VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                           VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                       VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, buffer, allocation))
    return status;
  memory = toDeviceMemory(buffer);
  std::lock_guard<std::mutex> lock(memoryMutex);
  allocations[memory] = allocation;
  return nullptr;
}

void VulkanDriver::free(DeviceMemory memory) {
  std::lock_guard<std::mutex> lock(memoryMutex);
  auto it = allocations.find(memory);
  if (it == allocations.end())
    return;
  vkDestroyBuffer(vk.device, toBuffer(memory), nullptr);
  vkFreeMemory(vk.device, it->second, nullptr);
  allocations.erase(it);
}

halc_status_t VulkanDriver::begin(VkCommandBuffer &commands) {
  if (inFlight.size() >= kMaxInFlight)
    if (halc_status_t status = wait(inFlight.front().first))
      return status;
  uint64_t done = 0;
  VkResult result = vkGetSemaphoreCounterValue(vk.device, vk.completed, &done);
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkGetSemaphoreCounterValue", result));
  while (!inFlight.empty() && inFlight.front().first <= done) {
    idle.push_back(inFlight.front().second);
    inFlight.pop_front();
  }
  if (idle.empty()) {
    VkCommandBufferAllocateInfo allocateInfo = {
        VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    allocateInfo.commandPool = vk.commandPool;
    allocateInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocateInfo.commandBufferCount = 1;
    VkCommandBuffer allocated;
    result = vkAllocateCommandBuffers(vk.device, &allocateInfo, &allocated);
    if (result != VK_SUCCESS)
      return makeError(vulkanError("vkAllocateCommandBuffers", result));
    idle.push_back(allocated);
  }
  commands = idle.back();
  idle.pop_back();
  VkCommandBufferBeginInfo beginInfo = {
      VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  beginInfo.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  result = vkBeginCommandBuffer(commands, &beginInfo);
  if (result != VK_SUCCESS) {
    idle.push_back(commands);
    return makeError(vulkanError("vkBeginCommandBuffer", result));
  }
  return nullptr;
}

halc_status_t VulkanDriver::end(VkCommandBuffer commands, uint64_t &ticket) {
  VkResult result = vkEndCommandBuffer(commands);
  if (result != VK_SUCCESS) {
    idle.push_back(commands);
    return makeError(vulkanError("vkEndCommandBuffer", result));
  }
  uint64_t value = submitted + 1;
  VkTimelineSemaphoreSubmitInfo timeline = {
      VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
  timeline.signalSemaphoreValueCount = 1;
  timeline.pSignalSemaphoreValues = &value;
  VkSubmitInfo submitInfo = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submitInfo.pNext = &timeline;
  submitInfo.commandBufferCount = 1;
  submitInfo.pCommandBuffers = &commands;
  submitInfo.signalSemaphoreCount = 1;
  submitInfo.pSignalSemaphores = &vk.completed;
  result = vkQueueSubmit(vk.queue, 1, &submitInfo, VK_NULL_HANDLE);
  if (result != VK_SUCCESS) {
    idle.push_back(commands);
    return makeError(vulkanError("vkQueueSubmit", result));
  }
  submitted = ticket = value;
  inFlight.emplace_back(value, commands);
  return nullptr;
}

halc_status_t VulkanDriver::wait(uint64_t ticket) {
  if (ticket == 0)
    return nullptr;
  VkSemaphoreWaitInfo waitInfo = {VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
  waitInfo.semaphoreCount = 1;
  waitInfo.pSemaphores = &vk.completed;
  waitInfo.pValues = &ticket;
  VkResult result = vkWaitSemaphores(vk.device, &waitInfo, kTimeoutNs);
  if (result == VK_TIMEOUT)
    return makeError("a call did not finish within 120 s");
  if (result != VK_SUCCESS)
    return makeError(vulkanError("vkWaitSemaphores", result) +
                     (result == VK_ERROR_DEVICE_LOST
                          ? " (device lost: a kernel faulted?)"
                          : ""));
  return nullptr;
}

halc_status_t VulkanDriver::waitIdle() {
  uint64_t last;
  {
    std::lock_guard<std::mutex> lock(queueMutex);
    last = submitted;
  }
  return wait(last);
}

halc_status_t VulkanDriver::copyStaging(DeviceMemory memory, size_t size,
                                        bool toDevice) {
  VkCommandBuffer commands;
  uint64_t ticket = 0;
  {
    std::lock_guard<std::mutex> lock(queueMutex);
    if (halc_status_t status = begin(commands))
      return status;
    afterEarlierSubmissions(commands, VK_PIPELINE_STAGE_TRANSFER_BIT,
                            VK_ACCESS_TRANSFER_READ_BIT |
                                VK_ACCESS_TRANSFER_WRITE_BIT);
    VkBufferCopy copy = {0, 0, size};
    if (toDevice) {
      vkCmdCopyBuffer(commands, staging, toBuffer(memory), 1, &copy);
    } else {
      vkCmdCopyBuffer(commands, toBuffer(memory), staging, 1, &copy);
      memoryBarrier(commands, VK_PIPELINE_STAGE_TRANSFER_BIT,
                    VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                    VK_ACCESS_HOST_READ_BIT);
    }
    if (halc_status_t status = end(commands, ticket))
      return status;
  }
  halc_status_t status = wait(ticket);
  if (status) {
    // The copy may still run: the staging buffer is left to the device and
    // the next copy makes another.
    staging = VK_NULL_HANDLE;
    stagingMemory = VK_NULL_HANDLE;
    stagingSize = 0;
  }
  return status;
}

halc_status_t VulkanDriver::growStaging(size_t size) {
  if (stagingSize >= size)
    return nullptr;
  if (staging) {
    vkDestroyBuffer(vk.device, staging, nullptr);
    vkFreeMemory(vk.device, stagingMemory, nullptr);
    staging = VK_NULL_HANDLE;
    stagingSize = 0;
  }
  VkDeviceSize grown = paddedSize(std::max<uint64_t>(size, 1 << 20));
  if (halc_status_t status = createBuffer(
          grown,
          VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
          VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
              VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
          staging, stagingMemory))
    return status;
  VkResult result =
      vkMapMemory(vk.device, stagingMemory, 0, VK_WHOLE_SIZE, 0, &stagingData);
  if (result != VK_SUCCESS) {
    vkDestroyBuffer(vk.device, staging, nullptr);
    vkFreeMemory(vk.device, stagingMemory, nullptr);
    staging = VK_NULL_HANDLE;
    return makeError(vulkanError("vkMapMemory", result));
  }
  stagingSize = grown;
  return nullptr;
}

halc_status_t VulkanDriver::write(DeviceMemory memory, const void *data,
                                  size_t size) {
  std::lock_guard<std::mutex> lock(stagingMutex);
  if (halc_status_t status = growStaging(size))
    return status;
  std::memcpy(stagingData, data, size);
  return copyStaging(memory, size, true);
}

halc_status_t VulkanDriver::read(DeviceMemory memory, void *data, size_t size) {
  std::lock_guard<std::mutex> lock(stagingMutex);
  if (halc_status_t status = growStaging(size))
    return status;
  if (halc_status_t status = copyStaging(memory, size, false))
    return status;
  std::memcpy(data, stagingData, size);
  return nullptr;
}

halc_status_t
VulkanDriver::recordCall(VkCommandBuffer commands, const Submission &submission,
                         const std::vector<const VulkanPipeline *> &pipelines,
                         VkQueryPool queries) {
  const halc_function_t &function = *submission.function;
  afterEarlierSubmissions(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                          VK_ACCESS_SHADER_READ_BIT |
                              VK_ACCESS_SHADER_WRITE_BIT);
  if (queries)
    vkCmdResetQueryPool(commands, queries, 0,
                        2 * function.dispatch_count * submission.repetitions);
  // The barrier each buffer written was last touched after: a dispatch
  // touching one touched since the last barrier needs a new one (timed
  // dispatches always get one, so that their times do not overlap).
  std::vector<uint32_t> touchedAfter(function.buffer_count, 0);
  uint32_t barriers = 1;
  const VulkanPipeline *bound = nullptr;
  std::vector<VkDescriptorBufferInfo> infos;
  std::vector<VkWriteDescriptorSet> writes;
  uint32_t query = 0;
  for (uint32_t r = 0; r < submission.repetitions; ++r) {
    for (size_t d = 0; d < function.dispatch_count; ++d) {
      const halc_dispatch_t &dispatch = function.dispatches[d];
      bool needsBarrier = queries && query > 0;
      for (size_t b = 0; b < dispatch.binding_count; ++b)
        needsBarrier |= submission.written[dispatch.bindings[b]] &&
                        touchedAfter[dispatch.bindings[b]] == barriers;
      if (needsBarrier) {
        memoryBarrier(commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                      VK_ACCESS_SHADER_WRITE_BIT,
                      VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                      VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
        ++barriers;
      }
      for (size_t b = 0; b < dispatch.binding_count; ++b)
        if (submission.written[dispatch.bindings[b]])
          touchedAfter[dispatch.bindings[b]] = barriers;

      const VulkanPipeline &pipeline = *pipelines[d];
      if (bound != &pipeline)
        vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                          pipeline.pipeline);
      bound = &pipeline;
      infos.resize(dispatch.binding_count);
      writes.resize(dispatch.binding_count);
      for (size_t b = 0; b < dispatch.binding_count; ++b) {
        uint32_t buffer = dispatch.bindings[b];
        infos[b] = {toBuffer(submission.buffers[buffer]), 0,
                    paddedSize(function.buffer_sizes[buffer])};
        writes[b] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[b].dstBinding = b;
        writes[b].descriptorCount = 1;
        writes[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[b].pBufferInfo = &infos[b];
      }
      if (!writes.empty())
        vk.pushDescriptorSet(commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                             pipeline.layout, 0, writes.size(), writes.data());
      if (dispatch.constant_count)
        vkCmdPushConstants(commands, pipeline.layout,
                           VK_SHADER_STAGE_COMPUTE_BIT, 0,
                           4 * dispatch.constant_count, dispatch.constants);
      if (queries)
        vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                            queries, query++);
      vkCmdDispatch(commands, dispatch.workgroup_count[0],
                    dispatch.workgroup_count[1], dispatch.workgroup_count[2]);
      if (queries)
        vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                            queries, query++);
    }
  }
  return nullptr;
}

halc_status_t VulkanDriver::submit(DriverModule &module,
                                   const Submission &submission,
                                   uint64_t &ticket) {
  const halc_function_t &function = *submission.function;
  // Pipelines may be made here: before the queue's lock.
  auto &made = static_cast<VulkanPipelines &>(module);
  std::vector<const VulkanPipeline *> pipelines(function.dispatch_count);
  const VkPhysicalDeviceLimits &limits = vk.properties.limits;
  for (size_t d = 0; d < function.dispatch_count; ++d) {
    const halc_dispatch_t &dispatch = function.dispatches[d];
    for (int i = 0; i < 3; ++i)
      if (dispatch.workgroup_count[i] > limits.maxComputeWorkGroupCount[i])
        return makeError("dispatch " + std::to_string(d) + " needs " +
                         std::to_string(dispatch.workgroup_count[i]) +
                         " workgroups along dimension " + std::to_string(i) +
                         "; the device allows " +
                         std::to_string(limits.maxComputeWorkGroupCount[i]));
    if (halc_status_t status = made.get(dispatch, pipelines[d]))
      return status;
  }
  struct Queries {
    VkDevice device;
    VkQueryPool pool = VK_NULL_HANDLE;
    ~Queries() {
      if (pool)
        vkDestroyQueryPool(device, pool, nullptr);
    }
  } queries{vk.device};
  uint32_t queryCount = 2 * function.dispatch_count * submission.repetitions;
  if (submission.timesMs && vk.timestampBits > 0 && queryCount > 0) {
    VkQueryPoolCreateInfo queryInfo = {
        VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    queryInfo.queryType = VK_QUERY_TYPE_TIMESTAMP;
    queryInfo.queryCount = queryCount;
    VkResult result =
        vkCreateQueryPool(vk.device, &queryInfo, nullptr, &queries.pool);
    if (result != VK_SUCCESS)
      return makeError(vulkanError("vkCreateQueryPool", result));
  }
  {
    std::lock_guard<std::mutex> lock(queueMutex);
    VkCommandBuffer commands;
    if (halc_status_t status = begin(commands))
      return status;
    if (halc_status_t status =
            recordCall(commands, submission, pipelines, queries.pool))
      return status;
    if (halc_status_t status = end(commands, ticket))
      return status;
  }
  if (!submission.timesMs)
    return nullptr;
  if (halc_status_t status = wait(ticket)) {
    // The GPU may still write the queries: the pool is left to the device.
    queries.pool = VK_NULL_HANDLE;
    return status;
  }
  std::vector<uint64_t> ticks(queryCount, 0);
  if (queries.pool &&
      vkGetQueryPoolResults(vk.device, queries.pool, 0, queryCount,
                            ticks.size() * 8, ticks.data(), 8,
                            VK_QUERY_RESULT_64_BIT) != VK_SUCCESS)
    return makeError("could not read the timestamp queries");
  double period = vk.properties.limits.timestampPeriod;
  for (size_t d = 0; d < function.dispatch_count; ++d)
    for (uint32_t r = 0; r < submission.repetitions; ++r) {
      size_t query = 2 * (r * function.dispatch_count + d);
      submission.timesMs[d * submission.repetitions + r] =
          queries.pool ? (ticks[query + 1] - ticks[query]) * period * 1e-6
                       : 0.0;
    }
  return nullptr;
}

} // namespace

halc_status_t halc::openVulkanDevice(std::unique_ptr<DriverDevice> &device) {
  auto vulkan = std::make_unique<VulkanDriver>();
  if (halc_status_t status = vulkan->open())
    return status;
  device = std::move(vulkan);
  return nullptr;
}
