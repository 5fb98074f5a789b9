//===- ShaderChecksTest.cpp - SPIR-V checks before the Vulkan driver ------===//
//
// An entry point may use only the descriptors of its export's layout (set 0,
// bindings below the export's count): the driver crashes on any other. The
// functions it calls count; resources of other entry points do not. The same
// holds for the workgroup memory it uses, which must fit the device's.
//
//===----------------------------------------------------------------------===//

#include "ShaderChecks.h"

#include "halc/runtime.h"

#include "spirv-tools/libspirv.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <tuple>
#include <vector>

namespace {

/// The module of SPIR-V assembly `text`, which must assemble (and, with
/// `validate`, be valid).
std::vector<uint32_t> assembleText(const std::string &text,
                                   bool validate = true) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_3);
  std::vector<uint32_t> words;
  EXPECT_TRUE(tools.Assemble(text, &words));
  if (!validate)
    return words;
  if (halc_status_t status = halc::validateSPIRV(words.data(), words.size())) {
    ADD_FAILURE() << halc_status_message(status);
    halc_status_free(status);
  }
  return words;
}

/// Two entry points: @first reads binding 0 and calls a function that reads
/// the binding declared at (set, binding); @second reads binding 3. In
/// workgroup memory, @first uses a struct of 1000 floats and a vec4 (4016
/// bytes) through the function it calls, and an array of 8 half vectors of
/// 4 (64 bytes); @second only the 256 bytes of 64 ints.
std::vector<uint32_t> assemble(int set, int binding) {
  std::string text = R"(
    OpCapability Shader
    OpCapability Float16
    OpMemoryModel Logical GLSL450
    OpEntryPoint GLCompute %first "first" %a %b %wa %wb
    OpEntryPoint GLCompute %second "second" %c %wc
    OpExecutionMode %first LocalSize 1 1 1
    OpExecutionMode %second LocalSize 1 1 1
    OpDecorate %block Block
    OpMemberDecorate %block 0 Offset 0
    OpDecorate %a DescriptorSet 0
    OpDecorate %a Binding 0
    OpDecorate %b DescriptorSet )" + std::to_string(set) + R"(
    OpDecorate %b Binding )" + std::to_string(binding) + R"(
    OpDecorate %c DescriptorSet 0
    OpDecorate %c Binding 3
    %void = OpTypeVoid
    %fn = OpTypeFunction %void
    %float = OpTypeFloat 32
    %block = OpTypeStruct %float
    %ptr = OpTypePointer StorageBuffer %block
    %a = OpVariable %ptr StorageBuffer
    %b = OpVariable %ptr StorageBuffer
    %c = OpVariable %ptr StorageBuffer
    %half = OpTypeFloat 16
    %uint = OpTypeInt 32 0
    %v4float = OpTypeVector %float 4
    %v4half = OpTypeVector %half 4
    %c1000 = OpConstant %uint 1000
    %c8 = OpConstant %uint 8
    %c64 = OpConstant %uint 64
    %floats = OpTypeArray %float %c1000
    %tile = OpTypeStruct %floats %v4float
    %halves = OpTypeArray %v4half %c8
    %ints = OpTypeArray %uint %c64
    %tile_ptr = OpTypePointer Workgroup %tile
    %halves_ptr = OpTypePointer Workgroup %halves
    %ints_ptr = OpTypePointer Workgroup %ints
    %wa = OpVariable %tile_ptr Workgroup
    %wb = OpVariable %halves_ptr Workgroup
    %wc = OpVariable %ints_ptr Workgroup
    %helper = OpFunction %void None %fn
    %h = OpLabel
    OpCopyMemory %a %b
    OpCopyMemory %wa %wa
    OpReturn
    OpFunctionEnd
    %first = OpFunction %void None %fn
    %f = OpLabel
    %call = OpFunctionCall %void %helper
    OpCopyMemory %wb %wb
    OpReturn
    OpFunctionEnd
    %second = OpFunction %void None %fn
    %s = OpLabel
    OpCopyMemory %c %c
    OpCopyMemory %wc %wc
    OpReturn
    OpFunctionEnd
  )";
  return assembleText(text);
}

