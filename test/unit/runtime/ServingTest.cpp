//===- ServingTest.cpp - Devices, device arrays and calls on lavapipe -----===//
//
// A module (serving.mlir, compiled for lavapipe with the tests; its path in
// $HALC_SERVING_MODULE) loaded on a Vulkan device once and called through
// halc/driver.h: arrays in and out, calls chained on the device without
// waiting, many in flight, from many threads, the pool reused (a warm call
// allocates nothing) and trimmed, ten thousand calls (the sanitized build
// checks they leak nothing), and each mistake a caller can make as a named
// error.
//
//===----------------------------------------------------------------------===//

#include "halc/driver.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

/// The message of `status` (freed), or "" for success.
std::string message(halc_status_t status) {
  if (!status)
    return "";
  std::string text = halc_status_message(status);
  halc_status_free(status);
  return text;
}

struct ArrayDeleter {
  void operator()(halc_device_array_t *array) const {
    halc_device_array_release(array);
  }
};
using Array = std::unique_ptr<halc_device_array_t, ArrayDeleter>;

class Serving : public ::testing::Test {
protected:
  void SetUp() override {
    const char *path = std::getenv("HALC_SERVING_MODULE");
    ASSERT_NE(path, nullptr) << "HALC_SERVING_MODULE is not set";
    ASSERT_EQ(message(halc_module_load_file(path, &module)), "");
    std::string error = message(halc_device_create("vulkan", &device));
    if (!error.empty())
      GTEST_SKIP() << "no Vulkan device: " << error;
    ASSERT_EQ(message(halc_device_module_load(device, module, &loaded)), "");
  }
  void TearDown() override {
    halc_device_module_free(loaded);
    if (device)
      halc_device_free(device);
    halc_module_free(module);
  }

  const halc_function_t *function(const char *name) {
    const halc_function_t *found = nullptr;
    EXPECT_EQ(message(halc_module_lookup_function(module, name, &found)), "");
    return found;
  }

  /// An f32 array of `values`: of `shape`, or one dimension.
  Array array(const std::vector<float> &values, halc_device_t *on = nullptr,
              std::vector<int64_t> shape = {}) {
    if (shape.empty())
      shape = {static_cast<int64_t>(values.size())};
    halc_tensor_type_t type = {HALC_ELEMENT_TYPE_F32, shape.size(),
                               shape.data(), 0};
    halc_device_array_t *created = nullptr;
    EXPECT_EQ(
        message(halc_device_array_create(on ? on : device, &type, values.data(),
                                         values.size() * 4, &created)),
        "");
    return Array(created);
  }

  static std::vector<float> toHost(const halc_device_array_t *array) {
    const halc_tensor_type_t *type = halc_device_array_type(array);
    std::vector<float> values(halc_tensor_type_byte_size(type) / 4);
    EXPECT_EQ(message(halc_device_array_to_host(array, values.data(),
                                                values.size() * 4)),
              "");
    return values;
  }

  /// Submits `name` on `arguments`; its results (an empty vector on error,
  /// `error` set).
  std::vector<Array> call(const halc_function_t *plan,
                          std::vector<halc_device_array_t *> arguments,
                          std::string *error = nullptr) {
    std::vector<halc_device_array_t *> results(plan->result_count);
    std::string text = message(halc_device_module_submit(
        loaded, plan, arguments.data(), results.data(), nullptr));
    if (error)
      *error = text;
    else
      EXPECT_EQ(text, "");
    std::vector<Array> owned;
    if (text.empty())
      for (halc_device_array_t *result : results)
        owned.emplace_back(result);
    return owned;
  }

  uint64_t allocations() {
    halc_device_statistics_t statistics;
    halc_device_statistics(device, &statistics);
    return statistics.allocations;
  }

  halc_module_t *module = nullptr;
  halc_device_t *device = nullptr;
  halc_device_module_t *loaded = nullptr;
};

std::vector<float> iota(size_t count, float start) {
  std::vector<float> values(count);
  for (size_t i = 0; i < count; ++i)
    values[i] = start + float(i);
  return values;
}

TEST_F(Serving, ArraysRoundTrip) {
  std::vector<float> values = iota(1000, -3);
  Array x = array(values);
  const halc_tensor_type_t *type = halc_device_array_type(x.get());
  EXPECT_EQ(type->element_type, HALC_ELEMENT_TYPE_F32);
  ASSERT_EQ(type->rank, 1u);
  EXPECT_EQ(type->shape[0], 1000);
  EXPECT_EQ(toHost(x.get()), values);
  std::vector<float> small(4);
  EXPECT_EQ(message(halc_device_array_to_host(x.get(), small.data(), 16)),
            "the array holds 4000 bytes; the host buffer has 16");
}

