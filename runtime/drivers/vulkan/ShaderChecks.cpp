//===- ShaderChecks.cpp - What a Vulkan driver needs of SPIR-V ------------===//
//
// Opcodes and decorations from the SPIR-V spec, section 3: OpEntryPoint = 15,
// OpFunction = 54, OpFunctionEnd = 56, OpDecorate = 71, OpGroupDecorate =
// 74; Binding = 33, DescriptorSet = 34; GLCompute = 5.
//
//===----------------------------------------------------------------------===//

#include "ShaderChecks.h"

#include "halc/status_cc.h"

#include "spirv-tools/libspirv.hpp"

#include <map>
#include <set>
#include <string>
#include <vector>

using namespace halc;

namespace {

constexpr uint16_t kOpEntryPoint = 15;
constexpr uint16_t kOpFunction = 54;
constexpr uint16_t kOpFunctionEnd = 56;
constexpr uint16_t kOpDecorate = 71;
constexpr uint16_t kOpGroupDecorate = 74;
constexpr uint32_t kDecorationBinding = 33;
constexpr uint32_t kDecorationDescriptorSet = 34;
constexpr uint32_t kExecutionModelGLCompute = 5;

/// What the module declares about descriptors and which ids each function's
/// body uses.
struct ShaderInterface {
  std::map<uint32_t, uint32_t> descriptorSets, bindings;
  /// Decoration groups and the ids each is applied to.
  std::map<uint32_t, std::vector<uint32_t>> groupTargets;
  std::map<std::string, uint32_t> entryPoints;
  std::map<uint32_t, std::set<uint32_t>> usedIds;
  uint32_t function = 0;
};

spv_result_t recordInstruction(void *data,
                               const spv_parsed_instruction_t *instruction) {
  ShaderInterface &interface = *static_cast<ShaderInterface *>(data);
  auto operand = [&](size_t i) {
    return instruction->words + instruction->operands[i].offset;
  };
  switch (instruction->opcode) {
  case kOpEntryPoint:
    if (*operand(0) == kExecutionModelGLCompute)
      interface.entryPoints[reinterpret_cast<const char *>(operand(2))] =
          *operand(1);
    break;
  case kOpDecorate:
    if (*operand(1) == kDecorationBinding)
      interface.bindings[*operand(0)] = *operand(2);
    else if (*operand(1) == kDecorationDescriptorSet)
      interface.descriptorSets[*operand(0)] = *operand(2);
    break;
  case kOpGroupDecorate:
    for (size_t i = 1; i < instruction->num_operands; ++i)
      interface.groupTargets[*operand(0)].push_back(*operand(i));
    break;
  case kOpFunction:
    interface.function = instruction->result_id;
    break;
  case kOpFunctionEnd:
    interface.function = 0;
    break;
  }
  if (interface.function)
    for (size_t i = 0; i < instruction->num_operands; ++i)
      if (instruction->operands[i].type == SPV_OPERAND_TYPE_ID)
        interface.usedIds[interface.function].insert(*operand(i));
  return SPV_SUCCESS;
}

/// Gives the targets of each decoration group the group's decorations.
void applyDecorationGroups(ShaderInterface &interface) {
  for (const auto &[group, targets] : interface.groupTargets)
    for (uint32_t target : targets) {
      if (interface.bindings.count(group))
        interface.bindings[target] = interface.bindings[group];
      if (interface.descriptorSets.count(group))
        interface.descriptorSets[target] = interface.descriptorSets[group];
    }
}

} // namespace

halc_status_t halc::validateSPIRV(const uint32_t *words, size_t wordCount) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_3);
  std::string messages;
  tools.SetMessageConsumer([&](spv_message_level_t, const char *,
                               const spv_position_t &, const char *message) {
    if (messages.empty())
      messages = message;
  });
  if (tools.Validate(words, wordCount))
    return nullptr;
  return makeError("is not valid SPIR-V: " + messages);
}

halc_status_t halc::checkEntryPointBindings(const uint32_t *words,
                                            size_t wordCount,
                                            const char *entryPoint,
                                            uint32_t bindingCount) {
  ShaderInterface interface;
  spv_context context = spvContextCreate(SPV_ENV_VULKAN_1_3);
  spv_result_t parsed = spvBinaryParse(context, &interface, words, wordCount,
                                       nullptr, recordInstruction, nullptr);
  spvContextDestroy(context);
  if (parsed != SPV_SUCCESS)
    return makeError("cannot be parsed as SPIR-V");
  applyDecorationGroups(interface);
  auto entry = interface.entryPoints.find(entryPoint);
  if (entry == interface.entryPoints.end())
    return makeError(std::string("has no GLCompute entry point '") +
                     entryPoint + "'");
  // The entry point's function and every function it calls.
  std::vector<uint32_t> functions = {entry->second};
  std::set<uint32_t> seen = {entry->second};
  while (!functions.empty()) {
    uint32_t function = functions.back();
    functions.pop_back();
    for (uint32_t id : interface.usedIds[function]) {
      if (interface.usedIds.count(id) && seen.insert(id).second)
        functions.push_back(id);
      auto set = interface.descriptorSets.find(id);
      auto binding = interface.bindings.find(id);
      if (set == interface.descriptorSets.end() &&
          binding == interface.bindings.end())
        continue;
      uint32_t setNumber =
          set == interface.descriptorSets.end() ? 0 : set->second;
      uint32_t bindingNumber =
          binding == interface.bindings.end() ? 0 : binding->second;
      if (setNumber != 0 || bindingNumber >= bindingCount)
        return makeError(std::string("entry point '") + entryPoint +
                         "' uses descriptor set " + std::to_string(setNumber) +
                         ", binding " + std::to_string(bindingNumber) +
                         "; its layout has set 0 with " +
                         std::to_string(bindingCount) + " bindings");
    }
  }
  return nullptr;
}
