//===- ExecutableTest.cpp - The loader's checks, one by one ---------------===//
//
// Each test builds a VKE1 executable that is valid except for one thing and
// checks that loading it fails with a message naming that thing.
//
//===----------------------------------------------------------------------===//

#include "TestBinaries.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace halc::test;

namespace {

TEST(Executable, ValidVKE1LoadsWithItsExports) {
  std::vector<uint8_t> bytes = buildVKE1(Spec());
  halc_executable_t *executable = nullptr;
  ASSERT_EQ(halc_executable_load(bytes.data(), bytes.size(), &executable),
            nullptr);
  EXPECT_EQ(halc_executable_format(executable), HALC_EXECUTABLE_FORMAT_VKE1);
  ASSERT_EQ(halc_executable_export_count(executable), 1u);
  halc_export_info_t info;
  ASSERT_EQ(halc_executable_export_info(executable, 0, &info), nullptr);
  EXPECT_STREQ(info.name, "main");
  EXPECT_STREQ(info.entry_point, "main");
  EXPECT_EQ(info.workgroup_size[0], 64u);
  EXPECT_EQ(info.workgroup_size[1], 1u);
  EXPECT_EQ(info.binding_count, 3u);
  EXPECT_EQ(info.constant_count, 2u);
  const uint32_t *words = nullptr;
  size_t wordCount = 0;
  ASSERT_EQ(halc_executable_spirv(executable, 0, &words, &wordCount), nullptr);
  EXPECT_EQ(words[0], 0x07230203u);
  halc_status_t outOfRange = halc_executable_export_info(executable, 1, &info);
  ASSERT_NE(outOfRange, nullptr);
  EXPECT_NE(std::string(halc_status_message(outOfRange)).find("out of range"),
            std::string::npos);
  halc_status_free(outOfRange);
  halc_executable_free(executable);
}

TEST(Executable, ShorterThanHeader) {
  std::vector<uint8_t> bytes = buildVKE1(Spec());
  bytes.resize(10);
  EXPECT_NE(loadExecutableError(bytes).find("shorter than its 64-byte header"),
            std::string::npos);
}

TEST(Executable, Truncated) {
  std::vector<uint8_t> bytes = buildVKE1(Spec());
  bytes.resize(bytes.size() - 16);
  EXPECT_NE(loadExecutableError(bytes).find("content_size"), std::string::npos);
}

TEST(Executable, WrongMagic) {
  std::vector<uint8_t> bytes = buildVKE1(Spec());
  std::memcpy(bytes.data(), "MTL\x01", 4);
  EXPECT_NE(loadExecutableError(bytes).find("magic 'MTL\\x01'"), std::string::npos);
}

TEST(Executable, WrongVersion) {
  std::vector<uint8_t> bytes = buildVKE1(Spec());
  bytes[4] = 7;
  EXPECT_NE(loadExecutableError(bytes).find("version 7"), std::string::npos);
}

TEST(Executable, CorruptedFlatBuffer) {
  std::vector<uint8_t> bytes = buildVKE1(Spec());
  // The root table offset now points far outside the buffer.
  bytes[HALC_BINARY_HEADER_SIZE + 1] = 0x7f;
  EXPECT_NE(loadExecutableError(bytes).find("failed verification"), std::string::npos);
}

TEST(Executable, NoPipelines) {
  Spec spec;
  spec.pipelines = 0;
  EXPECT_NE(loadExecutableError(buildVKE1(spec)).find("no pipelines"), std::string::npos);
}

TEST(Executable, EmptyEntryPoint) {
  Spec spec;
  spec.entryPoint = "";
  EXPECT_NE(loadExecutableError(buildVKE1(spec)).find("pipelines[0] has no entry_point"),
            std::string::npos);
}

TEST(Executable, RepeatedEntryPoint) {
  Spec spec;
  spec.pipelines = 2;
  EXPECT_NE(loadExecutableError(buildVKE1(spec)).find("pipelines[1] repeats entry_point"),
            std::string::npos);
}

TEST(Executable, EntryPointMissingFromSPIRV) {
  Spec spec;
  spec.spirvEntryPoint = "other";
  EXPECT_NE(loadExecutableError(buildVKE1(spec)).find("'main' is not a compute entry point"),
            std::string::npos);
}

TEST(Executable, ZeroWorkgroupSize) {
  Spec spec;
  spec.localSize = {64, 0, 1};
  EXPECT_NE(loadExecutableError(buildVKE1(spec)).find("workgroup size 64x0x1"),
            std::string::npos);
}

TEST(Executable, TooLargeWorkgroup) {
  Spec spec;
  spec.localSize = {1024, 2, 1};
  EXPECT_NE(loadExecutableError(buildVKE1(spec)).find("at most 1024 invocations"),
            std::string::npos);
}

TEST(Executable, TooManyBindings) {
  Spec spec;
  spec.bindings = 17;
  EXPECT_NE(loadExecutableError(buildVKE1(spec)).find("17 bindings; at most 16"),
            std::string::npos);
}

TEST(Executable, TooManyConstants) {
  Spec spec;
  spec.pushConstantBytes = 4 * 65;
  EXPECT_NE(loadExecutableError(buildVKE1(spec)).find("push constant range"),
            std::string::npos);
}

TEST(Executable, PartialConstant) {
  Spec spec;
  spec.pushConstantBytes = 6;
  EXPECT_NE(loadExecutableError(buildVKE1(spec)).find("size 6"), std::string::npos);
}

TEST(Executable, ShaderModuleOrdinalOutOfRange) {
  Spec spec;
  spec.moduleOrdinal = 3;
  EXPECT_NE(loadExecutableError(buildVKE1(spec)).find("names shader module 3 of 1"),
            std::string::npos);
}

TEST(Executable, PipelineLayoutOrdinalOutOfRange) {
  Spec spec;
  spec.layoutOrdinal = 2;
  EXPECT_NE(loadExecutableError(buildVKE1(spec)).find("pipeline_layout_ordinal 2 is out of range"),
            std::string::npos);
}

TEST(Executable, NotSPIRV) {
  Spec spec;
  spec.spirv = {0xdeadbeef, 0, 0, 0, 0, 0};
  EXPECT_NE(loadExecutableError(buildVKE1(spec)).find("shader_modules[0]: SPIR-V module does "
                                        "not start with the SPIR-V magic"),
            std::string::npos);
}

TEST(Executable, SPIRVInstructionPastTheEnd) {
  Spec spec;
  spec.spirv = makeSPIRV("main", {1, 1, 1});
  spec.spirv.resize(spec.spirv.size() - 2);
  EXPECT_NE(loadExecutableError(buildVKE1(spec)).find("runs past the end"),
            std::string::npos);
}

TEST(Executable, MissingFile) {
  halc_executable_t *executable = nullptr;
  halc_status_t status =
      halc_executable_load_file("/nonexistent/x.vk1", &executable);
  ASSERT_NE(status, nullptr);
  EXPECT_NE(std::string(halc_status_message(status)).find("cannot open"),
            std::string::npos);
  halc_status_free(status);
}

} // namespace
