//===- KernelDevice.h - halc's devices on HIP or CUDA -----------*- C++ -*-===//
//
// HIP and CUDA run calls the same way: memory from the API's allocator,
// one stream that runs everything in order, each dispatch a launch with
// the LLVMGPU contract (a pointer per binding, then a 32-bit value per
// constant), an event after each submission to wait on (its ticket), and
// events around each launch when timed. Only the API calls differ; each
// driver gives them as `Api`:
//
//   Buffer, Module, Kernel, Event              handle types
//   makeCurrent()                (the device's context, on this thread)
//   allocate(Buffer &, size), release(Buffer)
//   copyToDevice(Buffer, const void *, size),
//   copyToHost(void *, Buffer, size)              (on the stream)
//   checkExecutable(const halc_executable_t *, ordinal)  (format, target;
//                                 each of a module's, when it is loaded)
//   loadModule(Module &, const void *code), unloadModule(Module)
//   getKernel(Kernel &, Module, const char *name)
//   launch(Kernel, const uint32_t grid[3], const uint32_t block[3],
//          void **parameters)                     (on the stream)
//   createEvent(Event &, bool timed), destroyEvent(Event)
//   record(Event)                                 (on the stream)
//   isDone(Event, bool &), synchronize(Event)
//   elapsed(Event start, Event stop, float &ms)   (both done)
//   name                                          (the device's, a string)
//   synchronize()                                 (the stream)
//
// each returning a halc_status_t but release, unloadModule and
// destroyEvent.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_RUNTIME_DRIVERS_COMMON_KERNELDEVICE_H
#define HALC_RUNTIME_DRIVERS_COMMON_KERNELDEVICE_H

#include "DriverDevice.h"
#include "PerExport.h"

#include "halc/status_cc.h"

#include <atomic>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace halc {

/// A module's kernels, each found the first time a dispatch needs it.
template <typename Api> class KernelModule : public DriverModule {
public:
  KernelModule(Api &api, const halc_module_t *module)
      : api(api), module(module), kernels(module) {}
  ~KernelModule() override {
    for (auto &[key, loaded] : modules)
      api.unloadModule(loaded);
  }

  struct Kernel {
    typename Api::Kernel kernel;
    uint32_t workgroupSize[3];
  };

  halc_status_t get(const halc_dispatch_t &dispatch, const Kernel *&kernel) {
    return kernels.get(dispatch, kernel,
                       [&](Kernel &found) { return find(dispatch, found); });
  }

private:
  halc_status_t find(const halc_dispatch_t &dispatch, Kernel &found) {
    const halc_executable_t *executable =
        halc_module_executable(module, dispatch.executable);
    halc_export_info_t info;
    if (halc_status_t status = halc_executable_export_info(
            executable, dispatch.export_ordinal, &info))
      return status;
    std::pair<size_t, size_t> key = {
        dispatch.executable,
        halc_executable_export_module(executable, dispatch.export_ordinal)};
    if (!modules.count(key)) {
      const void *code;
      size_t size;
      if (halc_status_t status =
              halc_executable_code_module(executable, key.second, &code, &size))
        return status;
      typename Api::Module loaded;
      if (halc_status_t status = api.loadModule(loaded, code))
        return status;
      modules[key] = loaded;
    }
    std::copy(info.workgroup_size, info.workgroup_size + 3,
              found.workgroupSize);
    return api.getKernel(found.kernel, modules[key], info.entry_point);
  }

  Api &api;
  const halc_module_t *module;
  PerExport<Kernel> kernels;
  /// By executable and module ordinal (made under `kernels`' lock).
  std::map<std::pair<size_t, size_t>, typename Api::Module> modules;
};

