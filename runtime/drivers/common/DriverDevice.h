//===- DriverDevice.h - What a driver gives halc's device objects -*- C++
//-*-===//
//
// Device arrays, modules on a device and calls (halc/driver.h) are the same
// for every driver; a driver gives them memory, copies, a module's code and
// submissions. What it runs, it runs in the order submitted, each
// submission after the ones before it have finished (a barrier at the start
// of each): memory an earlier submission used can be handed to the next
// one as soon as that one is submitted, with no wait. Every call is safe
// from several threads at once.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_RUNTIME_DRIVERS_COMMON_DRIVERDEVICE_H
#define HALC_RUNTIME_DRIVERS_COMMON_DRIVERDEVICE_H

#include "halc/runtime.h"

#include <cstdint>
#include <memory>
#include <type_traits>

namespace halc {

/// Device memory as its driver names it (a VkBuffer, a device pointer).
using DeviceMemory = uint64_t;

/// A driver's handle (a pointer or an integer) as DeviceMemory and back.
template <typename Handle> DeviceMemory toDeviceMemory(Handle handle) {
  if constexpr (std::is_pointer_v<Handle>)
    return reinterpret_cast<uintptr_t>(handle);
  else
    return static_cast<DeviceMemory>(handle);
}
template <typename Handle> Handle fromDeviceMemory(DeviceMemory memory) {
  if constexpr (std::is_pointer_v<Handle>)
    return reinterpret_cast<Handle>(static_cast<uintptr_t>(memory));
  else
    return static_cast<Handle>(memory);
}

/// A module's code made ready on a device: kernels or pipelines, made when
/// a dispatch first needs them.
class DriverModule {
public:
  virtual ~DriverModule() = default;
};

/// What one submission runs: `function`'s dispatches, `repetitions` times,
/// over `buffers` (one per buffer of the plan), and which of those buffers
/// the dispatches write (all but the arguments' and the constants').
struct Submission {
  const halc_function_t *function = nullptr;
  const DeviceMemory *buffers = nullptr;
  const bool *written = nullptr;
  uint32_t repetitions = 1;
  /// When set, the submission is waited for and each dispatch's GPU time
  /// written here, dispatch-major: timesMs[d * repetitions + r].
  double *timesMs = nullptr;
};

class DriverDevice {
public:
  virtual ~DriverDevice() = default;
  virtual const char *name() const = 0;

  virtual halc_status_t allocate(uint64_t bytes, DeviceMemory &memory) = 0;
  /// Frees memory no submission uses any more.
  virtual void free(DeviceMemory memory) = 0;
  /// Copies `size` bytes from the host into `memory`, after every earlier
  /// submission; returns when `data` may be reused.
  virtual halc_status_t write(DeviceMemory memory, const void *data,
                              size_t size) = 0;
  /// Copies `size` bytes of `memory` to the host once every earlier
  /// submission has run.
  virtual halc_status_t read(DeviceMemory memory, void *data, size_t size) = 0;

  /// Checks that `module`'s executables are this driver's and gets its code
  /// ready (`module` outlives `loaded`).
  virtual halc_status_t loadModule(const halc_module_t *module,
                                   std::unique_ptr<DriverModule> &loaded) = 0;
  /// Submits `submission` of `module`'s function; `ticket` names it.
  virtual halc_status_t submit(DriverModule &module,
                               const Submission &submission,
                               uint64_t &ticket) = 0;
  /// Waits until submission `ticket` (and so every earlier one) has run.
  virtual halc_status_t wait(uint64_t ticket) = 0;
  /// Waits until everything submitted has run.
  virtual halc_status_t waitIdle() = 0;
};

/// Each driver's device 0 (Vulkan: the one HALC_VULKAN_DEVICE picks).
halc_status_t openVulkanDevice(std::unique_ptr<DriverDevice> &device);
halc_status_t openCUDADevice(std::unique_ptr<DriverDevice> &device);
halc_status_t openHIPDevice(std::unique_ptr<DriverDevice> &device);

} // namespace halc

#endif // HALC_RUNTIME_DRIVERS_COMMON_DRIVERDEVICE_H
