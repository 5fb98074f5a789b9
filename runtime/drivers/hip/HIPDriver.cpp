//===- HIPDriver.cpp - Running HIP1 executables through libamdhip64 -------===//
//
// The HIP runtime is opened with dlopen and its entry points looked up by
// name, so that halc builds and runs where ROCm is not installed, and says so
// plainly when a HIP function is asked for there.
//
//===----------------------------------------------------------------------===//

#include "halc/hip.h"

#include "halc/status_cc.h"

#include <hip/hip_runtime_api.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <cstring>
#include <dlfcn.h>
#include <map>
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
  decltype(&hipMemcpyHtoD) memcpyHtoD;
  decltype(&hipMemcpyDtoH) memcpyDtoH;
  decltype(&hipDeviceSynchronize) deviceSynchronize;
  decltype(&hipEventCreate) eventCreate;
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
    resolve(memcpyHtoD, "hipMemcpyHtoD");
    resolve(memcpyDtoH, "hipMemcpyDtoH");
    resolve(deviceSynchronize, "hipDeviceSynchronize");
    resolve(eventCreate, "hipEventCreate");
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

struct halc_hip_device_s {
  HIPApi hip;
  std::string name, arch;
  ~halc_hip_device_s() {
    if (hip.library)
      dlclose(hip.library);
  }
};

extern "C" halc_status_t halc_hip_device_create(halc_hip_device_t **out) {
  *out = nullptr;
  auto device = std::make_unique<halc_hip_device_s>();
  if (halc_status_t status = device->hip.load())
    return status;
  HIPApi &hip = device->hip;
  int count = 0;
  if (hip.init(0) != hipSuccess || hip.getDeviceCount(&count) != hipSuccess ||
      count == 0)
    return makeError("no HIP device: the HIP runtime loaded but found no AMD "
                     "GPU");
  if (halc_status_t status = hip.check(hip.setDevice(0), "hipSetDevice"))
    return status;
  hipDeviceProp_t properties;
  if (halc_status_t status = hip.check(hip.getDeviceProperties(&properties, 0),
                                       "hipGetDeviceProperties"))
    return status;
  device->name = properties.name;
  device->arch = properties.gcnArchName;
  *out = device.release();
  return nullptr;
}

extern "C" void halc_hip_device_free(halc_hip_device_t *device) {
  delete device;
}

extern "C" const char *halc_hip_device_name(const halc_hip_device_t *device) {
  return device->name.c_str();
}

extern "C" const char *halc_hip_device_arch(const halc_hip_device_t *device) {
  return device->arch.c_str();
}

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

namespace {

/// One run of a function on a device: its buffers, the modules loaded and
/// the kernel of each dispatch; released when it ends.
class HIPRun {
public:
  HIPRun(halc_hip_device_t &device, const halc_module_t *module,
         const halc_function_t *function)
      : device(device), hip(device.hip), module(module), function(function) {}
  ~HIPRun();

  /// Allocates the buffers, uploads the arguments and constant tensors.
  halc_status_t upload(const void *const *arguments);
  /// Finds each dispatch's kernel, loading the modules it is in.
  halc_status_t loadKernels();
  /// Runs the dispatches `repetitions` times; each one's time (events around
  /// it) into `outTimes` when given.
  halc_status_t run(uint32_t repetitions, double *outTimes);
  halc_status_t download(void *const *results);

private:
  halc_status_t launch(size_t d);