/// The message of `status` (freed), or "" when it is a success.
std::string takeMessage(halc_status_t status) {
  if (!status)
    return "";
  std::string message = halc_status_message(status);
  halc_status_free(status);
  return message;
}

/// The error of checkEntryPoint on the bindings, or "" when they pass.
std::string check(const std::vector<uint32_t> &words, const char *entryPoint,
                  uint32_t bindingCount) {
  return takeMessage(halc::checkEntryPoint(words.data(), words.size(),
                                           entryPoint, bindingCount,
                                           UINT32_MAX, "test"));
}

TEST(ShaderChecks, BindingsWithinTheLayoutPass) {
  std::vector<uint32_t> words = assemble(0, 1);
  EXPECT_EQ(check(words, "first", 2), "");
  EXPECT_EQ(check(words, "second", 4), "");
}

TEST(ShaderChecks, BindingOfACalledFunctionPastTheLayout) {
  EXPECT_EQ(check(assemble(0, 1), "first", 1),
            "entry point 'first' uses descriptor set 0, binding 1; its layout "
            "has set 0 with 1 bindings");
}

TEST(ShaderChecks, DescriptorSetOtherThanZero) {
  EXPECT_EQ(check(assemble(2048, 1), "first", 2),
            "entry point 'first' uses descriptor set 2048, binding 1; its "
            "layout has set 0 with 2 bindings");
}

TEST(ShaderChecks, MissingEntryPoint) {
  EXPECT_EQ(check(assemble(0, 1), "third", 2),
            "has no GLCompute entry point 'third'");
}

/// The error of checkEntryPoint on the workgroup memory, or "" when it
/// passes.
std::string checkMemory(const std::vector<uint32_t> &words,
                        const char *entryPoint, uint32_t deviceBytes) {
  return takeMessage(halc::checkEntryPoint(words.data(), words.size(),
                                           entryPoint, /*bindingCount=*/16,
                                           deviceBytes, "test"));
}

TEST(ShaderChecks, WorkgroupMemoryOfAnEntryPoint) {
  std::vector<uint32_t> words = assemble(0, 1);
  EXPECT_EQ(checkMemory(words, "first", 4080), "");
  EXPECT_EQ(checkMemory(words, "first", 4079),
            "entry point 'first' uses 4080 bytes of workgroup memory; Vulkan "
            "device 'test' has 4079 (maxComputeSharedMemorySize)");
  EXPECT_EQ(checkMemory(words, "second", 256), "");
  EXPECT_EQ(checkMemory(words, "second", 255),
            "entry point 'second' uses 256 bytes of workgroup memory; Vulkan "
            "device 'test' has 255 (maxComputeSharedMemorySize)");
}

// Sizes past 64 bits count as the largest: never wrapped into a small one.
TEST(ShaderChecks, WorkgroupMemoryBeyond64Bits) {
  const char *text = R"(
    OpCapability Shader
    OpMemoryModel Logical GLSL450
    OpEntryPoint GLCompute %main "main"
    OpExecutionMode %main LocalSize 1 1 1
    %void = OpTypeVoid
    %fn = OpTypeFunction %void
    %float = OpTypeFloat 32
    %uint = OpTypeInt 32 0
    %big = OpConstant %uint 2147483648
    %row = OpTypeArray %float %big
    %rows = OpTypeArray %row %big
    %cube = OpTypeArray %rows %big
    %ptr = OpTypePointer Workgroup %cube
    %a = OpVariable %ptr Workgroup
    %main = OpFunction %void None %fn
    %m = OpLabel
    OpCopyMemory %a %a
    OpReturn
    OpFunctionEnd
  )";
  // Valid in form; no driver could run it.
  std::vector<uint32_t> words = assembleText(text, /*validate=*/false);
  EXPECT_EQ(checkMemory(words, "main", 49152),
            "entry point 'main' uses 18446744073709551615 bytes of workgroup "
            "memory; Vulkan device 'test' has 49152 "
            "(maxComputeSharedMemorySize)");
}

} // namespace