TEST_F(Serving, ResultsFeedTheNextCallWithoutWaiting) {
  const halc_function_t *add = function("add");
  Array x = array(iota(1024, 0)), y = array(std::vector<float>(1024, 1));
  std::vector<Array> once = call(add, {x.get(), y.get()});
  std::vector<Array> twice = call(add, {once[0].get(), y.get()});
  std::vector<Array> thrice = call(add, {twice[0].get(), twice[0].get()});
  once.clear();
  std::vector<float> expected = iota(1024, 0);
  for (float &value : expected)
    value = 2 * (value + 2);
  EXPECT_EQ(toHost(thrice[0].get()), expected);
}

TEST_F(Serving, TwoDispatchesAConstantAndAnIntermediate) {
  std::vector<float> values = iota(32, -8);
  Array x = array(values, nullptr, {8, 4});
  std::vector<Array> results = call(function("square_sum"), {x.get()});
  ASSERT_EQ(results.size(), 2u);
  std::vector<float> squares = toHost(results[0].get());
  std::vector<float> sums = toHost(results[1].get());
  for (int i = 0; i < 8; ++i) {
    float sum = 0;
    for (int j = 0; j < 4; ++j) {
      float shifted = values[i * 4 + j] + float(j + 1);
      EXPECT_EQ(squares[i * 4 + j], shifted * shifted);
      sum += shifted * shifted;
    }
    EXPECT_FLOAT_EQ(sums[i], sum);
  }
}

TEST_F(Serving, ManyCallsInFlightEachWithItsResult) {
  const halc_function_t *add = function("add");
  Array y = array(std::vector<float>(1024, 0.5f));
  std::vector<Array> inputs, results;
  std::vector<halc_invocation_t *> invocations;
  for (int c = 0; c < 100; ++c) {
    inputs.push_back(array(std::vector<float>(1024, float(c))));
    halc_device_array_t *result = nullptr;
    halc_device_array_t *arguments[] = {inputs.back().get(), y.get()};
    halc_invocation_t *invocation = nullptr;
    ASSERT_EQ(message(halc_device_module_submit(loaded, add, arguments, &result,
                                                &invocation)),
              "");
    results.emplace_back(result);
    invocations.push_back(invocation);
  }
  // The last one waited for, every earlier one has run.
  EXPECT_EQ(message(halc_invocation_wait(invocations.back())), "");
  for (int c = 0; c < 100; ++c) {
    EXPECT_EQ(toHost(results[c].get()),
              std::vector<float>(1024, float(c) + 0.5f));
    EXPECT_EQ(message(halc_invocation_wait(invocations[c])), "");
    halc_invocation_free(invocations[c]);
  }
}

TEST_F(Serving, AWarmPoolAllocatesNothing) {
  const halc_function_t *plan = function("square_sum");
  std::vector<float> values(32, 1);
  Array x = array(values, nullptr, {8, 4});
  call(plan, {x.get()});
  halc_device_statistics_t before;
  halc_device_statistics(device, &before);
  for (int c = 0; c < 500; ++c)
    call(plan, {x.get()});
  halc_device_statistics_t after;
  halc_device_statistics(device, &after);
  EXPECT_EQ(after.allocations, before.allocations);
  EXPECT_EQ(after.bytes_in_use, before.bytes_in_use);
  EXPECT_GT(after.bytes_allocated, 0u);
}

TEST_F(Serving, TrimmingGivesThePoolBack) {
  const halc_function_t *add = function("add");
  Array x = array(iota(1024, 0)), y = array(iota(1024, 1));
  call(add, {x.get(), y.get()});
  halc_device_statistics_t before, trimmed;
  halc_device_statistics(device, &before);
  EXPECT_GT(before.bytes_allocated, before.bytes_in_use);
  halc_device_trim(device);
  halc_device_statistics(device, &trimmed);
  EXPECT_EQ(trimmed.bytes_allocated, trimmed.bytes_in_use);
  EXPECT_EQ(trimmed.bytes_in_use, before.bytes_in_use);
  std::vector<float> expected(1024);
  for (int i = 0; i < 1024; ++i)
    expected[i] = float(2 * i + 1);
  EXPECT_EQ(toHost(call(add, {x.get(), y.get()})[0].get()), expected);
}

TEST_F(Serving, TenThousandCalls) {
  const halc_function_t *add = function("add");
  Array x = array(iota(1024, 0)), y = array(iota(1024, 1));
  uint64_t warm = 0;
  for (int c = 0; c < 10000; ++c) {
    std::vector<Array> results = call(add, {x.get(), y.get()});
    ASSERT_EQ(results.size(), 1u);
    if (c == 0)
      warm = allocations();
  }
  EXPECT_EQ(allocations(), warm);
  std::vector<float> expected(1024);
  for (int i = 0; i < 1024; ++i)
    expected[i] = float(2 * i + 1);
  EXPECT_EQ(toHost(call(add, {x.get(), y.get()})[0].get()), expected);
}

