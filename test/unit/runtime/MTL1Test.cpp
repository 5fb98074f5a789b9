//===- MTL1Test.cpp - The MTL1 loader's checks, one by one ----------------===//

#include "TestBinaries.h"

#include <gtest/gtest.h>

using namespace halc::test;

namespace {

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

TEST(MTL1, ValidLoadsWithEverythingADriverNeeds) {
  std::vector<uint8_t> bytes = buildMTL1(MetalSpec());
  halc_executable_t *executable = nullptr;
  ASSERT_EQ(halc_executable_load(bytes.data(), bytes.size(), &executable),
            nullptr);
  EXPECT_EQ(halc_executable_format(executable), HALC_EXECUTABLE_FORMAT_MTL1);
  ASSERT_EQ(halc_executable_library_count(executable), 1u);
  halc_metal_library_t library;
  ASSERT_EQ(halc_executable_metal_library(executable, 0, &library), nullptr);
  EXPECT_EQ(std::string(library.source, library.source_size),
            "kernel void main0() {}");
  EXPECT_EQ(library.msl_version, 3u << 16);
  EXPECT_EQ(library.metallib_size, 0u);
  halc_export_info_t info;
  ASSERT_EQ(halc_executable_export_info(executable, 0, &info), nullptr);
  EXPECT_STREQ(info.name, "main");
  EXPECT_STREQ(info.entry_point, "main0");
  EXPECT_EQ(info.workgroup_size[0], 32u);
  EXPECT_EQ(info.binding_count, 3u);
  EXPECT_EQ(info.read_only_bindings, 0b111u);
  EXPECT_EQ(info.constant_count, 2u);
  EXPECT_EQ(halc_executable_export_module(executable, 0), 0u);
  halc_executable_free(executable);
}

TEST(MTL1, MetallibWithoutSourceLoads) {
  MetalSpec spec;
  spec.source = "";
  spec.metallib = "MTLB";
  EXPECT_EQ(loadExecutableError(buildMTL1(spec)), "");
}

TEST(MTL1, CorruptedFlatBuffer) {
  std::vector<uint8_t> bytes = buildMTL1(MetalSpec());
  bytes[HALC_BINARY_HEADER_SIZE + 1] = 0x7f;
  EXPECT_TRUE(contains(loadExecutableError(bytes), "MTL1 FlatBuffer failed verification"));
}

TEST(MTL1, NoLibraries) {
  MetalSpec spec;
  spec.libraries = 0;
  EXPECT_TRUE(contains(loadExecutableError(buildMTL1(spec)), "has no libraries"));
}

TEST(MTL1, LibraryWithoutCode) {
  MetalSpec spec;
  spec.source = "";
  EXPECT_TRUE(contains(loadExecutableError(buildMTL1(spec)),
                       "libraries[0] has neither a metallib nor MSL source"));
}

TEST(MTL1, UnknownMSLVersion) {
  MetalSpec spec;
  spec.version = 4 << 16 | 7;
  EXPECT_TRUE(contains(loadExecutableError(buildMTL1(spec)),
                       "MSL version 0x40007, which is no MSL version"));
}

TEST(MTL1, NoPipelines) {
  MetalSpec spec;
  spec.pipelines = 0;
  EXPECT_TRUE(contains(loadExecutableError(buildMTL1(spec)), "has no pipelines"));
}

TEST(MTL1, LibraryOrdinalOutOfRange) {
  MetalSpec spec;
  spec.libraryOrdinal = 2;
  EXPECT_TRUE(contains(loadExecutableError(buildMTL1(spec)),
                       "pipelines[0] names library 2 of 1"));
}

TEST(MTL1, EmptyEntryPoint) {
  MetalSpec spec;
  spec.entryPoint = "";
  EXPECT_TRUE(contains(loadExecutableError(buildMTL1(spec)),
                       "pipelines[0] has no entry_point"));
}

TEST(MTL1, EmptyName) {
  MetalSpec spec;
  spec.name = "";
  EXPECT_TRUE(contains(loadExecutableError(buildMTL1(spec)), "pipelines[0] has no name"));
}

TEST(MTL1, RepeatedName) {
  MetalSpec spec;
  spec.pipelines = 2;
  EXPECT_TRUE(contains(loadExecutableError(buildMTL1(spec)),
                       "pipelines[1] repeats the name 'main'"));
}

TEST(MTL1, MissingThreadgroupSize) {
  MetalSpec spec;
  spec.hasThreadgroupSize = false;
  EXPECT_TRUE(contains(loadExecutableError(buildMTL1(spec)), "has no threadgroup_size"));
}

TEST(MTL1, ZeroThreadgroupSize) {
  MetalSpec spec;
  spec.threadgroupSize = {32, 0, 1};
  EXPECT_TRUE(contains(loadExecutableError(buildMTL1(spec)), "threadgroup size 32x0x1"));
}

TEST(MTL1, ThreadgroupOverItsMaximum) {
  MetalSpec spec;
  spec.threadgroupSize = {32, 4, 1};
  EXPECT_TRUE(contains(loadExecutableError(buildMTL1(spec)), "at most 64 threads"));
}

TEST(MTL1, ThreadgroupOver1024) {
  MetalSpec spec;
  spec.maxThreads = 0;
  spec.threadgroupSize = {1024, 2, 1};
  EXPECT_TRUE(contains(loadExecutableError(buildMTL1(spec)), "at most 1024 threads"));
}

TEST(MTL1, TooManyConstants) {
  MetalSpec spec;
  spec.constants = 65;
  EXPECT_TRUE(contains(loadExecutableError(buildMTL1(spec)),
                       "65 constants; at most 64"));
}

TEST(MTL1, TooManyBindings) {
  MetalSpec spec;
  spec.bindings = 17;
  EXPECT_TRUE(contains(loadExecutableError(buildMTL1(spec)), "17 bindings; at most 16"));
}

} // namespace
