//===- CUDADriver.cpp - Running CDA1 executables through libcuda ----------===//
//
// The CUDA driver API is opened with dlopen and the few entry points halc
// uses are declared here, so that halc builds without a CUDA SDK and runs
// where only the driver is installed; where it is not, it says so.
//
//===----------------------------------------------------------------------===//

#include "halc/cuda.h"
#include "halc/status_cc.h"

#include "../common/KernelDevice.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <memory>
#include <string>
#include <vector>

using namespace halc;

namespace {

/// The CUDA driver API's types and constants halc uses (cuda.h).
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUevent = struct CUevent_st *;
using CUstream = struct CUstream_st *;
constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_NOT_READY = 600;
constexpr unsigned CU_EVENT_DISABLE_TIMING = 2;
constexpr unsigned CU_STREAM_NON_BLOCKING = 1;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr int CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;

/// The entry points, by the names libcuda exports them under.
struct CUDAApi {
  void *library = nullptr;
  CUresult (*init)(unsigned);
  CUresult (*deviceGetCount)(int *);
  CUresult (*deviceGet)(CUdevice *, int);
  CUresult (*deviceGetName)(char *, int, CUdevice);
  CUresult (*deviceGetAttribute)(int *, int, CUdevice);
  CUresult (*primaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*primaryCtxRelease)(CUdevice);
  CUresult (*ctxSetCurrent)(CUcontext);
  CUresult (*getErrorString)(CUresult, const char **);
  CUresult (*moduleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                               void **);
  CUresult (*moduleUnload)(CUmodule);
  CUresult (*moduleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*launchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, unsigned, CUstream, void **,
                           void **);
  CUresult (*memAlloc)(CUdeviceptr *, size_t);
  CUresult (*memFree)(CUdeviceptr);
  CUresult (*memcpyHtoDAsync)(CUdeviceptr, const void *, size_t, CUstream);
  CUresult (*memcpyDtoHAsync)(void *, CUdeviceptr, size_t, CUstream);
  CUresult (*streamCreate)(CUstream *, unsigned);
  CUresult (*streamDestroy)(CUstream);
  CUresult (*streamSynchronize)(CUstream);
  CUresult (*eventCreate)(CUevent *, unsigned);
  CUresult (*eventQuery)(CUevent);
  CUresult (*eventDestroy)(CUevent);
  CUresult (*eventRecord)(CUevent, CUstream);
  CUresult (*eventSynchronize)(CUevent);
  CUresult (*eventElapsedTime)(float *, CUevent, CUevent);

  halc_status_t load() {
    const char *override = std::getenv("HALC_CUDA_LIBRARY");
    std::string name = override ? override : "libcuda.so.1";
    library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library)
      return makeError("no CUDA driver: cannot load " + name + ": " +
                       dlerror());
    std::string missing;
    auto resolve = [&](auto &function, const char *symbol) {
      function = reinterpret_cast<std::decay_t<decltype(function)>>(
          dlsym(library, symbol));
      if (!function)
        missing += std::string(missing.empty() ? "" : ", ") + symbol;
    };
    resolve(init, "cuInit");
    resolve(deviceGetCount, "cuDeviceGetCount");
    resolve(deviceGet, "cuDeviceGet");
    resolve(deviceGetName, "cuDeviceGetName");
    resolve(deviceGetAttribute, "cuDeviceGetAttribute");
    resolve(primaryCtxRetain, "cuDevicePrimaryCtxRetain");
    resolve(primaryCtxRelease, "cuDevicePrimaryCtxRelease_v2");
    resolve(ctxSetCurrent, "cuCtxSetCurrent");
    resolve(getErrorString, "cuGetErrorString");
    resolve(moduleLoadDataEx, "cuModuleLoadDataEx");
    resolve(moduleUnload, "cuModuleUnload");
    resolve(moduleGetFunction, "cuModuleGetFunction");
    resolve(launchKernel, "cuLaunchKernel");
    resolve(memAlloc, "cuMemAlloc_v2");
    resolve(memFree, "cuMemFree_v2");
    resolve(memcpyHtoDAsync, "cuMemcpyHtoDAsync_v2");
    resolve(memcpyDtoHAsync, "cuMemcpyDtoHAsync_v2");
    resolve(streamCreate, "cuStreamCreate");
    resolve(streamDestroy, "cuStreamDestroy_v2");
    resolve(streamSynchronize, "cuStreamSynchronize");
    resolve(eventCreate, "cuEventCreate");
    resolve(eventQuery, "cuEventQuery");
    resolve(eventDestroy, "cuEventDestroy_v2");
    resolve(eventRecord, "cuEventRecord");
    resolve(eventSynchronize, "cuEventSynchronize");
    resolve(eventElapsedTime, "cuEventElapsedTime");
    if (!missing.empty())
      return makeError("the CUDA driver " + name +
                       " lacks entry points halc uses: " + missing);
    return nullptr;
  }

