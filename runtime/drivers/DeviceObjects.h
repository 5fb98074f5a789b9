//===- DeviceObjects.h - Devices, arrays and modules over any driver -*- C++
//-*-===//
//
// The objects of halc/driver.h, the same for every driver. A device is
// shared: its handle, each array and each module on it hold it, so it stays
// until the last of them goes. Memory comes from the device's pool and goes
// back to it when the last array or call holding it lets go; the drivers'
// in-order submissions (common/DriverDevice.h) make it safe to reuse at
// once.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_RUNTIME_DRIVERS_DEVICEOBJECTS_H
#define HALC_RUNTIME_DRIVERS_DEVICEOBJECTS_H

#include "common/DriverDevice.h"

#include "halc/driver.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace halc {

class Device;

/// Memory from a device's pool, back in the pool when this goes.
struct PooledMemory {
  PooledMemory(std::shared_ptr<Device> device, DeviceMemory handle,
               uint64_t size)
      : device(std::move(device)), handle(handle), size(size) {}
  PooledMemory(const PooledMemory &) = delete;
  PooledMemory &operator=(const PooledMemory &) = delete;
  ~PooledMemory();

  std::shared_ptr<Device> device;
  DeviceMemory handle;
  /// Its size class: what it holds, at least what was asked for.
  uint64_t size;
};

/// A driver's device and its memory pool.
class Device : public std::enable_shared_from_this<Device> {
public:
  explicit Device(std::unique_ptr<DriverDevice> driver)
      : driver(std::move(driver)) {}
  ~Device();

  /// At least `bytes` of memory: pooled memory of its size class, or a new
  /// allocation.
  halc_status_t take(uint64_t bytes, std::shared_ptr<PooledMemory> &memory);
  /// Frees what the pool keeps, once the calls submitted have run; false
  /// when it keeps nothing.
  bool trim();
  void statistics(halc_device_statistics_t &out) const;

  const std::unique_ptr<DriverDevice> driver;

private:
  friend struct PooledMemory;
  void giveBack(DeviceMemory handle, uint64_t size);

  mutable std::mutex mutex;
  /// By size class.
  std::unordered_map<uint64_t, std::vector<DeviceMemory>> pooled;
  halc_device_statistics_t counts = {};
};

} // namespace halc

struct halc_device_s {
  std::shared_ptr<halc::Device> device;
};

struct halc_device_array_s {
  std::shared_ptr<halc::PooledMemory> memory;
  std::vector<int64_t> shape;
  halc_tensor_type_t type = {};
  std::atomic<int64_t> references{1};
};

struct halc_device_module_s {
  std::shared_ptr<halc::Device> device;
  const halc_module_t *module = nullptr;
  std::unique_ptr<halc::DriverModule> code;
  /// The memory of each constant buffer, by its contents (the plans of the
  /// module's functions and of their prepared calls share them).
  std::unordered_map<const void *, std::shared_ptr<halc::PooledMemory>>
      constants;
  /// Per function, by name: the memory of each buffer its load-time
  /// dispatches wrote when the module loaded (null for the others).
  std::unordered_map<std::string,
                     std::vector<std::shared_ptr<halc::PooledMemory>>>
      loadTimeBuffers;
  /// The ticket of the last call submitted.
  std::atomic<uint64_t> lastTicket{0};
};

namespace halc {

/// A new array of `type` over `memory`, with one reference.
halc_device_array_t *makeArray(std::shared_ptr<PooledMemory> memory,
                               const halc_tensor_type_t &type);

/// A reference to an array a caller passed, taken only while it is live
/// (another thread may release it meanwhile): an error naming `what` when
/// it is not, as when the caller keeps a handle it released (until a new
/// array happens to get its address).
class ArrayUse {
public:
  ArrayUse() = default;
  ArrayUse(const ArrayUse &) = delete;
  ArrayUse &operator=(const ArrayUse &) = delete;
  ~ArrayUse();
  halc_status_t acquire(const halc_device_array_t *array,
                        const std::string &what);
  const halc_device_array_t *operator->() const { return array; }

private:
  halc_device_array_t *array = nullptr;
};

} // namespace halc

#endif // HALC_RUNTIME_DRIVERS_DEVICEOBJECTS_H
