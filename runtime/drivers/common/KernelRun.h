//===- KernelRun.h - A function run through HIP or CUDA ---------*- C++ -*-===//
//
// HIP and CUDA run a function the same way: device buffers, each dispatch's
// kernel from the executable's code module, launches with the LLVMGPU
// contract (a pointer per binding, then a 32-bit value per constant),
// events around each launch when timed. Only the API calls differ; each
// driver gives them as `Api`:
//
//   Buffer, Module, Kernel, Event           handle types
//   allocate(Buffer &, size), release(Buffer)
//   upload(Buffer, const void *, size), download(void *, Buffer, size)
//   checkExecutable(const halc_executable_t *, ordinal)  (format, target)
//   loadModule(Module &, const void *code), unloadModule(Module)
//   getKernel(Kernel &, Module, const char *name)
//   launch(Kernel, const uint32_t grid[3], const uint32_t block[3],
//          void **parameters)
//   createEvent(Event &), destroyEvent(Event), record(Event)
//   elapsed(Event start, Event stop, float &ms)   (waits for stop)
//   synchronize()
//
// each returning a halc_status_t but release, unloadModule and
// destroyEvent.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_RUNTIME_DRIVERS_COMMON_KERNELRUN_H
#define HALC_RUNTIME_DRIVERS_COMMON_KERNELRUN_H

#include "halc/runtime.h"
#include "halc/status_cc.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace halc {

template <typename Api> class KernelRun {
public:
  KernelRun(Api &api, const halc_module_t *module,
            const halc_function_t *function)
      : api(api), module(module), function(function) {}
  KernelRun(const KernelRun &) = delete;
  KernelRun &operator=(const KernelRun &) = delete;
  ~KernelRun() {
    for (typename Api::Buffer buffer : buffers)
      if (buffer)
        api.release(buffer);
    for (auto &[ordinal, loaded] : modules)
      api.unloadModule(loaded);
    for (typename Api::Event event : {start, stop})
      if (event)
        api.destroyEvent(event);
  }

  /// Uploads the arguments, runs the dispatches `repetitions` times (each
  /// one's time into `outTimes[d * repetitions + r]` when given) and
  /// downloads the results.
  halc_status_t run(const void *const *arguments, void *const *results,
                    uint32_t repetitions, double *outTimes) {
    if (function->depends_on_call)
      return makeError(std::string("@") + function->name +
                       " has dynamic sizes or scalar arguments: run the "
                       "function of a call (halc_call_prepare)");
    if (halc_status_t status = upload(arguments))
      return status;
    if (halc_status_t status = loadKernels())
      return status;
    repetitions = std::max<uint32_t>(1, repetitions);
    if (outTimes)
      for (typename Api::Event *event : {&start, &stop})
        if (halc_status_t status = api.createEvent(*event))
          return status;
    for (uint32_t r = 0; r < repetitions; ++r)
      for (size_t d = 0; d < function->dispatch_count; ++d)
        if (halc_status_t status =
                outTimes ? timeLaunch(d, outTimes[d * repetitions + r])
                         : launch(d))
          return status;
    if (halc_status_t status = api.synchronize())
      return status;
    for (size_t i = 0; i < function->result_count; ++i)
      if (halc_status_t status = api.download(
              results[i], buffers[function->result_buffers[i]],
              halc_tensor_type_byte_size(&function->results[i])))
        return status;
    return nullptr;
  }

private:
  halc_status_t upload(const void *const *arguments) {
    buffers.assign(function->buffer_count, typename Api::Buffer());
    for (size_t b = 0; b < function->buffer_count; ++b)
      if (halc_status_t status = api.allocate(
              buffers[b], std::max<uint64_t>(4, function->buffer_sizes[b])))
        return status;
    for (size_t i = 0; i < function->argument_count; ++i)
      if (function->argument_buffers[i] != HALC_NO_BUFFER)
        if (halc_status_t status = api.upload(
                buffers[function->argument_buffers[i]], arguments[i],
                halc_tensor_type_byte_size(&function->arguments[i])))
          return status;
    for (size_t b = 0; b < function->buffer_count; ++b)
      if (function->buffer_contents[b])
        if (halc_status_t status =
                api.upload(buffers[b], function->buffer_contents[b],
                           function->buffer_sizes[b]))
          return status;
    return nullptr;
  }

  /// Finds each dispatch's kernel, loading the modules it is in.
  halc_status_t loadKernels() {
    for (size_t d = 0; d < function->dispatch_count; ++d) {
      const halc_dispatch_t &dispatch = function->dispatches[d];
      const halc_executable_t *executable =
          halc_module_executable(module, dispatch.executable);
      if (halc_status_t status =
              api.checkExecutable(executable, dispatch.executable))
        return status;
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
        if (halc_status_t status = halc_executable_code_module(
                executable, key.second, &code, &size))
          return status;
        typename Api::Module loaded;
        if (halc_status_t status = api.loadModule(loaded, code))
          return status;
        modules[key] = loaded;
      }
      typename Api::Kernel kernel;
      if (halc_status_t status =
              api.getKernel(kernel, modules[key], info.entry_point))
        return status;
      kernels.push_back(kernel);
      exports.push_back(info);
    }
    return nullptr;
  }

  halc_status_t launch(size_t d) {
    const halc_dispatch_t &dispatch = function->dispatches[d];
    // No workgroup (an empty tensor): the drivers refuse an empty grid.
    if (!dispatch.workgroup_count[0] || !dispatch.workgroup_count[1] ||
        !dispatch.workgroup_count[2])
      return nullptr;
    std::vector<typename Api::Buffer> pointers(dispatch.binding_count);
    std::vector<uint32_t> constants(dispatch.constants,
                                    dispatch.constants +
                                        dispatch.constant_count);
    std::vector<void *> parameters;
    for (size_t b = 0; b < dispatch.binding_count; ++b) {
      pointers[b] = buffers[dispatch.bindings[b]];
      parameters.push_back(&pointers[b]);
    }
    for (uint32_t &constant : constants)
      parameters.push_back(&constant);
    return api.launch(kernels[d], dispatch.workgroup_count,
                      exports[d].workgroup_size, parameters.data());
  }

  halc_status_t timeLaunch(size_t d, double &outMs) {
    float ms = 0;
    if (halc_status_t status = api.record(start))
      return status;
    if (halc_status_t status = launch(d))
      return status;
    if (halc_status_t status = api.record(stop))
      return status;
    if (halc_status_t status = api.elapsed(start, stop, ms))
      return status;
    outMs = ms;
    return nullptr;
  }

  Api &api;
  const halc_module_t *module;
  const halc_function_t *function;
  std::vector<typename Api::Buffer> buffers;
  /// By executable and module ordinal.
  std::map<std::pair<size_t, size_t>, typename Api::Module> modules;
  std::vector<typename Api::Kernel> kernels;
  std::vector<halc_export_info_t> exports;
  typename Api::Event start{}, stop{};
};

} // namespace halc

#endif // HALC_RUNTIME_DRIVERS_COMMON_KERNELRUN_H