  halc_status_t check(CUresult result, const char *call) const {
    if (result == CUDA_SUCCESS)
      return nullptr;
    const char *message = nullptr;
    if (getErrorString(result, &message) != CUDA_SUCCESS || !message)
      message = "unknown error";
    return makeError(std::string(call) + " failed: " + message + " (" +
                     std::to_string(result) + ")");
  }
};

/// The number of an SM architecture ("sm_86" is 86); -1 if it is none.
int getSMVersion(const char *arch) {
  if (std::strncmp(arch, "sm_", 3) != 0 || !arch[3])
    return -1;
  char *end = nullptr;
  long version = std::strtol(arch + 3, &end, 10);
  return *end == '\0' || *end == 'a' ? int(version) : -1;
}

} // namespace

namespace {

/// The calls KernelDevice makes (drivers/common/KernelDevice.h) on device
/// 0's primary context and a stream of its own.
struct CUDADevice {
  CUDAApi cuda;
  CUdevice device = 0;
  CUcontext context = nullptr;
  CUstream stream = nullptr;
  std::string name, arch;
  ~CUDADevice() {
    if (stream && cuda.ctxSetCurrent(context) == CUDA_SUCCESS)
      (void)cuda.streamDestroy(stream);
    if (context)
      (void)cuda.primaryCtxRelease(device);
    if (cuda.library)
      dlclose(cuda.library);
  }
  halc_status_t open();

