//===- HIP1Test.cpp - The HIP1 loader's checks, one by one ----------------===//

#include "TestBinaries.h"

#include <gtest/gtest.h>

using namespace halc::test;

namespace {

bool fails(const HipSpec &spec, const std::string &part) {
  return loadExecutableError(buildHIP1(spec)).find(part) != std::string::npos;
}

TEST(HIP1, ValidLoadsWithItsModuleAndTargetId) {
  std::vector<uint8_t> bytes = buildHIP1(HipSpec());
  halc_executable_t *executable = nullptr;
  ASSERT_EQ(halc_executable_load(bytes.data(), bytes.size(), &executable),
            nullptr);
  EXPECT_EQ(halc_executable_format(executable), HALC_EXECUTABLE_FORMAT_HIP1);
  EXPECT_STREQ(halc_executable_target_id(executable), "gfx942:sramecc+:xnack-");
  ASSERT_EQ(halc_executable_code_module_count(executable), 1u);
  const void *image;
  size_t size;
  ASSERT_EQ(halc_executable_code_module(executable, 0, &image, &size), nullptr);
  EXPECT_EQ(size, 8u);
  halc_export_info_t info;
  ASSERT_EQ(halc_executable_export_info(executable, 0, &info), nullptr);
  EXPECT_STREQ(info.name, "main");
  EXPECT_EQ(info.workgroup_size[0], 64u);
  EXPECT_EQ(info.binding_count, 2u);
  EXPECT_EQ(info.read_only_bindings, 0b11u);
  EXPECT_EQ(info.constant_count, 1u);
  halc_executable_free(executable);
}

TEST(HIP1, CorruptedFlatBuffer) {
  std::vector<uint8_t> bytes = buildHIP1(HipSpec());
  bytes[HALC_BINARY_HEADER_SIZE + 1] = 0x7f;
  EXPECT_NE(loadExecutableError(bytes).find("HIP1 FlatBuffer failed"),
            std::string::npos);
}

TEST(HIP1, NoModules) {
  HipSpec spec;
  spec.modules = 0;
  EXPECT_TRUE(fails(spec, "has no modules"));
}

TEST(HIP1, EmptyImage) {
  HipSpec spec;
  spec.image = "";
  EXPECT_TRUE(fails(spec, "modules[0] has no hsaco_image"));
}

TEST(HIP1, ImageNotELF) {
  HipSpec spec;
  spec.image = "MZ..code";
  EXPECT_TRUE(fails(spec, "modules[0] hsaco_image is not an ELF file"));
}

TEST(HIP1, NoExports) {
  HipSpec spec;
  spec.exports = 0;
  EXPECT_TRUE(fails(spec, "has no exports"));
}

TEST(HIP1, ModuleOrdinalOutOfRange) {
  HipSpec spec;
  spec.moduleOrdinal = 1;
  EXPECT_TRUE(fails(spec, "exports[0] names module 1 of 1"));
}

TEST(HIP1, EmptyKernelName) {
  HipSpec spec;
  spec.kernelName = "";
  EXPECT_TRUE(fails(spec, "exports[0] has no kernel_name"));
}

TEST(HIP1, RepeatedKernelName) {
  HipSpec spec;
  spec.exports = 2;
  EXPECT_TRUE(fails(spec, "exports[1] repeats the kernel_name 'main'"));
}

TEST(HIP1, MissingBlockDims) {
  HipSpec spec;
  spec.hasBlockDims = false;
  EXPECT_TRUE(fails(spec, "exports[0] has no block_dims"));
}

TEST(HIP1, ZeroBlockDim) {
  HipSpec spec;
  spec.blockDims = {64, 1, 0};
  EXPECT_TRUE(fails(spec, "block_dims 64x1x0"));
}

TEST(HIP1, TooManyThreads) {
  HipSpec spec;
  spec.blockDims = {1024, 2, 1};
  EXPECT_TRUE(fails(spec, "at most 1024 threads"));
}

TEST(HIP1, TooManyConstants) {
  HipSpec spec;
  spec.constants = 65;
  EXPECT_TRUE(fails(spec, "65 constants; at most 64"));
}

TEST(HIP1, TooManyBindings) {
  HipSpec spec;
  spec.bindings = 17;
  EXPECT_TRUE(fails(spec, "17 bindings; at most 16"));
}

} // namespace