  halc_hip_device_t &device;
  const HIPApi &hip;
  const halc_module_t *module;
  const halc_function_t *function;
  std::vector<void *> buffers;
  std::map<size_t, hipModule_t> modules;
  std::vector<hipFunction_t> kernels;
  std::vector<halc_export_info_t> exports;
  hipEvent_t start = nullptr, stop = nullptr;
};

HIPRun::~HIPRun() {
  for (void *buffer : buffers)
    if (buffer)
      (void)hip.free(buffer);
  for (auto &[ordinal, loaded] : modules)
    (void)hip.moduleUnload(loaded);
  for (hipEvent_t event : {start, stop})
    if (event)
      (void)hip.eventDestroy(event);
}

halc_status_t HIPRun::upload(const void *const *arguments) {
  buffers.assign(function->buffer_count, nullptr);
  for (size_t b = 0; b < function->buffer_count; ++b)
    if (halc_status_t status = hip.check(
            hip.malloc(&buffers[b],
                       std::max<uint64_t>(4, function->buffer_sizes[b])),
            "hipMalloc"))
      return status;
  for (size_t i = 0; i < function->argument_count; ++i)
    if (function->argument_buffers[i] != HALC_NO_BUFFER)
      if (halc_status_t status = hip.check(
              hip.memcpyHtoD(buffers[function->argument_buffers[i]],
                             const_cast<void *>(arguments[i]),
                             halc_tensor_type_byte_size(
                                 &function->arguments[i])),
              "hipMemcpyHtoD"))
        return status;
  for (size_t b = 0; b < function->buffer_count; ++b)
    if (function->buffer_contents[b])
      if (halc_status_t status = hip.check(
              hip.memcpyHtoD(buffers[b],
                             const_cast<void *>(function->buffer_contents[b]),
                             function->buffer_sizes[b]),
              "hipMemcpyHtoD"))
        return status;
  return nullptr;
}

halc_status_t HIPRun::loadKernels() {
  for (size_t d = 0; d < function->dispatch_count; ++d) {
    const halc_dispatch_t &dispatch = function->dispatches[d];
    const halc_executable_t *executable =
        halc_module_executable(module, dispatch.executable);
    if (halc_executable_format(executable) != HALC_EXECUTABLE_FORMAT_HIP1)
      return makeError("executable " + std::to_string(dispatch.executable) +
                       " is not a HIP executable (HIP1)");
    const char *targetId = halc_executable_target_id(executable);
    if (!halc_hip_target_matches(targetId, device.arch.c_str()))
      return makeError(std::string("executable compiled for ") + targetId +
                       " cannot run on this " + device.arch + " GPU");
    if (!modules.count(dispatch.executable)) {
      const void *image;
      size_t size;
      if (halc_status_t status =
              halc_executable_hip_module(executable, 0, &image, &size))
        return status;
      hipModule_t loaded;
      if (halc_status_t status = hip.check(hip.moduleLoadData(&loaded, image),
                                           "hipModuleLoadData"))
        return status;
      modules[dispatch.executable] = loaded;
    }
    halc_export_info_t info;
    if (halc_status_t status = halc_executable_export_info(
            executable, dispatch.export_ordinal, &info))
      return status;
    hipFunction_t kernel;
    if (halc_status_t status = hip.check(
            hip.moduleGetFunction(&kernel, modules[dispatch.executable],
                                  info.entry_point),
            "hipModuleGetFunction"))
      return status;
    kernels.push_back(kernel);
    exports.push_back(info);
  }
  return nullptr;
}

halc_status_t HIPRun::launch(size_t d) {
  const halc_dispatch_t &dispatch = function->dispatches[d];
  // No workgroup (an empty tensor): HIP refuses an empty grid.
  if (!dispatch.workgroup_count[0] || !dispatch.workgroup_count[1] ||
      !dispatch.workgroup_count[2])
    return nullptr;
  // The contract: a pointer per binding, then a 32-bit value per constant.
  std::vector<void *> pointers(dispatch.binding_count);
  std::vector<uint32_t> constants(dispatch.constants,
                                  dispatch.constants + dispatch.constant_count);
  std::vector<void *> parameters;
  for (size_t b = 0; b < dispatch.binding_count; ++b) {
    pointers[b] = buffers[dispatch.bindings[b]];
    parameters.push_back(&pointers[b]);
  }
  for (uint32_t &constant : constants)
    parameters.push_back(&constant);
  const uint32_t *size = exports[d].workgroup_size;
  return hip.check(hip.moduleLaunchKernel(
                       kernels[d], dispatch.workgroup_count[0],
                       dispatch.workgroup_count[1], dispatch.workgroup_count[2],
                       size[0], size[1], size[2], 0, nullptr,
                       parameters.data(), nullptr),
                   "hipModuleLaunchKernel");
}

halc_status_t HIPRun::run(uint32_t repetitions, double *outTimes) {
  if (outTimes)
    for (hipEvent_t *event : {&start, &stop})
      if (halc_status_t status =
              hip.check(hip.eventCreate(event), "hipEventCreate"))
        return status;
  for (uint32_t r = 0; r < repetitions; ++r) {
    for (size_t d = 0; d < function->dispatch_count; ++d) {
      if (!outTimes) {
        if (halc_status_t status = launch(d))
          return status;
        continue;
      }
      float milliseconds = 0;
      if (halc_status_t status =
              hip.check(hip.eventRecord(start, nullptr), "hipEventRecord"))
        return status;
      if (halc_status_t status = launch(d))
        return status;
      if (halc_status_t status =
              hip.check(hip.eventRecord(stop, nullptr), "hipEventRecord"))
        return status;
      if (halc_status_t status = hip.check(hip.eventSynchronize(stop),
                                           "hipEventSynchronize"))
        return status;
      if (halc_status_t status =
              hip.check(hip.eventElapsedTime(&milliseconds, start, stop),
                        "hipEventElapsedTime"))
        return status;
      outTimes[d * repetitions + r] = milliseconds;
    }
  }
  return hip.check(hip.deviceSynchronize(), "hipDeviceSynchronize");
}

halc_status_t HIPRun::download(void *const *results) {
  for (size_t i = 0; i < function->result_count; ++i)
    if (halc_status_t status = hip.check(
            hip.memcpyDtoH(results[i], buffers[function->result_buffers[i]],
                           halc_tensor_type_byte_size(&function->results[i])),
            "hipMemcpyDtoH"))
      return status;
  return nullptr;
}

} // namespace

extern "C" halc_status_t halc_hip_run(halc_hip_device_t *device,
                                      const halc_module_t *module,
                                      const halc_function_t *function,
                                      const void *const *arguments,
                                      void *const *results,
                                      uint32_t repetitions, double *outTimes) {
  if (function->depends_on_call)
    return makeError(std::string("@") + function->name +
                     " has dynamic sizes or scalar arguments: run the "
                     "function of a call (halc_call_prepare)");
  return catchExceptions("running on HIP", [&]() -> halc_status_t {
    HIPRun run(*device, module, function);
    if (halc_status_t status = run.upload(arguments))
      return status;
    if (halc_status_t status = run.loadKernels())
      return status;
    if (halc_status_t status = run.run(std::max<uint32_t>(1, repetitions),
                                       outTimes))
      return status;
    return run.download(results);
  });
}