  using Buffer = CUdeviceptr;
  using Module = CUmodule;
  using Kernel = CUfunction;
  using Event = CUevent;
  halc_status_t makeCurrent() {
    return cuda.check(cuda.ctxSetCurrent(context), "cuCtxSetCurrent");
  }
  halc_status_t allocate(Buffer &buffer, size_t size) {
    return cuda.check(cuda.memAlloc(&buffer, size), "cuMemAlloc");
  }
  void release(Buffer buffer) { (void)cuda.memFree(buffer); }
  halc_status_t copyToDevice(Buffer buffer, const void *data, size_t size) {
    return cuda.check(cuda.memcpyHtoDAsync(buffer, data, size, stream),
                      "cuMemcpyHtoDAsync");
  }
  halc_status_t copyToHost(void *data, Buffer buffer, size_t size) {
    return cuda.check(cuda.memcpyDtoHAsync(data, buffer, size, stream),
                      "cuMemcpyDtoHAsync");
  }
  halc_status_t checkExecutable(const halc_executable_t *executable,
                                size_t ordinal) {
    if (halc_executable_format(executable) != HALC_EXECUTABLE_FORMAT_CDA1)
      return makeError("executable " + std::to_string(ordinal) +
                       " is not a CUDA executable (CDA1)");
    const char *target = halc_executable_target_id(executable);
    if (!halc_cuda_target_matches(target, arch.c_str()))
      return makeError(std::string("executable compiled for ") + target +
                       " cannot run on this " + arch + " GPU");
    return nullptr;
  }
  halc_status_t loadModule(Module &module, const void *code) {
    // The PTX compiler's messages make a failed load's error.
    std::vector<char> log(8192, '\0');
    int options[] = {CU_JIT_ERROR_LOG_BUFFER,
                     CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[] = {log.data(), reinterpret_cast<void *>(log.size())};
    halc_status_t status =
        cuda.check(cuda.moduleLoadDataEx(&module, code, 2, options, values),
                   "cuModuleLoadDataEx");
    if (status && log[0])
      return halc_status_annotate(
          makeError(std::string("the PTX compiler says: ") + log.data()),
          halc_status_message(status));
    return status;
  }
  void unloadModule(Module module) { (void)cuda.moduleUnload(module); }
  halc_status_t getKernel(Kernel &kernel, Module module, const char *name) {
    return cuda.check(cuda.moduleGetFunction(&kernel, module, name),
                      "cuModuleGetFunction");
  }
  halc_status_t launch(Kernel kernel, const uint32_t grid[3],
                       const uint32_t block[3], void **parameters) {
    return cuda.check(cuda.launchKernel(kernel, grid[0], grid[1], grid[2],
                                        block[0], block[1], block[2], 0, stream,
                                        parameters, nullptr),
                      "cuLaunchKernel");
  }
  halc_status_t createEvent(Event &event, bool timed) {
    return cuda.check(
        cuda.eventCreate(&event, timed ? 0 : CU_EVENT_DISABLE_TIMING),
        "cuEventCreate");
  }
  void destroyEvent(Event event) { (void)cuda.eventDestroy(event); }
  halc_status_t record(Event event) {
    return cuda.check(cuda.eventRecord(event, stream), "cuEventRecord");
  }
  halc_status_t isDone(Event event, bool &done) {
    CUresult result = cuda.eventQuery(event);
    done = result == CUDA_SUCCESS;
    return result == CUDA_ERROR_NOT_READY ? nullptr
                                          : cuda.check(result, "cuEventQuery");
  }
  halc_status_t synchronize(Event event) {
    return cuda.check(cuda.eventSynchronize(event), "cuEventSynchronize");
  }
  halc_status_t elapsed(Event start, Event stop, float &ms) {
    return cuda.check(cuda.eventElapsedTime(&ms, start, stop),
                      "cuEventElapsedTime");
  }
  halc_status_t synchronize() {
    return cuda.check(cuda.streamSynchronize(stream), "cuStreamSynchronize");
  }
};

halc_status_t CUDADevice::open() {
  if (halc_status_t status = cuda.load())
    return status;
  int count = 0;
  if (cuda.init(0) != CUDA_SUCCESS ||
      cuda.deviceGetCount(&count) != CUDA_SUCCESS || count == 0)
    return makeError("no CUDA device: the CUDA driver loaded but found no "
                     "NVIDIA GPU");
  if (halc_status_t status =
          cuda.check(cuda.deviceGet(&device, 0), "cuDeviceGet"))
    return status;
  char deviceName[256] = {};
  int major = 0, minor = 0;
  if (halc_status_t status = cuda.check(
          cuda.deviceGetName(deviceName, sizeof(deviceName) - 1, device),
          "cuDeviceGetName"))
    return status;
  for (auto [value, attribute] :
       {std::pair(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
        std::pair(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)})
    if (halc_status_t status =
            cuda.check(cuda.deviceGetAttribute(value, attribute, device),
                       "cuDeviceGetAttribute"))
      return status;
  name = deviceName;
  arch = "sm_" + std::to_string(major * 10 + minor);
  if (halc_status_t status = cuda.check(cuda.primaryCtxRetain(&context, device),
                                        "cuDevicePrimaryCtxRetain"))
    return status;
  if (halc_status_t status = makeCurrent())
    return status;
  return cuda.check(cuda.streamCreate(&stream, CU_STREAM_NON_BLOCKING),
                    "cuStreamCreate");
}

} // namespace

extern "C" int halc_cuda_target_matches(const char *target,
                                        const char *deviceArch) {
  int wanted = getSMVersion(target), have = getSMVersion(deviceArch);
  return wanted >= 0 && have >= wanted;
}

halc_status_t halc::openCUDADevice(std::unique_ptr<DriverDevice> &device) {
  auto cuda = std::make_unique<CUDADevice>();
  if (halc_status_t status = cuda->open())
    return status;
  device = std::make_unique<KernelDevice<CUDADevice>>(std::move(cuda));
  return nullptr;
}
