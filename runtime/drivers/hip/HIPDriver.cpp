//===- HIPDriver.cpp - Running HIP1 executables through libamdhip64 -------===//
//
// The HIP runtime is opened with dlopen and its entry points looked up by
// name, so that halc builds and runs where ROCm is not installed, and says so
// plainly when a HIP function is asked for there.
//
//===----------------------------------------------------------------------===//

#include "halc/hip.h"

#include "halc/status_cc.h"

#include "../common/KernelDevice.h"

#include <hip/hip_runtime_api.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <vector>

using namespace halc;

namespace {

/// The HIP entry points halc uses.
struct HIPApi {
  void *library = nullptr;
  decltype(&hipInit) init;
  decltype(&hipGetDeviceCount) getDeviceCount;
  decltype(&hipGetDeviceProperties) getDeviceProperties;
  decltype(&hipSetDevice) setDevice;
  decltype(&hipGetErrorString) getErrorString;
  decltype(&hipModuleLoadData) moduleLoadData;
  decltype(&hipModuleUnload) moduleUnload;
  decltype(&hipModuleGetFunction) moduleGetFunction;
  decltype(&hipModuleLaunchKernel) moduleLaunchKernel;
  hipError_t (*malloc)(void **, size_t);
  decltype(&hipFree) free;
  decltype(&hipMemcpyHtoDAsync) memcpyHtoDAsync;
  decltype(&hipMemcpyDtoHAsync) memcpyDtoHAsync;
  decltype(&hipStreamCreateWithFlags) streamCreateWithFlags;
  decltype(&hipStreamDestroy) streamDestroy;
  decltype(&hipStreamSynchronize) streamSynchronize;
  decltype(&hipEventCreateWithFlags) eventCreateWithFlags;
  decltype(&hipEventQuery) eventQuery;
  decltype(&hipEventDestroy) eventDestroy;
  hipError_t (*eventRecord)(hipEvent_t, hipStream_t);
  decltype(&hipEventSynchronize) eventSynchronize;
  decltype(&hipEventElapsedTime) eventElapsedTime;

  halc_status_t load() {
    const char *override = std::getenv("HALC_HIP_LIBRARY");
    std::vector<std::string> candidates =
        override ? std::vector<std::string>{override}
                 : std::vector<std::string>{"libamdhip64.so",
                                            "libamdhip64.so.6",
                                            "libamdhip64.so.5"};
    std::string errors;
    for (const std::string &name : candidates) {
      library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
      if (library)
        break;
      errors += std::string("\n  ") + dlerror();
    }
    if (!library)
      return makeError("no HIP runtime: cannot load libamdhip64" + errors);
    bool ok = true;
    auto resolve = [&](auto &function, const char *name) {
      function = reinterpret_cast<std::decay_t<decltype(function)>>(
          dlsym(library, name));
      ok &= function != nullptr;
    };
    resolve(init, "hipInit");
    resolve(getDeviceCount, "hipGetDeviceCount");
    resolve(getDeviceProperties, "hipGetDeviceProperties");
    resolve(setDevice, "hipSetDevice");
    resolve(getErrorString, "hipGetErrorString");
    resolve(moduleLoadData, "hipModuleLoadData");
    resolve(moduleUnload, "hipModuleUnload");
    resolve(moduleGetFunction, "hipModuleGetFunction");
    resolve(moduleLaunchKernel, "hipModuleLaunchKernel");
    resolve(malloc, "hipMalloc");
    resolve(free, "hipFree");
    resolve(memcpyHtoDAsync, "hipMemcpyHtoDAsync");
    resolve(memcpyDtoHAsync, "hipMemcpyDtoHAsync");
    resolve(streamCreateWithFlags, "hipStreamCreateWithFlags");
    resolve(streamDestroy, "hipStreamDestroy");
    resolve(streamSynchronize, "hipStreamSynchronize");
    resolve(eventCreateWithFlags, "hipEventCreateWithFlags");
    resolve(eventQuery, "hipEventQuery");
    resolve(eventDestroy, "hipEventDestroy");
    resolve(eventRecord, "hipEventRecord");
    resolve(eventSynchronize, "hipEventSynchronize");
    resolve(eventElapsedTime, "hipEventElapsedTime");
    if (!ok)
      return makeError("the HIP runtime lacks an entry point halc uses");
    return nullptr;
  }

  halc_status_t check(hipError_t error, const char *call) const {
    if (error == hipSuccess)
      return nullptr;
    return makeError(std::string(call) + " failed: " + getErrorString(error));
  }
};

} // namespace

namespace {

/// The calls KernelDevice makes (drivers/common/KernelDevice.h) on device 0
/// and a stream of its own.
struct HIPDevice {
  HIPApi hip;
  hipStream_t stream = nullptr;
  std::string name, arch;
  ~HIPDevice() {
    if (stream)
      (void)hip.streamDestroy(stream);
    if (hip.library)
      dlclose(hip.library);
  }
  halc_status_t open();

