//===- Device.cpp - halc_device_t: any driver, and its memory pool --------===//
//
// A device is opened by name; its memory pool keeps what arrays and calls
// give back, by size class (a quarter of a power of two at most wasted), so
// that a program calling the same functions over and over allocates
// nothing once the pool holds what one call needs.
//
//===----------------------------------------------------------------------===//

#include "DeviceObjects.h"

#include "halc/status_cc.h"

#include <array>
#include <cstring>

using namespace halc;

namespace {

struct Driver {
  const char *name;
  halc_status_t (*open)(std::unique_ptr<DriverDevice> &);
};

constexpr Driver kDrivers[] = {
    {"vulkan", openVulkanDevice},
    {"hip", openHIPDevice},
    {"cuda", openCUDADevice},
};

/// The size class of `bytes`: rounded up to a quarter of its highest power
/// of two, 256 bytes at least.
uint64_t sizeClass(uint64_t bytes) {
  if (bytes <= 256)
    return 256;
  uint64_t step = (uint64_t(1) << (63 - __builtin_clzll(bytes))) / 4;
  return (bytes + step - 1) / step * step;
}

} // namespace

PooledMemory::~PooledMemory() { device->giveBack(handle, size); }

Device::~Device() {
  // Nothing may still run on memory freed here.
  if (halc_status_t status = driver->waitIdle())
    halc_status_free(status);
  for (auto &[size, handles] : pooled)
    for (DeviceMemory handle : handles)
      driver->free(handle);
}

halc_status_t Device::take(uint64_t bytes,
                           std::shared_ptr<PooledMemory> &memory) {
  uint64_t size = sizeClass(bytes);
  DeviceMemory handle = 0;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = pooled.find(size);
    if (it != pooled.end() && !it->second.empty()) {
      handle = it->second.back();
      it->second.pop_back();
      counts.bytes_in_use += size;
      memory = std::make_shared<PooledMemory>(shared_from_this(), handle, size);
      return nullptr;
    }
  }
  if (halc_status_t status = driver->allocate(size, handle)) {
    // Out of memory, perhaps for what the pool keeps: give that back, once.
    if (!trim())
      return status;
    halc_status_free(status);
    if (halc_status_t retried = driver->allocate(size, handle))
      return retried;
  }
  std::lock_guard<std::mutex> lock(mutex);
  ++counts.allocations;
  counts.bytes_allocated += size;
  counts.bytes_in_use += size;
  memory = std::make_shared<PooledMemory>(shared_from_this(), handle, size);
  return nullptr;
}

bool Device::trim() {
  std::unordered_map<uint64_t, std::vector<DeviceMemory>> released;
  {
    std::lock_guard<std::mutex> lock(mutex);
    released.swap(pooled);
  }
  if (released.empty())
    return false;
  // Calls submitted before may still use memory given back to the pool.
  if (halc_status_t status = driver->waitIdle())
    halc_status_free(status);
  uint64_t bytes = 0;
  for (auto &[size, handles] : released)
    for (DeviceMemory handle : handles) {
      driver->free(handle);
      bytes += size;
    }
  std::lock_guard<std::mutex> lock(mutex);
  counts.bytes_allocated -= bytes;
  return true;
}

void Device::giveBack(DeviceMemory handle, uint64_t size) {
  std::lock_guard<std::mutex> lock(mutex);
  counts.bytes_in_use -= size;
  pooled[size].push_back(handle);
}

void Device::statistics(halc_device_statistics_t &out) const {
  std::lock_guard<std::mutex> lock(mutex);
  out = counts;
}

extern "C" const char *const *halc_driver_names(void) {
  static const auto names = [] {
    std::array<const char *, std::size(kDrivers) + 1> names = {};
    for (size_t i = 0; i < std::size(kDrivers); ++i)
      names[i] = kDrivers[i].name;
    return names;
  }();
  return names.data();
}

extern "C" halc_status_t halc_device_create(const char *name,
                                            halc_device_t **out) {
  *out = nullptr;
  return catchExceptions("opening a device", [&]() -> halc_status_t {
    if (!name)
      return makeError("no driver named (NULL)");
    std::string known;
    for (const Driver &driver : kDrivers) {
      if (std::strcmp(driver.name, name) != 0) {
        known += std::string(known.empty() ? "" : ", ") + driver.name;
        continue;
      }
      std::unique_ptr<DriverDevice> opened;
      if (halc_status_t status = driver.open(opened))
        return status;
      *out = new halc_device_s{std::make_shared<Device>(std::move(opened))};
      return nullptr;
    }
    return makeError(std::string("no driver '") + name + "' (known are " +
                     known + ")");
  });
}

extern "C" void halc_device_free(halc_device_t *device) { delete device; }

extern "C" const char *halc_device_name(const halc_device_t *device) {
  return device->device->driver->name();
}

extern "C" void halc_device_trim(halc_device_t *device) {
  device->device->trim();
}

extern "C" void halc_device_statistics(const halc_device_t *device,
                                       halc_device_statistics_t *out) {
  device->device->statistics(*out);
}