namespace {

// SPIRV-Tools 2023.1 cannot assemble SPV_KHR_cooperative_matrix: its
// instructions are spliced in as words (OpCapability CooperativeMatrixKHR =
// 6022; OpTypeCooperativeMatrixKHR = 4456, %result %component %scope %rows
// %columns %use; OpCooperativeMatrixLoadKHR = 4457, %type %result %pointer
// %layout).
constexpr uint32_t kCooperativeMatrixKHR = 6022;

uint32_t instruction(uint32_t opcode, uint32_t words) {
  return words << 16 | opcode;
}

/// A module on cooperative matrices: A and B 16x16 f16, an accumulator
/// 16x16 f32; the entry point @first loads a matrix from the buffer at
/// binding 1 (replacing an OpNop of its body).
std::vector<uint32_t> assembleCooperative() {
  const char *text = R"(
    OpCapability Shader
    OpCapability Float16
    OpMemoryModel Logical GLSL450
    OpEntryPoint GLCompute %1 "first"
    OpExecutionMode %1 LocalSize 32 1 1
    OpDecorate %20 Block
    OpMemberDecorate %20 0 Offset 0
    OpDecorate %22 DescriptorSet 0
    OpDecorate %22 Binding 0
    OpDecorate %23 DescriptorSet 0
    OpDecorate %23 Binding 1
    %2 = OpTypeVoid
    %3 = OpTypeFunction %2
    %10 = OpTypeFloat 16
    %11 = OpTypeFloat 32
    %12 = OpTypeInt 32 0
    %13 = OpConstant %12 16
    %14 = OpConstant %12 0
    %15 = OpConstant %12 1
    %16 = OpConstant %12 2
    %17 = OpConstant %12 3
    %20 = OpTypeStruct %10
    %21 = OpTypePointer StorageBuffer %20
    %22 = OpVariable %21 StorageBuffer
    %23 = OpVariable %21 StorageBuffer
    %1 = OpFunction %2 None %3
    %4 = OpLabel
    OpNop
    OpReturn
    OpFunctionEnd
  )";
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_3);
  std::vector<uint32_t> words;
  EXPECT_TRUE(tools.Assemble(text, &words,
                             SPV_TEXT_TO_BINARY_OPTION_PRESERVE_NUMERIC_IDS));
  words[3] = 100; // the id bound
  std::vector<uint32_t> module(words.begin(), words.begin() + 5);
  module.insert(module.end(), {instruction(17, 2), kCooperativeMatrixKHR});
  for (size_t at = 5; at < words.size();) {
    uint32_t length = words[at] >> 16;
    uint32_t opcode = words[at] & 0xffff;
    if (opcode == 0) {
      // %31 = OpCooperativeMatrixLoadKHR %30 %23 (binding 1) RowMajor (%14)
      module.insert(module.end(), {instruction(4457, 5), 30, 31, 23, 14});
    } else {
      module.insert(module.end(), words.begin() + at,
                    words.begin() + at + length);
    }
    // The matrix types after the constants they name.
    if (opcode == 43 && words[at + 2] == 17)
      for (auto [id, component, use] : {std::tuple<uint32_t, uint32_t, uint32_t>{
                                            30, 10, 14},
                                        {32, 10, 15},
                                        {33, 11, 16}})
        module.insert(module.end(),
                      {instruction(4456, 7), id, component, 17, 13, 13, use});
    at += length;
  }
  return module;
}

std::string checkMatrices(
    const std::vector<halc::CooperativeMatrixProperties> &available) {
  std::vector<uint32_t> words = assembleCooperative();
  return takeMessage(halc::checkCooperativeMatrices(
      words.data(), words.size(), available, "test"));
}

// VkComponentTypeKHR: FLOAT16 = 0, FLOAT32 = 1.
TEST(ShaderChecks, CooperativeMatricesTheDeviceHas) {
  EXPECT_EQ(checkMatrices({{16, 8, 16, 0, 0, 1, 1}, {16, 16, 16, 0, 0, 1, 1}}),
            "");
}

TEST(ShaderChecks, CooperativeMatricesOnADeviceWithout) {
  EXPECT_EQ(checkMatrices({}),
            "uses cooperative matrices (SPV_KHR_cooperative_matrix), which "
            "Vulkan device 'test' does not have (no VK_KHR_cooperative_matrix)");
}