template <typename Api> class KernelDevice : public DriverDevice {
public:
  explicit KernelDevice(std::unique_ptr<Api> api) : api(std::move(api)) {}
  ~KernelDevice() override {
    for (auto &[ticket, event] : inFlight)
      api->destroyEvent(event);
    for (typename Api::Event event : idle)
      api->destroyEvent(event);
  }

  const char *name() const override { return api->name.c_str(); }

  halc_status_t allocate(uint64_t bytes, DeviceMemory &memory) override {
    if (halc_status_t status = api->makeCurrent())
      return status;
    typename Api::Buffer buffer{};
    if (halc_status_t status = api->allocate(buffer, bytes))
      return status;
    memory = toDeviceMemory(buffer);
    return nullptr;
  }
  void free(DeviceMemory memory) override {
    if (halc_status_t status = api->makeCurrent())
      halc_status_free(status);
    api->release(toBuffer(memory));
  }
  halc_status_t write(DeviceMemory memory, const void *data,
                      size_t size) override {
    if (halc_status_t status = api->makeCurrent())
      return status;
    if (halc_status_t status = api->copyToDevice(toBuffer(memory), data, size))
      return status;
    return api->synchronize();
  }
  halc_status_t read(DeviceMemory memory, void *data, size_t size) override {
    if (halc_status_t status = api->makeCurrent())
      return status;
    if (halc_status_t status = api->copyToHost(data, toBuffer(memory), size))
      return status;
    return api->synchronize();
  }
  halc_status_t loadModule(const halc_module_t *module,
                           std::unique_ptr<DriverModule> &loaded) override {
    for (size_t e = 0; e < halc_module_executable_count(module); ++e)
      if (halc_status_t status =
              api->checkExecutable(halc_module_executable(module, e), e))
        return status;
    loaded = std::make_unique<KernelModule<Api>>(*api, module);
    return nullptr;
  }

  halc_status_t submit(DriverModule &module, const Submission &submission,
                       uint64_t &ticket) override {
    const halc_function_t &function = *submission.function;
    if (halc_status_t status = api->makeCurrent())
      return status;
    auto &kernels = static_cast<KernelModule<Api> &>(module);
    std::vector<const typename KernelModule<Api>::Kernel *> found(
        function.dispatch_count);
    for (size_t d = 0; d < function.dispatch_count; ++d)
      if (halc_status_t status = kernels.get(function.dispatches[d], found[d]))
        return status;
    std::lock_guard<std::mutex> lock(streamMutex);
    TimingEvents timing(*api);
    if (submission.timesMs)
      if (halc_status_t status = timing.create())
        return status;
    for (uint32_t r = 0; r < submission.repetitions; ++r)
      for (size_t d = 0; d < function.dispatch_count; ++d) {
        bool timed = submission.timesMs;
        if (timed)
          if (halc_status_t status = api->record(timing.start))
            return status;
        if (halc_status_t status = launch(submission, d, *found[d]))
          return status;
        if (!timed)
          continue;
        float ms = 0;
        if (halc_status_t status = api->record(timing.stop))
          return status;
        if (halc_status_t status = api->synchronize(timing.stop))
          return status;
        if (halc_status_t status = api->elapsed(timing.start, timing.stop, ms))
          return status;
        submission.timesMs[d * submission.repetitions + r] = ms;
      }
    return finish(ticket);
  }

  halc_status_t wait(uint64_t ticket) override {
    if (halc_status_t status = api->makeCurrent())
      return status;
    typename Api::Event event{};
    {
      std::lock_guard<std::mutex> lock(streamMutex);
      for (auto &[submitted, recorded] : inFlight)
        if (submitted == ticket) {
          event = recorded;
          break;
        }
    }
    // Not in flight: it has run. An event recorded again meanwhile for a
    // later submission only makes this wait longer.
    return event ? api->synchronize(event) : nullptr;
  }

  halc_status_t waitIdle() override {
    if (halc_status_t status = api->makeCurrent())
      return status;
    std::lock_guard<std::mutex> lock(streamMutex);
    return api->synchronize();
  }

private:
  /// The events around a timed launch.
  struct TimingEvents {
    explicit TimingEvents(Api &api) : api(api) {}
    ~TimingEvents() {
      for (typename Api::Event event : {start, stop})
        if (event)
          api.destroyEvent(event);
    }
    halc_status_t create() {
      if (halc_status_t status = api.createEvent(start, true))
        return status;
      return api.createEvent(stop, true);
    }
    Api &api;
    typename Api::Event start{}, stop{};
  };

  static typename Api::Buffer toBuffer(DeviceMemory memory) {
    return fromDeviceMemory<typename Api::Buffer>(memory);
  }

  halc_status_t launch(const Submission &submission, size_t d,
                       const typename KernelModule<Api>::Kernel &kernel) {
    const halc_dispatch_t &dispatch = submission.function->dispatches[d];
    // No workgroup (an empty tensor): the APIs refuse an empty grid.
    if (!dispatch.workgroup_count[0] || !dispatch.workgroup_count[1] ||
        !dispatch.workgroup_count[2])
      return nullptr;
    typename Api::Buffer pointers[HALC_MAX_BINDINGS];
    uint32_t constants[HALC_MAX_CONSTANTS];
    void *parameters[HALC_MAX_BINDINGS + HALC_MAX_CONSTANTS];
    size_t count = 0;
    for (size_t b = 0; b < dispatch.binding_count; ++b) {
      pointers[b] = toBuffer(submission.buffers[dispatch.bindings[b]]);
      parameters[count++] = &pointers[b];
    }
    for (size_t c = 0; c < dispatch.constant_count; ++c) {
      constants[c] = dispatch.constants[c];
      parameters[count++] = &constants[c];
    }
    return api->launch(kernel.kernel, dispatch.workgroup_count,
                       kernel.workgroupSize, parameters);
  }

  /// Records the event that names the submission (the stream's lock held).
  halc_status_t finish(uint64_t &ticket) {
    while (!inFlight.empty()) {
      bool done = false;
      if (halc_status_t status = api->isDone(inFlight.front().second, done))
        return status;
      if (!done)
        break;
      idle.push_back(inFlight.front().second);
      inFlight.pop_front();
    }
    if (idle.empty()) {
      typename Api::Event event{};
      if (halc_status_t status = api->createEvent(event, false))
        return status;
      idle.push_back(event);
    }
    if (halc_status_t status = api->record(idle.back()))
      return status;
    ticket = ++submitted;
    inFlight.emplace_back(ticket, idle.back());
    idle.pop_back();
    return nullptr;
  }

  std::unique_ptr<Api> api;
  std::mutex streamMutex;
  uint64_t submitted = 0;
  std::deque<std::pair<uint64_t, typename Api::Event>> inFlight;
  std::vector<typename Api::Event> idle;
};

} // namespace halc

#endif // HALC_RUNTIME_DRIVERS_COMMON_KERNELDEVICE_H