TEST_F(Serving, ManyThreadsOnOneDevice) {
  const halc_function_t *add = function("add");
  constexpr int kThreads = 8, kCalls = 100;
  std::vector<std::string> failures(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      Array x = array(std::vector<float>(1024, float(t)));
      Array running = array(std::vector<float>(1024, 0));
      for (int c = 0; c < kCalls; ++c) {
        std::string error;
        std::vector<Array> next = call(add, {running.get(), x.get()}, &error);
        if (!error.empty()) {
          failures[t] = error;
          return;
        }
        running = std::move(next[0]);
      }
      if (toHost(running.get()) != std::vector<float>(1024, float(t) * kCalls))
        failures[t] = "thread " + std::to_string(t) + " got a wrong sum";
    });
  for (std::thread &thread : threads)
    thread.join();
  for (const std::string &failure : failures)
    EXPECT_EQ(failure, "");
}

TEST_F(Serving, AResultCanBeTheArgumentItself) {
  std::vector<float> values = iota(16, 5);
  Array x = array(values);
  std::vector<Array> results = call(function("identity"), {x.get()});
  x.reset();
  EXPECT_EQ(toHost(results[0].get()), values);
}

TEST_F(Serving, DynamicSizesThroughAPreparedCall) {
  const halc_function_t *scale = function("scale");
  Array x = array(iota(37, 0));
  std::string error;
  call(scale, {x.get(), nullptr}, &error);
  EXPECT_EQ(error, "@scale has dynamic sizes or scalar arguments: submit "
                   "the function of a call (halc_call_prepare)");
  int64_t shape[] = {37};
  float factor = 0.5f;
  halc_tensor_type_t types[] = {{HALC_ELEMENT_TYPE_F32, 1, shape, 0},
                                {HALC_ELEMENT_TYPE_F32, 0, nullptr, 1}};
  const void *data[] = {nullptr, &factor};
  halc_call_t *prepared = nullptr;
  ASSERT_EQ(message(halc_call_prepare(module, scale, types, data, &prepared)),
            "");
  std::vector<Array> results =
      call(halc_call_function(prepared), {x.get(), nullptr});
  halc_call_free(prepared);
  std::vector<float> expected = iota(37, 0);
  for (float &value : expected)
    value *= 0.5f;
  EXPECT_EQ(toHost(results[0].get()), expected);
}

TEST_F(Serving, ACallerMistakeIsANamedError) {
  const halc_function_t *add = function("add");
  Array good = array(std::vector<float>(1024, 1));
  Array shorter = array(std::vector<float>(512, 1));
  std::string error;
  call(add, {shorter.get(), good.get()}, &error);
  EXPECT_EQ(error, "@add: argument 0 has 512 elements along dimension 0; "
                   "the function takes 1024");

  call(add, {good.get(), nullptr}, &error);
  EXPECT_EQ(error, "argument 1 of @add is NULL, not a device array");

  // An array released (its handle kept by mistake) is not read.
  halc_device_array_t *released = array(std::vector<float>(1024, 1)).release();
  halc_device_array_release(released);
  call(add, {good.get(), released}, &error);
  EXPECT_EQ(error, "argument 1 of @add is not a live device array (released?)");

  halc_device_t *other = nullptr;
  ASSERT_EQ(message(halc_device_create("vulkan", &other)), "");
  {
    Array elsewhere = array(std::vector<float>(1024, 1), other);
    call(add, {elsewhere.get(), good.get()}, &error);
    EXPECT_NE(error.find("argument 0 of @add is an array of another device"),
              std::string::npos)
        << error;
  }
  halc_device_free(other);

  int64_t shape[] = {-1};
  halc_tensor_type_t dynamic = {HALC_ELEMENT_TYPE_F32, 1, shape, 0};
  halc_device_array_t *created = nullptr;
  EXPECT_EQ(
      message(halc_device_array_create(device, &dynamic, nullptr, 0, &created)),
      "dimension 0 is -1; a device array has a static shape");
  EXPECT_EQ(created, nullptr);
}

TEST_F(Serving, AModuleFreedWithCallsInFlight) {
  const halc_function_t *add = function("add");
  Array x = array(iota(1024, 0));
  std::vector<Array> results = call(add, {x.get(), x.get()});
  halc_device_module_free(loaded);
  loaded = nullptr;
  std::vector<float> expected = iota(1024, 0);
  for (float &value : expected)
    value *= 2;
  EXPECT_EQ(toHost(results[0].get()), expected);
}

} // namespace
