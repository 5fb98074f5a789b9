//===- CallFuzzer.cpp - Fuzzing halc_call_prepare -------------------------===//
//
// The input is a module followed by the shapes and scalars of a call: the
// last byte says how many 8-byte words before it are the call's (dimensions
// and scalar values, in argument order). Whatever they are, preparing the
// call of each function succeeds or fails with a message, and a prepared
// plan's sizes agree with its shapes.
//
//===----------------------------------------------------------------------===//

#include "halc/runtime.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1)
    return 0;
  size_t words = data[size - 1];
  if (words * 8 + 1 > size)
    return 0;
  size_t moduleSize = size - 1 - words * 8;
  std::vector<int64_t> call(words);
  if (words)
    std::memcpy(call.data(), data + moduleSize, words * 8);

  halc_module_t *module = nullptr;
  if (halc_status_t status = halc_module_load(data, moduleSize, &module)) {
    halc_status_free(status);
    return 0;
  }
  for (size_t f = 0; f < halc_module_function_count(module); ++f) {
    const halc_function_t *function = halc_module_function(module, f);
    // Each argument's dynamic dimensions (and each scalar) take the next
    // word of the call, cycling; static ones keep their size.
    size_t next = 0;
    auto take = [&]() { return call.empty() ? 1 : call[next++ % call.size()]; };
    std::vector<std::vector<int64_t>> shapes(function->argument_count);
    std::vector<halc_tensor_type_t> types(function->argument_count);
    std::vector<int64_t> scalars(function->argument_count);
    std::vector<const void *> arguments(function->argument_count, nullptr);
    for (size_t a = 0; a < function->argument_count; ++a) {
      types[a] = function->arguments[a];
      for (size_t d = 0; d < types[a].rank; ++d)
        shapes[a].push_back(types[a].shape[d] < 0 ? take() : types[a].shape[d]);
      types[a].shape = shapes[a].data();
      if (types[a].scalar) {
        scalars[a] = take();
        arguments[a] = &scalars[a];
      }
    }
    halc_call_t *prepared = nullptr;
    if (halc_status_t status = halc_call_prepare(module, function, types.data(),
                                                 arguments.data(), &prepared)) {
      (void)std::strlen(halc_status_message(status));
      halc_status_free(status);
      continue;
    }
    const halc_function_t *plan = halc_call_function(prepared);
    for (size_t r = 0; r < plan->result_count; ++r)
      if (halc_tensor_type_byte_size(&plan->results[r]) >
          plan->buffer_sizes[plan->result_buffers[r]])
        __builtin_trap(); // a result larger than its buffer
    halc_call_free(prepared);
  }
  halc_module_free(module);
  return 0;
}
