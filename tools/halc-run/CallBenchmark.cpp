//===- CallBenchmark.cpp - halc-run --benchmark-calls ---------------------===//
//
// Three numbers: the host's time in halc_device_module_submit (what a call
// costs the program: PyTorch's "launch overhead"), the time per call of
// calls submitted back to back and waited for once (the host and the GPU
// overlapping), and the round trip of a call waited for at once.
//
//===----------------------------------------------------------------------===//

#include "CallBenchmark.h"

#include "halc/status_cc.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <vector>

using namespace halc;

namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start)
      .count();
}

double median(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

/// Arrays released when this goes.
struct Arrays {
  explicit Arrays(size_t count) : arrays(count, nullptr) {}
  ~Arrays() { clear(); }
  void clear() {
    for (halc_device_array_t *&array : arrays) {
      halc_device_array_release(array);
      array = nullptr;
    }
  }
  std::vector<halc_device_array_t *> arrays;
};

} // namespace

halc_status_t halc::benchmarkCalls(halc_device_t *device,
                                   const halc_module_t *module,
                                   const halc_function_t *function,
                                   const void *const *arguments,
                                   uint32_t calls) {
  halc_device_module_t *loadedModule = nullptr;
  if (halc_status_t status =
          halc_device_module_load(device, module, &loadedModule))
    return status;
  std::unique_ptr<halc_device_module_t, void (*)(halc_device_module_t *)>
      loaded(loadedModule, halc_device_module_free);
  Arrays inputs(function->argument_count), results(function->result_count);
  for (size_t i = 0; i < function->argument_count; ++i) {
    if (function->argument_buffers[i] == HALC_NO_BUFFER)
      continue;
    const halc_tensor_type_t &type = function->arguments[i];
    if (halc_status_t status = halc_device_array_create(
            device, &type, arguments[i], halc_tensor_type_byte_size(&type),
            &inputs.arrays[i]))
      return status;
  }
  auto call = [&](halc_invocation_t **invocation) {
    results.clear();
    return halc_device_module_submit(loaded.get(), function,
                                     inputs.arrays.data(),
                                     results.arrays.data(), invocation);
  };
  auto waitFor = [](halc_invocation_t *invocation) {
    halc_status_t status = halc_invocation_wait(invocation);
    halc_invocation_free(invocation);
    return status;
  };
  // A first call makes the pipelines and fills the pool.
  halc_invocation_t *invocation = nullptr;
  if (halc_status_t status = call(&invocation))
    return status;
  if (halc_status_t status = waitFor(invocation))
    return status;
  halc_device_statistics_t before, after;
  halc_device_statistics(device, &before);

  std::vector<double> submits;
  Clock::time_point start = Clock::now();
  for (uint32_t c = 0; c < calls; ++c) {
    Clock::time_point submitted = Clock::now();
    if (halc_status_t status = call(c + 1 == calls ? &invocation : nullptr))
      return status;
    submits.push_back(millisecondsSince(submitted));
  }
  if (halc_status_t status = waitFor(invocation))
    return status;
  double backToBack = millisecondsSince(start) / calls;

  std::vector<double> roundTrips;
  for (uint32_t c = 0; c < calls; ++c) {
    Clock::time_point submitted = Clock::now();
    if (halc_status_t status = call(&invocation))
      return status;
    if (halc_status_t status = waitFor(invocation))
      return status;
    roundTrips.push_back(millisecondsSince(submitted));
  }
  halc_device_statistics(device, &after);
  std::printf("device: %s\n", halc_device_name(device));
  std::printf("submit: median %.4f ms of host time over %u calls\n",
              median(submits), calls);
  std::printf("calls back to back: %.4f ms each\n", backToBack);
  std::printf("call and wait: median %.4f ms over %u calls\n",
              median(roundTrips), calls);
  std::printf(
      "allocations while calling: %llu\n",
      static_cast<unsigned long long>(after.allocations - before.allocations));
  return nullptr;
}
