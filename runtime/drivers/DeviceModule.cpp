//===- DeviceModule.cpp - Modules on a device, and calls of them ----------===//
//
// Loading a module on a device uploads its constants and runs the dispatches
// that depend on them alone (load-time dispatches) once, then lets go of the
// constants only those read (weights a batch norm was folded into); a call
// binds its plan's buffers (the arguments' arrays, the constants, pooled
// memory for the rest), submits, and hands the result buffers back as
// arrays. The intermediates go back to the pool as soon as the call is
// submitted: the driver runs the next call after this one.
//
//===----------------------------------------------------------------------===//

#include "DeviceObjects.h"

#include "halc/status_cc.h"

#include <algorithm>
#include <unordered_set>

using namespace halc;

struct halc_invocation_s {
  std::shared_ptr<Device> device;
  uint64_t ticket = 0;
};

namespace {

/// Arrays released when this goes.
struct OwnedArrays {
  explicit OwnedArrays(size_t count) : arrays(count, nullptr) {}
  ~OwnedArrays() {
    for (halc_device_array_t *array : arrays)
      halc_device_array_release(array);
  }
  std::vector<halc_device_array_t *> arrays;
};

/// Whether `function`'s dispatches name exports `module` has: a plan of
/// another module's (a prepared call's) is refused, not read out of range.
halc_status_t checkExports(const halc_module_t &module,
                           const halc_function_t &function) {
  size_t executables = halc_module_executable_count(&module);
  for (size_t d = 0; d < function.dispatch_count; ++d) {
    const halc_dispatch_t &dispatch = function.dispatches[d];
    if (dispatch.executable >= executables ||
        dispatch.export_ordinal >=
            halc_executable_export_count(
                halc_module_executable(&module, dispatch.executable)))
      return makeError("dispatch " + std::to_string(d) +
                       " runs an export the module does not have: the "
                       "function is another module's");
  }
  return nullptr;
}

/// Per buffer of `function`, whether a call touches it: an argument's, a
/// result's, or one that a dispatch run at each call binds (not what only
/// the load-time dispatches read: weights before a batch norm is folded
/// into them).
std::vector<bool> getBuffersOfCall(const halc_function_t &function) {
  std::vector<bool> touched(function.buffer_count, false);
  for (const auto &[count, buffers] :
       {std::pair(function.argument_count, function.argument_buffers),
        std::pair(function.result_count, function.result_buffers)})
    for (size_t i = 0; i < count; ++i)
      if (buffers[i] != HALC_NO_BUFFER)
        touched[buffers[i]] = true;
  for (size_t d = function.load_dispatch_count; d < function.dispatch_count;
       ++d)
    for (size_t i = 0; i < function.dispatches[d].binding_count; ++i)
      touched[function.dispatches[d].bindings[i]] = true;
  return touched;
}

/// Runs `function`'s load-time dispatches on the module's constants and
/// keeps the buffers they write, for every call of it.
halc_status_t runLoadDispatches(halc_device_module_s &module,
                                const halc_function_t &function) {
  Device &device = *module.device;
  std::vector<std::shared_ptr<PooledMemory>> &kept =
      module.loadTimeBuffers[function.name];
  kept.assign(function.buffer_count, nullptr);
  std::vector<DeviceMemory> handles(function.buffer_count, 0);
  std::unique_ptr<bool[]> written(new bool[function.buffer_count]());
  for (size_t d = 0; d < function.load_dispatch_count; ++d) {
    const halc_dispatch_t &dispatch = function.dispatches[d];
    for (size_t i = 0; i < dispatch.binding_count; ++i) {
      uint32_t b = dispatch.bindings[i];
      if (const void *contents = function.buffer_contents[b]) {
        handles[b] = module.constants.at(contents)->handle;
        continue;
      }
      if (!kept[b])
        if (halc_status_t status = device.take(
                std::max<uint64_t>(function.buffer_sizes[b], 4), kept[b]))
          return status;
      handles[b] = kept[b]->handle;
      written[b] = true;
    }
  }
  halc_function_t once = function;
  once.dispatch_count = function.load_dispatch_count;
  once.load_dispatch_count = 0;
  Submission submission;
  submission.function = &once;
  submission.buffers = handles.data();
  submission.written = written.get();
  uint64_t ticket = 0;
  if (halc_status_t status =
          device.driver->submit(*module.code, submission, ticket))
    return status;
  return device.driver->wait(ticket);
}

/// Binds `function`'s buffers for a call on `arguments` and submits it.
halc_status_t submitCall(halc_device_module_s &module,
                         const halc_function_t *function,
                         halc_device_array_t *const *arguments,
                         uint32_t repetitions, double *timesMs,
                         halc_device_array_t **results, uint64_t &ticket) {
  std::string name = std::string("@") + function->name;
  if (function->depends_on_call)
    return makeError(name + " has dynamic sizes or scalar arguments: submit "
                            "the function of a call (halc_call_prepare)");
  if (halc_status_t status = checkExports(*module.module, *function))
    return prefixError(name, status);
  Device &device = *module.device;
  std::vector<std::shared_ptr<PooledMemory>> memory(function->buffer_count);
  std::unique_ptr<bool[]> written(new bool[function->buffer_count]);
  std::fill_n(written.get(), function->buffer_count, true);
  for (size_t i = 0; i < function->argument_count; ++i) {
    uint32_t buffer = function->argument_buffers[i];
    if (buffer == HALC_NO_BUFFER)
      continue;
    std::string what = "argument " + std::to_string(i) + " of " + name;
    ArrayUse use;
    if (halc_status_t status = use.acquire(arguments[i], what))
      return status;
    const halc_device_array_t &array = *use.operator->();
    if (array.memory->device.get() != &device)
      return makeError(what + " is an array of another device (" +
                       array.memory->device->driver->name() +
                       "); copy it to the host and back");
    if (halc_status_t status =
            halc_function_check_argument(function, i, &array.type))
      return prefixError(name, status);
    memory[buffer] = array.memory;
    written[buffer] = false;
  }
  std::vector<bool> touched = getBuffersOfCall(*function);
  for (size_t b = 0; b < function->buffer_count; ++b) {
    if (!function->buffer_contents[b] || !touched[b])
      continue;
    auto constant = module.constants.find(function->buffer_contents[b]);
    if (constant == module.constants.end())
      return makeError(name + ": buffer " + std::to_string(b) +
                       " holds a constant of another module");
    memory[b] = constant->second;
    written[b] = false;
  }
  // What the load-time dispatches wrote when the module loaded.
  size_t atLoad = function->load_dispatch_count;
  if (atLoad) {
    auto kept = module.loadTimeBuffers.find(function->name);
    if (kept == module.loadTimeBuffers.end() ||
        kept->second.size() != function->buffer_count)
      return makeError(name + " runs dispatches at load that the module "
                              "did not run: the function is another module's");
    for (size_t b = 0; b < function->buffer_count; ++b) {
      if (!kept->second[b])
        continue;
      if (kept->second[b]->size < function->buffer_sizes[b])
        return makeError(name + ": buffer " + std::to_string(b) +
                         " is larger than the module's load-time buffer: "
                         "the function is another module's");
      memory[b] = kept->second[b];
      written[b] = false;
    }
  }
  std::vector<DeviceMemory> handles(function->buffer_count, 0);
  for (size_t b = 0; b < function->buffer_count; ++b) {
    if (!touched[b])
      continue;
    if (!memory[b])
      if (halc_status_t status = device.take(
              std::max<uint64_t>(function->buffer_sizes[b], 4), memory[b]))
        return status;
    handles[b] = memory[b]->handle;
  }
  // The rest of the dispatches; those run at load take no time here.
  halc_function_t call = *function;
  call.dispatches += atLoad;
  call.dispatch_count -= atLoad;
  call.load_dispatch_count = 0;
  Submission submission;
  submission.function = &call;
  submission.buffers = handles.data();
  submission.written = written.get();
  submission.repetitions = std::max<uint32_t>(1, repetitions);
  if (timesMs) {
    std::fill_n(timesMs, atLoad * submission.repetitions, 0.0);
    submission.timesMs = timesMs + atLoad * submission.repetitions;
  }
  if (halc_status_t status =
          device.driver->submit(*module.code, submission, ticket))
    return prefixError(name, status);
  // Calls from other threads may have taken later tickets first.
  uint64_t last = module.lastTicket.load(std::memory_order_relaxed);
  while (last < ticket && !module.lastTicket.compare_exchange_weak(
                              last, ticket, std::memory_order_acq_rel)) {
  }
  for (size_t r = 0; r < function->result_count; ++r)
    results[r] =
        makeArray(memory[function->result_buffers[r]], function->results[r]);
  return nullptr;
}

} // namespace