TEST(ShaderChecks, CooperativeMatrixTheDeviceDoesNotList) {
  EXPECT_EQ(checkMatrices({{16, 16, 16, 0, 0, 0, 0}}),
            "uses a 16x16 f32 cooperative matrix accumulator, which Vulkan "
            "device 'test' does not list among its cooperative-matrix "
            "operations");
}

// The cooperative instructions are set aside for SPIRV-Tools, but the
// buffers they load from still count against the layout; the module is not
// validated (SPIRV-Tools rejects the extension).
TEST(ShaderChecks, BindingOfACooperativeLoad) {
  std::vector<uint32_t> words = assembleCooperative();
  EXPECT_EQ(halc::validateSPIRV(words.data(), words.size()), nullptr);
  EXPECT_EQ(check(words, "first", 2), "");
  EXPECT_EQ(check(words, "first", 1),
            "entry point 'first' uses descriptor set 0, binding 1; its layout "
            "has set 0 with 1 bindings");
}

/// The module of assembleCooperative with A and B of bf16 (SPV_KHR_bfloat16:
/// its capabilities BFloat16TypeKHR = 5116 and BFloat16CooperativeMatrixKHR
/// = 5118, its extension, %10 an OpTypeFloat 16 with the FP encoding
/// BFloat16KHR = 0), which SPIRV-Tools 2023.1 cannot parse.
std::vector<uint32_t> assembleBF16Cooperative() {
  std::vector<uint32_t> words = assembleCooperative();
  std::vector<uint32_t> module(words.begin(), words.begin() + 5);
  const char extension[] = "SPV_KHR_bfloat16"; // 16 bytes, then a zero word
  module.insert(module.end(), {instruction(17, 2), 5116, instruction(17, 2),
                               5118, instruction(10, 6)});
  for (size_t i = 0; i < 4; ++i) {
    uint32_t word;
    std::memcpy(&word, extension + 4 * i, 4);
    module.push_back(word);
  }
  module.push_back(0);
  for (size_t at = 5; at < words.size();) {
    uint32_t length = words[at] >> 16;
    if ((words[at] & 0xffff) == 22 && words[at + 1] == 10)
      module.insert(module.end(), {instruction(22, 4), 10, 16, 0});
    else
      module.insert(module.end(), words.begin() + at,
                    words.begin() + at + length);
    at += length;
  }
  return module;
}

// VkComponentTypeKHR BFLOAT16 = 1000141000: the module's interface is still
// read (its bf16 parts set aside for SPIRV-Tools), and its A and B are bf16
// matrices, which a device lists or not.
TEST(ShaderChecks, BF16CooperativeMatrices) {
  std::vector<uint32_t> words = assembleBF16Cooperative();
  EXPECT_EQ(check(words, "first", 2), "");
  constexpr uint32_t bf16 = 1000141000;
  EXPECT_EQ(takeMessage(halc::checkCooperativeMatrices(
                words.data(), words.size(), {{16, 16, 16, bf16, bf16, 1, 1}},
                "test")),
            "");
  EXPECT_EQ(takeMessage(halc::checkCooperativeMatrices(
                words.data(), words.size(), {{16, 16, 16, 0, 0, 1, 1}},
                "test")),
            "uses a 16x16 bf16 cooperative matrix A, which Vulkan device "
            "'test' does not list among its cooperative-matrix operations");
}

// VKE1's subgroup_size: cooperative matrices are compiled for 32 lanes.
TEST(ShaderChecks, SubgroupSizeTheCodeReliesOn) {
  EXPECT_EQ(takeMessage(halc::checkSubgroupSize("matmul", 32, 32, "test")), "");
  EXPECT_EQ(takeMessage(halc::checkSubgroupSize("matmul", 0, 8, "test")), "");
  EXPECT_EQ(takeMessage(halc::checkSubgroupSize("matmul", 32, 8, "test")),
            "export 'matmul' needs subgroups of 32 lanes; Vulkan device "
            "'test' has 8");
}

} // namespace
