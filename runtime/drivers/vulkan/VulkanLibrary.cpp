//===- VulkanLibrary.cpp - The Vulkan loader, opened at run time ----------===//

#include "VulkanLibrary.h"

#include "halc/status_cc.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <string>

namespace halc {
#define HALC_DEFINE_VULKAN_FUNCTION(name) PFN_##name name = nullptr;
HALC_VULKAN_FUNCTIONS(HALC_DEFINE_VULKAN_FUNCTION)
#undef HALC_DEFINE_VULKAN_FUNCTION
} // namespace halc

halc_status_t halc::loadVulkanLibrary() {
  // Opened once for the process and never closed: every device shares the
  // entry points. The error, if any, is kept to report to each caller.
  static std::once_flag once;
  static std::string error;
  std::call_once(once, [] {
    const char *override = std::getenv("HALC_VULKAN_LIBRARY");
    std::string name = override ? override : "libvulkan.so.1";
    void *library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      error = "no Vulkan loader: cannot load " + name + ": " + dlerror();
      return;
    }
    std::string missing;
#define HALC_RESOLVE_VULKAN_FUNCTION(function)                                 \
  function = reinterpret_cast<PFN_##function>(dlsym(library, #function));      \
  if (!function)                                                               \
    missing += std::string(missing.empty() ? "" : ", ") + #function;
    HALC_VULKAN_FUNCTIONS(HALC_RESOLVE_VULKAN_FUNCTION)
#undef HALC_RESOLVE_VULKAN_FUNCTION
    if (!missing.empty())
      error = "the Vulkan loader " + name + " lacks " + missing;
  });
  return error.empty() ? nullptr : makeError(error);
}
