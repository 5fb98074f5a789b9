//===- ExecutableTest.cpp - The loader's checks, one by one ---------------===//
//
// Each test builds a VKE1 executable that is valid except for one thing and
// checks that loading it fails with a message naming that thing.
//
//===----------------------------------------------------------------------===//

#include "halc/runtime.h"

#include "schemas/binary_header.h"
#include "vulkan_executable_def_generated.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace vk = iree::hal::vulkan;

namespace {

/// A SPIR-V module with one GLCompute entry point and its LocalSize: only
/// the instructions the loader reads.
std::vector<uint32_t> makeSPIRV(const std::string &name,
                                std::array<uint32_t, 3> localSize) {
  std::vector<uint32_t> nameWords((name.size() + 4) / 4, 0);
  std::memcpy(nameWords.data(), name.data(), name.size());
  std::vector<uint32_t> words = {0x07230203, 0x00010300, 0, 8, 0};
  words.push_back(((3 + nameWords.size()) << 16) | 15); // OpEntryPoint
  words.push_back(5);                                   // GLCompute
  words.push_back(1);                                   // %1
  words.insert(words.end(), nameWords.begin(), nameWords.end());
  words.push_back((6 << 16) | 16); // OpExecutionMode %1 LocalSize x y z
  words.insert(words.end(), {1, 17, localSize[0], localSize[1], localSize[2]});
  return words;
}

/// The knobs of one test executable; the defaults make a valid one.
struct Spec {
  std::string entryPoint = "main";
  std::string spirvEntryPoint = "main";
  std::array<uint32_t, 3> localSize = {64, 1, 1};
  uint32_t bindings = 3;
  uint32_t pushConstantBytes = 8;
  uint32_t moduleOrdinal = 0;
  uint32_t layoutOrdinal = 0;
  int pipelines = 1;
  std::vector<uint32_t> spirv;
};

std::vector<uint8_t> build(const Spec &spec) {
  flatbuffers::FlatBufferBuilder builder;
  std::vector<flatbuffers::Offset<vk::DescriptorSetLayoutBindingDef>> bindings;
  for (uint32_t i = 0; i < spec.bindings; ++i)
    bindings.push_back(vk::CreateDescriptorSetLayoutBindingDef(
        builder, i, vk::VkDescriptorType::STORAGE_BUFFER, 1, 0x20));
  std::vector<flatbuffers::Offset<vk::DescriptorSetLayoutDef>> sets = {
      vk::CreateDescriptorSetLayoutDefDirect(builder, &bindings)};
  std::vector<uint32_t> setOrdinals = {0};
  std::vector<vk::PushConstantRange> ranges;
  if (spec.pushConstantBytes)
    ranges.emplace_back(0x20, 0, spec.pushConstantBytes);
  std::vector<flatbuffers::Offset<vk::PipelineLayoutDef>> layouts = {
      vk::CreatePipelineLayoutDefDirect(builder, &setOrdinals, &ranges)};
  std::vector<uint32_t> code =
      spec.spirv.empty() ? makeSPIRV(spec.spirvEntryPoint, spec.localSize)
                         : spec.spirv;
  std::vector<flatbuffers::Offset<vk::ShaderModuleDef>> modules = {
      vk::CreateShaderModuleDefDirect(builder, &code)};
  std::vector<flatbuffers::Offset<vk::PipelineDef>> pipelines;
  for (int i = 0; i < spec.pipelines; ++i)
    pipelines.push_back(vk::CreatePipelineDefDirect(
        builder, spec.moduleOrdinal, spec.entryPoint.c_str(),
        spec.layoutOrdinal));
  builder.Finish(vk::CreateExecutableDefDirect(builder, &pipelines, &sets,
                                               &layouts, &modules),
                 vk::ExecutableDefIdentifier());
  halc_binary_header_t header = {};
  header.magic = halc_binary_magic("VKE1");
  header.content_size = builder.GetSize();
  std::vector<uint8_t> bytes(sizeof(header) + builder.GetSize());
  std::memcpy(bytes.data(), &header, sizeof(header));
  std::memcpy(bytes.data() + sizeof(header), builder.GetBufferPointer(),
              builder.GetSize());
  return bytes;
}

/// The error message of loading `bytes`; empty when it loads.
std::string loadError(const std::vector<uint8_t> &bytes) {
  halc_executable_t *executable = nullptr;
  halc_status_t status =
      halc_executable_load(bytes.data(), bytes.size(), &executable);
  if (!status) {
    halc_executable_free(executable);
    return "";
  }
  EXPECT_EQ(executable, nullptr);
  std::string message = halc_status_message(status);
  halc_status_free(status);
  return message;
}

TEST(Executable, ValidVKE1LoadsWithItsExports) {
  std::vector<uint8_t> bytes = build(Spec());
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
  std::vector<uint8_t> bytes = build(Spec());
  bytes.resize(10);
  EXPECT_NE(loadError(bytes).find("shorter than its 64-byte header"),
            std::string::npos);
}

TEST(Executable, Truncated) {
  std::vector<uint8_t> bytes = build(Spec());
  bytes.resize(bytes.size() - 16);
  EXPECT_NE(loadError(bytes).find("content_size"), std::string::npos);
}

TEST(Executable, WrongMagic) {
  std::vector<uint8_t> bytes = build(Spec());
  std::memcpy(bytes.data(), "MTL\x01", 4);
  EXPECT_NE(loadError(bytes).find("magic 'MTL\\x01'"), std::string::npos);
}

TEST(Executable, WrongVersion) {
  std::vector<uint8_t> bytes = build(Spec());
  bytes[4] = 7;
  EXPECT_NE(loadError(bytes).find("version 7"), std::string::npos);
}

TEST(Executable, CorruptedFlatBuffer) {
  std::vector<uint8_t> bytes = build(Spec());
  // The root table offset now points far outside the buffer.
  bytes[HALC_BINARY_HEADER_SIZE + 1] = 0x7f;
  EXPECT_NE(loadError(bytes).find("failed verification"), std::string::npos);
}

TEST(Executable, NoPipelines) {
  Spec spec;
  spec.pipelines = 0;
  EXPECT_NE(loadError(build(spec)).find("no pipelines"), std::string::npos);
}

TEST(Executable, EmptyEntryPoint) {
  Spec spec;
  spec.entryPoint = "";
  EXPECT_NE(loadError(build(spec)).find("pipelines[0] has no entry_point"),
            std::string::npos);
}

TEST(Executable, RepeatedEntryPoint) {
  Spec spec;
  spec.pipelines = 2;
  EXPECT_NE(loadError(build(spec)).find("pipelines[1] repeats entry_point"),
            std::string::npos);
}

TEST(Executable, EntryPointMissingFromSPIRV) {
  Spec spec;
  spec.spirvEntryPoint = "other";
  EXPECT_NE(loadError(build(spec)).find("'main' is not a compute entry point"),
            std::string::npos);
}

TEST(Executable, ZeroWorkgroupSize) {
  Spec spec;
  spec.localSize = {64, 0, 1};
  EXPECT_NE(loadError(build(spec)).find("workgroup size 64x0x1"),
            std::string::npos);
}

TEST(Executable, TooLargeWorkgroup) {
  Spec spec;
  spec.localSize = {1024, 2, 1};
  EXPECT_NE(loadError(build(spec)).find("at most 1024 invocations"),
            std::string::npos);
}

TEST(Executable, TooManyBindings) {
  Spec spec;
  spec.bindings = 17;
  EXPECT_NE(loadError(build(spec)).find("17 bindings; at most 16"),
            std::string::npos);
}

TEST(Executable, TooManyConstants) {
  Spec spec;
  spec.pushConstantBytes = 4 * 65;
  EXPECT_NE(loadError(build(spec)).find("push constant range"),
            std::string::npos);
}

TEST(Executable, PartialConstant) {
  Spec spec;
  spec.pushConstantBytes = 6;
  EXPECT_NE(loadError(build(spec)).find("size 6"), std::string::npos);
}

TEST(Executable, ShaderModuleOrdinalOutOfRange) {
  Spec spec;
  spec.moduleOrdinal = 3;
  EXPECT_NE(loadError(build(spec)).find("names shader module 3 of 1"),
            std::string::npos);
}

TEST(Executable, PipelineLayoutOrdinalOutOfRange) {
  Spec spec;
  spec.layoutOrdinal = 2;
  EXPECT_NE(loadError(build(spec)).find("pipeline_layout_ordinal 2 is out of range"),
            std::string::npos);
}

TEST(Executable, NotSPIRV) {
  Spec spec;
  spec.spirv = {0xdeadbeef, 0, 0, 0, 0, 0};
  EXPECT_NE(loadError(build(spec)).find("shader_modules[0]: SPIR-V module does "
                                        "not start with the SPIR-V magic"),
            std::string::npos);
}

TEST(Executable, SPIRVInstructionPastTheEnd) {
  Spec spec;
  spec.spirv = makeSPIRV("main", {1, 1, 1});
  spec.spirv.resize(spec.spirv.size() - 2);
  EXPECT_NE(loadError(build(spec)).find("runs past the end"),
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