extern "C" halc_status_t halc_device_module_load(halc_device_t *device,
                                                 const halc_module_t *module,
                                                 halc_device_module_t **out) {
  *out = nullptr;
  return catchExceptions(
      "loading a module on a device", [&]() -> halc_status_t {
        auto loaded = std::make_unique<halc_device_module_s>();
        loaded->device = device->device;
        loaded->module = module;
        DriverDevice &driver = *device->device->driver;
        if (halc_status_t status = driver.loadModule(module, loaded->code))
          return status;
        for (size_t f = 0; f < halc_module_function_count(module); ++f) {
          const halc_function_t *function = halc_module_function(module, f);
          for (size_t b = 0; b < function->buffer_count; ++b) {
            const void *contents = function->buffer_contents[b];
            if (!contents || loaded->constants.count(contents))
              continue;
            std::shared_ptr<PooledMemory> &memory = loaded->constants[contents];
            uint64_t bytes = function->buffer_sizes[b];
            if (halc_status_t status =
                    device->device->take(std::max<uint64_t>(bytes, 4), memory))
              return status;
            if (bytes)
              if (halc_status_t status =
                      driver.write(memory->handle, contents, bytes))
                return status;
          }
        }
        // The load-time dispatches run; the constants only they read go.
        std::unordered_set<const void *> readByCalls;
        for (size_t f = 0; f < halc_module_function_count(module); ++f) {
          const halc_function_t *function = halc_module_function(module, f);
          if (function->load_dispatch_count)
            if (halc_status_t status = runLoadDispatches(*loaded, *function))
              return prefixError(std::string("@") + function->name +
                                     "'s load-time dispatches",
                                 status);
          std::vector<bool> touched = getBuffersOfCall(*function);
          for (size_t b = 0; b < function->buffer_count; ++b)
            if (touched[b] && function->buffer_contents[b])
              readByCalls.insert(function->buffer_contents[b]);
        }
        for (auto it = loaded->constants.begin();
             it != loaded->constants.end();)
          it = readByCalls.count(it->first) ? std::next(it)
                                            : loaded->constants.erase(it);
        *out = loaded.release();
        return nullptr;
      });
}

