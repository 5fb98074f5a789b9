//===- HIPDriverTest.cpp - The HIP driver without an AMD GPU --------------===//
//
// CI has the HIP runtime (Debian's libamdhip64) but no AMD GPU: opening a
// device must fail with a clear error, never crash. Target ids are matched
// against device architectures before any code reaches the driver.
//
//===----------------------------------------------------------------------===//

#include "halc/driver.h"
#include "halc/hip.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <dlfcn.h>
#include <string>

// Debian's libamdhip64 leaks what it allocates when it is loaded; the
// sanitized build checks this binary for everything else.
extern "C" const char *__asan_default_options() { return "detect_leaks=0"; }

namespace {

std::string createError() {
  halc_device_t *device = nullptr;
  halc_status_t status = halc_device_create("hip", &device);
  if (!status) {
    halc_device_free(device);
    return "";
  }
  EXPECT_EQ(device, nullptr);
  std::string message = halc_status_message(status);
  halc_status_free(status);
  return message;
}

TEST(HIPDriver, NoDevice) {
  std::string error = createError();
  if (error.empty())
    GTEST_SKIP() << "this machine has an AMD GPU";
  // With the runtime installed (CI installs Debian's), the device is what is
  // missing; without it, the runtime.
  void *runtime = dlopen("libamdhip64.so", RTLD_NOW | RTLD_LOCAL);
  std::string expected = runtime ? "no HIP device" : "no HIP runtime";
  if (runtime)
    dlclose(runtime);
  EXPECT_NE(error.find(expected), std::string::npos) << error;
}

TEST(HIPDriver, NoRuntime) {
  setenv("HALC_HIP_LIBRARY", "/nonexistent/libamdhip64.so", 1);
  std::string error = createError();
  unsetenv("HALC_HIP_LIBRARY");
  EXPECT_NE(error.find("no HIP runtime: cannot load libamdhip64"),
            std::string::npos)
      << error;
}

TEST(HIPDriver, TargetIdMatching) {
  EXPECT_TRUE(halc_hip_target_matches("gfx942", "gfx942:sramecc+:xnack-"));
  EXPECT_TRUE(halc_hip_target_matches("gfx942:xnack-", "gfx942:sramecc+:xnack-"));
  EXPECT_FALSE(halc_hip_target_matches("gfx942:xnack+", "gfx942:sramecc+:xnack-"));
  EXPECT_FALSE(halc_hip_target_matches("gfx942", "gfx90a:sramecc+:xnack-"));
  EXPECT_FALSE(halc_hip_target_matches("gfx1100", "gfx1101"));
}

} // namespace
