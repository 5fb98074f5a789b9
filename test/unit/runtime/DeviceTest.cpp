//===- DeviceTest.cpp - halc_device_t over the drivers --------------------===//
//
// The driver interface names its drivers, opens a device of the one asked
// for, and says plainly what is missing: an unknown driver, the HIP device
// (CI has no AMD GPU), the CUDA driver library.
//
//===----------------------------------------------------------------------===//

#include "halc/cuda.h"
#include "halc/driver.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace {

std::string createError(const char *driver) {
  halc_device_t *device = nullptr;
  halc_status_t status = halc_device_create(driver, &device);
  if (!status) {
    halc_device_free(device);
    return "";
  }
  EXPECT_EQ(device, nullptr);
  std::string message = halc_status_message(status);
  halc_status_free(status);
  return message;
}

TEST(Device, NamesItsDrivers) {
  std::vector<std::string> names;
  for (const char *const *name = halc_driver_names(); *name; ++name)
    names.push_back(*name);
  EXPECT_EQ(names, (std::vector<std::string>{"vulkan", "hip", "cuda"}));
}

TEST(Device, UnknownDriverIsAnError) {
  EXPECT_EQ(createError("metal"), "no driver 'metal' (known are vulkan, hip, cuda)");
}

TEST(Device, HIPWithoutAnAMDGPUSaysWhatIsMissing) {
  std::string error = createError("hip");
  if (error.empty())
    GTEST_SKIP() << "this machine has an AMD GPU";
  EXPECT_TRUE(error.find("no HIP device") != std::string::npos ||
              error.find("no HIP runtime") != std::string::npos)
      << error;
}

TEST(Device, CUDAWithoutTheDriverSaysWhatIsMissing) {
  setenv("HALC_CUDA_LIBRARY", "/nonexistent/libcuda.so.1", 1);
  std::string error = createError("cuda");
  unsetenv("HALC_CUDA_LIBRARY");
  EXPECT_NE(error.find("no CUDA driver: cannot load /nonexistent/libcuda.so.1"),
            std::string::npos)
      << error;
}

// The Vulkan loader is opened when a device is, not linked: in a process
// of its own (lit runs each test so) it is looked for where the variable
// says.
TEST(Device, VulkanWithoutTheLoaderSaysWhatIsMissing) {
  setenv("HALC_VULKAN_LIBRARY", "/nonexistent/libvulkan.so.1", 1);
  std::string error = createError("vulkan");
  unsetenv("HALC_VULKAN_LIBRARY");
  EXPECT_NE(error.find("no Vulkan loader: cannot load "
                       "/nonexistent/libvulkan.so.1"),
            std::string::npos)
      << error;
}

TEST(Device, CUDATargetMatching) {
  EXPECT_TRUE(halc_cuda_target_matches("sm_80", "sm_90"));
  EXPECT_TRUE(halc_cuda_target_matches("sm_90", "sm_90"));
  EXPECT_FALSE(halc_cuda_target_matches("sm_90", "sm_86"));
  EXPECT_FALSE(halc_cuda_target_matches("gfx942", "sm_90"));
}

TEST(Status, CreateAndAnnotate) {
  halc_status_t status =
      halc_status_annotate(halc_status_create("bad binding"), "dispatch 2");
  EXPECT_STREQ(halc_status_message(status), "dispatch 2: bad binding");
  halc_status_free(status);
  EXPECT_STREQ(halc_status_message(nullptr), "ok");
}

} // namespace
