//===- Device.cpp - halc_device_t: any driver behind one interface --------===//
//
// Each driver exports the same four calls on its own device type (create,
// free, name, run); a halc_device_t holds one driver's device and the
// driver's calls on it.
//
//===----------------------------------------------------------------------===//

#include "halc/cuda.h"
#include "halc/driver.h"
#include "halc/hip.h"
#include "halc/status_cc.h"
#include "halc/vulkan.h"

#include <array>
#include <cstring>
#include <memory>
#include <string>

using namespace halc;

namespace {

/// A driver's calls on an untyped device.
struct Driver {
  const char *name;
  halc_status_t (*create)(void **device);
  void (*free)(void *device);
  const char *(*deviceName)(const void *device);
  halc_status_t (*run)(void *device, const halc_module_t *module,
                       const halc_function_t *function,
                       const void *const *arguments, void *const *results,
                       uint32_t repetitions, double *outTimesMs);
};

/// The Driver of the calls Create, Free, Name, Run on devices of type
/// `Device`.
template <typename Device, halc_status_t (*Create)(Device **),
          void (*Free)(Device *), const char *(*Name)(const Device *),
          halc_status_t (*Run)(Device *, const halc_module_t *,
                               const halc_function_t *, const void *const *,
                               void *const *, uint32_t, double *)>
constexpr Driver makeDriver(const char *name) {
  return {
      name,
      [](void **device) {
        return Create(reinterpret_cast<Device **>(device));
      },
      [](void *device) { Free(static_cast<Device *>(device)); },
      [](const void *device) {
        return Name(static_cast<const Device *>(device));
      },
      [](void *device, const halc_module_t *module,
         const halc_function_t *function, const void *const *arguments,
         void *const *results, uint32_t repetitions, double *outTimesMs) {
        return Run(static_cast<Device *>(device), module, function, arguments,
                   results, repetitions, outTimesMs);
      }};
}

constexpr Driver kDrivers[] = {
    makeDriver<halc_vulkan_device_t, halc_vulkan_device_create,
               halc_vulkan_device_free, halc_vulkan_device_name,
               halc_vulkan_run>("vulkan"),
    makeDriver<halc_hip_device_t, halc_hip_device_create, halc_hip_device_free,
               halc_hip_device_name, halc_hip_run>("hip"),
    makeDriver<halc_cuda_device_t, halc_cuda_device_create,
               halc_cuda_device_free, halc_cuda_device_name, halc_cuda_run>(
        "cuda"),
};

} // namespace

struct halc_device_s {
  const Driver *driver = nullptr;
  void *device = nullptr;
  ~halc_device_s() {
    if (device)
      driver->free(device);
  }
};

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
    std::string known;
    for (const Driver &driver : kDrivers) {
      if (std::strcmp(driver.name, name) != 0) {
        known += std::string(known.empty() ? "" : ", ") + driver.name;
        continue;
      }
      auto device = std::make_unique<halc_device_s>();
      device->driver = &driver;
      if (halc_status_t status = driver.create(&device->device))
        return status;
      *out = device.release();
      return nullptr;
    }
    return makeError(std::string("no driver '") + name + "' (known are " +
                     known + ")");
  });
}

extern "C" void halc_device_free(halc_device_t *device) {
  delete device;
}

extern "C" const char *halc_device_name(const halc_device_t *device) {
  return device->driver->deviceName(device->device);
}

extern "C" halc_status_t
halc_device_run(halc_device_t *device, const halc_module_t *module,
                const halc_function_t *function, const void *const *arguments,
                void *const *results, uint32_t repetitions,
                double *outTimesMs) {
  return device->driver->run(device->device, module, function, arguments,
                             results, repetitions, outTimesMs);
}
