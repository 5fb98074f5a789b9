//===- ModuleFuzzer.cpp - Fuzzing the module loader -----------------------===//
//
// Any bytes given to halc_module_load load or fail with a message; a module
// that loads has plans whose every index is in range, which this reads.
//
//===----------------------------------------------------------------------===//

#include "halc/runtime.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  halc_module_t *module = nullptr;
  if (halc_status_t status = halc_module_load(data, size, &module)) {
    (void)std::strlen(halc_status_message(status));
    halc_status_free(status);
    return 0;
  }
  for (size_t f = 0; f < halc_module_function_count(module); ++f) {
    const halc_function_t *function = halc_module_function(module, f);
    for (size_t d = 0; d < function->dispatch_count; ++d) {
      const halc_dispatch_t &dispatch = function->dispatches[d];
      const halc_executable_t *executable =
          halc_module_executable(module, dispatch.executable);
      halc_export_info_t info;
      if (halc_executable_export_info(executable, dispatch.export_ordinal,
                                      &info))
        __builtin_trap(); // the loader checked the ordinal
      for (size_t b = 0; b < dispatch.binding_count; ++b)
        (void)function->buffer_sizes[dispatch.bindings[b]];
    }
    for (size_t r = 0; r < function->result_count; ++r)
      (void)function->buffer_sizes[function->result_buffers[r]];
  }
  halc_module_free(module);
  return 0;
}
