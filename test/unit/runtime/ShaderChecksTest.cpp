//===- ShaderChecksTest.cpp - SPIR-V checks before the Vulkan driver ------===//
//
// An entry point may use only the descriptors of its export's layout (set 0,
// bindings below the export's count): the driver crashes on any other. The
// functions it calls count; resources of other entry points do not.
//
//===----------------------------------------------------------------------===//

#include "ShaderChecks.h"

#include "halc/runtime.h"

#include "spirv-tools/libspirv.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

/// Two entry points: @first reads binding 0 and calls a function that reads
/// the binding declared at (set, binding); @second reads binding 3.
std::vector<uint32_t> assemble(int set, int binding) {
  std::string text = R"(
    OpCapability Shader
    OpMemoryModel Logical GLSL450
    OpEntryPoint GLCompute %first "first" %a %b
    OpEntryPoint GLCompute %second "second" %c
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
    %helper = OpFunction %void None %fn
    %h = OpLabel
    OpCopyMemory %a %b
    OpReturn
    OpFunctionEnd
    %first = OpFunction %void None %fn
    %f = OpLabel
    %call = OpFunctionCall %void %helper
    OpReturn
    OpFunctionEnd
    %second = OpFunction %void None %fn
    %s = OpLabel
    OpCopyMemory %c %c
    OpReturn
    OpFunctionEnd
  )";
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_3);
  std::vector<uint32_t> words;
  EXPECT_TRUE(tools.Assemble(text, &words));
  if (halc_status_t status = halc::validateSPIRV(words.data(), words.size())) {
    ADD_FAILURE() << halc_status_message(status);
    halc_status_free(status);
  }
  return words;
}

/// The error of checkEntryPointBindings, or "" when it passes.
std::string check(const std::vector<uint32_t> &words, const char *entryPoint,
                  uint32_t bindingCount) {
  halc_status_t status = halc::checkEntryPointBindings(
      words.data(), words.size(), entryPoint, bindingCount);
  if (!status)
    return "";
  std::string message = halc_status_message(status);
  halc_status_free(status);
  return message;
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

} // namespace