extern "C" void halc_device_module_free(halc_device_module_t *module) {
  if (!module)
    return;
  // Its code may be in use until its last call has run.
  if (halc_status_t status = module->device->driver->wait(
          module->lastTicket.load(std::memory_order_acquire)))
    halc_status_free(status);
  delete module;
}

extern "C" halc_status_t halc_device_module_submit(
    halc_device_module_t *module, const halc_function_t *function,
    halc_device_array_t *const *arguments, halc_device_array_t **results,
    halc_invocation_t **out) {
  if (out)
    *out = nullptr;
  return catchExceptions("submitting a call", [&]() -> halc_status_t {
    uint64_t ticket = 0;
    if (halc_status_t status = submitCall(*module, function, arguments, 1,
                                          nullptr, results, ticket))
      return status;
    if (out)
      *out = new halc_invocation_s{module->device, ticket};
    return nullptr;
  });
}

extern "C" halc_status_t halc_invocation_wait(halc_invocation_t *invocation) {
  return catchExceptions("waiting for a call", [&] {
    return invocation->device->driver->wait(invocation->ticket);
  });
}

extern "C" void halc_invocation_free(halc_invocation_t *invocation) {
  delete invocation;
}

extern "C" halc_status_t halc_device_module_time(
    halc_device_module_t *module, const halc_function_t *function,
    halc_device_array_t *const *arguments, uint32_t repetitions,
    double *timesMs, halc_device_array_t **results) {
  return catchExceptions("timing a call", [&]() -> halc_status_t {
    uint64_t ticket = 0;
    return submitCall(*module, function, arguments, repetitions, timesMs,
                      results, ticket);
  });
}

extern "C" halc_status_t
halc_device_run(halc_device_t *device, const halc_module_t *module,
                const halc_function_t *function, const void *const *arguments,
                void *const *results, uint32_t repetitions, double *timesMs) {
  return catchExceptions("running a function", [&]() -> halc_status_t {
    halc_device_module_t *loadedModule = nullptr;
    if (halc_status_t status =
            halc_device_module_load(device, module, &loadedModule))
      return status;
    std::unique_ptr<halc_device_module_t, void (*)(halc_device_module_t *)>
        loaded(loadedModule, halc_device_module_free);
    OwnedArrays inputs(function->argument_count),
        outputs(function->result_count);
    for (size_t i = 0; i < function->argument_count; ++i) {
      if (function->argument_buffers[i] == HALC_NO_BUFFER)
        continue;
      const halc_tensor_type_t &type = function->arguments[i];
      if (halc_status_t status = halc_device_array_create(
              device, &type, arguments[i], halc_tensor_type_byte_size(&type),
              &inputs.arrays[i]))
        return prefixError("argument " + std::to_string(i), status);
    }
    if (halc_status_t status = halc_device_module_time(
            loaded.get(), function, inputs.arrays.data(), repetitions, timesMs,
            outputs.arrays.data()))
      return status;
    for (size_t r = 0; r < function->result_count; ++r)
      if (halc_status_t status = halc_device_array_to_host(
              outputs.arrays[r], results[r],
              halc_tensor_type_byte_size(&function->results[r])))
        return status;
    return nullptr;
  });
}