  using Buffer = void *;
  using Module = hipModule_t;
  using Kernel = hipFunction_t;
  using Event = hipEvent_t;
  halc_status_t makeCurrent() {
    return hip.check(hip.setDevice(0), "hipSetDevice");
  }
  halc_status_t allocate(Buffer &buffer, size_t size) {
    return hip.check(hip.malloc(&buffer, size), "hipMalloc");
  }
  void release(Buffer buffer) { (void)hip.free(buffer); }
  halc_status_t copyToDevice(Buffer buffer, const void *data, size_t size) {
    return hip.check(
        hip.memcpyHtoDAsync(buffer, const_cast<void *>(data), size, stream),
        "hipMemcpyHtoDAsync");
  }
  halc_status_t copyToHost(void *data, Buffer buffer, size_t size) {
    return hip.check(hip.memcpyDtoHAsync(data, buffer, size, stream),
                     "hipMemcpyDtoHAsync");
  }
  halc_status_t checkExecutable(const halc_executable_t *executable,
                                size_t ordinal) {
    if (halc_executable_format(executable) != HALC_EXECUTABLE_FORMAT_HIP1)
      return makeError("executable " + std::to_string(ordinal) +
                       " is not a HIP executable (HIP1)");
    const char *targetId = halc_executable_target_id(executable);
    if (!halc_hip_target_matches(targetId, arch.c_str()))
      return makeError(std::string("executable compiled for ") + targetId +
                       " cannot run on this " + arch + " GPU");
    return nullptr;
  }
  halc_status_t loadModule(Module &module, const void *code) {
    return hip.check(hip.moduleLoadData(&module, code), "hipModuleLoadData");
  }
  void unloadModule(Module module) { (void)hip.moduleUnload(module); }
  halc_status_t getKernel(Kernel &kernel, Module module, const char *name) {
    return hip.check(hip.moduleGetFunction(&kernel, module, name),
                     "hipModuleGetFunction");
  }
  halc_status_t launch(Kernel kernel, const uint32_t grid[3],
                       const uint32_t block[3], void **parameters) {
    return hip.check(hip.moduleLaunchKernel(kernel, grid[0], grid[1], grid[2],
                                            block[0], block[1], block[2], 0,
                                            stream, parameters, nullptr),
                     "hipModuleLaunchKernel");
  }
  halc_status_t createEvent(Event &event, bool timed) {
    return hip.check(
        hip.eventCreateWithFlags(&event, timed ? hipEventDefault
                                               : hipEventDisableTiming),
        "hipEventCreateWithFlags");
  }
  void destroyEvent(Event event) { (void)hip.eventDestroy(event); }
  halc_status_t record(Event event) {
    return hip.check(hip.eventRecord(event, stream), "hipEventRecord");
  }
  halc_status_t isDone(Event event, bool &done) {
    hipError_t error = hip.eventQuery(event);
    done = error == hipSuccess;
    return error == hipErrorNotReady ? nullptr
                                     : hip.check(error, "hipEventQuery");
  }
  halc_status_t synchronize(Event event) {
    return hip.check(hip.eventSynchronize(event), "hipEventSynchronize");
  }
  halc_status_t elapsed(Event start, Event stop, float &ms) {
    return hip.check(hip.eventElapsedTime(&ms, start, stop),
                     "hipEventElapsedTime");
  }
  halc_status_t synchronize() {
    return hip.check(hip.streamSynchronize(stream), "hipStreamSynchronize");
  }
};

halc_status_t HIPDevice::open() {
  if (halc_status_t status = hip.load())
    return status;
  int count = 0;
  if (hip.init(0) != hipSuccess || hip.getDeviceCount(&count) != hipSuccess ||
      count == 0)
    return makeError("no HIP device: the HIP runtime loaded but found no AMD "
                     "GPU");
  if (halc_status_t status = makeCurrent())
    return status;
  hipDeviceProp_t properties;
  if (halc_status_t status = hip.check(hip.getDeviceProperties(&properties, 0),
                                       "hipGetDeviceProperties"))
    return status;
  name = properties.name;
  arch = properties.gcnArchName;
  return hip.check(hip.streamCreateWithFlags(&stream, hipStreamNonBlocking),
                   "hipStreamCreateWithFlags");
}

} // namespace

extern "C" int halc_hip_target_matches(const char *targetId,
                                       const char *deviceArch) {
  // Both are "chip[:feature+|-]...": the chips must be equal and every
  // feature the target sets must be set the same on the device.
  auto split = [](const std::string &id) {
    std::vector<std::string> parts;
    size_t start = 0;
    for (size_t colon; (colon = id.find(':', start)) != std::string::npos;
         start = colon + 1)
      parts.push_back(id.substr(start, colon - start));
    parts.push_back(id.substr(start));
    return parts;
  };
  std::vector<std::string> target = split(targetId), device = split(deviceArch);
  if (target.front() != device.front())
    return 0;
  for (size_t i = 1; i < target.size(); ++i)
    if (std::find(device.begin() + 1, device.end(), target[i]) == device.end())
      return 0;
  return 1;
}

halc_status_t halc::openHIPDevice(std::unique_ptr<DriverDevice> &device) {
  auto hip = std::make_unique<HIPDevice>();
  if (halc_status_t status = hip->open())
    return status;
  device = std::make_unique<KernelDevice<HIPDevice>>(std::move(hip));
  return nullptr;
}
