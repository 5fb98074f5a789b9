//===- ShaderChecks.cpp - What a Vulkan driver needs of SPIR-V ------------===//
//
// Opcodes and decorations from the SPIR-V spec, section 3: OpEntryPoint = 15,
// OpFunction = 54, OpFunctionEnd = 56, OpDecorate = 71, OpGroupDecorate =
// 74; Binding = 33, DescriptorSet = 34; GLCompute = 5. From
// SPV_KHR_cooperative_matrix: OpTypeCooperativeMatrixKHR = 4456,
// OpCooperativeMatrixLoadKHR = 4457, ...StoreKHR = 4458, ...MulAddKHR =
// 4459, ...LengthKHR = 4460; capability CooperativeMatrixKHR = 6022; uses
// MatrixA = 0, MatrixB = 1, MatrixAccumulator = 2. VkComponentTypeKHR:
// FLOAT16 = 0, FLOAT32 = 1, FLOAT64 = 2, SINT8..SINT64 = 3..6, UINT8..UINT64
// = 7..10, BFLOAT16 = 1000141000.
//
//===----------------------------------------------------------------------===//

#include "ShaderChecks.h"

#include "halc/status_cc.h"

#include "spirv-tools/libspirv.hpp"

#include <cstring>
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
constexpr uint16_t kOpExtension = 10;
constexpr uint16_t kOpCapability = 17;
constexpr uint16_t kOpTypeInt = 21;
constexpr uint16_t kOpTypeFloat = 22;
constexpr uint16_t kOpTypeVector = 23;
constexpr uint16_t kOpTypeArray = 28;
constexpr uint16_t kOpTypeStruct = 30;
constexpr uint16_t kOpTypePointer = 32;
constexpr uint16_t kOpConstant = 43;
constexpr uint16_t kOpVariable = 59;
constexpr uint32_t kStorageClassWorkgroup = 4;
constexpr uint16_t kOpTypeCooperativeMatrixKHR = 4456;
constexpr uint16_t kOpCooperativeMatrixLoadKHR = 4457;
constexpr uint16_t kOpCooperativeMatrixStoreKHR = 4458;
constexpr uint16_t kOpCooperativeMatrixLengthKHR = 4460;
constexpr uint32_t kCapabilityCooperativeMatrixKHR = 6022;
// SPV_KHR_bfloat16: BFloat16TypeKHR ... BFloat16CooperativeMatrixKHR.
constexpr uint32_t kCapabilityBFloat16TypeKHR = 5116;
constexpr uint32_t kCapabilityBFloat16CooperativeMatrixKHR = 5118;
constexpr uint32_t kHeaderWords = 5;
constexpr uint32_t kComponentTypeBFloat16 = 1000141000;

/// Calls `visit(at, length)` for each instruction of the module in `words`
/// (the loader checked that every one lies within it).
template <typename Visit>
void forEachInstruction(const uint32_t *words, size_t wordCount,
                        Visit visit) {
  for (size_t at = kHeaderWords; at < wordCount;) {
    uint32_t length = words[at] >> 16;
    if (length == 0 || at + length > wordCount)
      return;
    visit(at, length);
    at += length;
  }
}

/// Whether the instruction at `at` is `OpCapability CooperativeMatrixKHR`.
bool isCooperativeMatrixCapability(const uint32_t *words, size_t at,
                                   uint32_t length) {
  return (words[at] & 0xffff) == kOpCapability && length == 2 &&
         words[at + 1] == kCapabilityCooperativeMatrixKHR;
}

bool declaresCooperativeMatrices(const uint32_t *words, size_t wordCount) {
  bool found = false;
  forEachInstruction(words, wordCount, [&](size_t at, uint32_t length) {
    found |= isCooperativeMatrixCapability(words, at, length);
  });
  return found;
}

/// The module in `words` without what SPIRV-Tools 2023.1 cannot parse (the
/// KHR cooperative-matrix and bf16 capabilities, extensions and
/// instructions; a bf16 type is kept as the 16-bit float it is stored as);
/// in `pointers`, the pointers each function's cooperative loads and
/// stores use (the rest of their operands are values and constants).
std::vector<uint32_t>
withoutCooperativeMatrices(const uint32_t *words, size_t wordCount,
                           std::map<uint32_t, std::set<uint32_t>> &pointers) {
  std::vector<uint32_t> kept(words, words + kHeaderWords);
  uint32_t function = 0;
  forEachInstruction(words, wordCount, [&](size_t at, uint32_t length) {
    uint32_t opcode = words[at] & 0xffff;
    if (opcode == kOpFunction && length >= 3)
      function = words[at + 2];
    if (opcode == kOpCooperativeMatrixLoadKHR && length >= 4)
      pointers[function].insert(words[at + 3]);
    if (opcode == kOpCooperativeMatrixStoreKHR && length >= 2)
      pointers[function].insert(words[at + 1]);
    auto isExtension = [&](const char *name) {
      return opcode == kOpExtension &&
             std::string(reinterpret_cast<const char *>(words + at + 1),
                         strnlen(reinterpret_cast<const char *>(words + at + 1),
                                 4 * (length - 1))) == name;
    };
    bool bfloat16Capability =
        opcode == kOpCapability && length == 2 &&
        words[at + 1] >= kCapabilityBFloat16TypeKHR &&
        words[at + 1] <= kCapabilityBFloat16CooperativeMatrixKHR;
    bool cooperative =
        (opcode >= kOpTypeCooperativeMatrixKHR &&
         opcode <= kOpCooperativeMatrixLengthKHR) ||
        isCooperativeMatrixCapability(words, at, length) ||
        bfloat16Capability || isExtension("SPV_KHR_cooperative_matrix") ||
        isExtension("SPV_KHR_bfloat16");
    if (cooperative)
      return;
    if (opcode == kOpTypeFloat && length == 4) {
      // OpTypeFloat with an FP encoding: without it (3 words).
      kept.push_back((3u << 16) | kOpTypeFloat);
      kept.insert(kept.end(), words + at + 1, words + at + 3);
      return;
    }
    kept.insert(kept.end(), words + at, words + at + length);
  });
  return kept;
}

/// What the module declares about descriptors and workgroup memory, and
/// which ids each function's body uses.
struct ShaderInterface {
  std::map<uint32_t, uint32_t> descriptorSets, bindings;
  /// Decoration groups and the ids each is applied to.
  std::map<uint32_t, std::vector<uint32_t>> groupTargets;
  std::map<std::string, uint32_t> entryPoints;
  std::map<uint32_t, std::set<uint32_t>> usedIds;
  uint32_t function = 0;
  /// The bytes of each sized type (workgroup variables have no explicit
  /// layout: elements are packed), the value of each 32-bit constant, the
  /// type each pointer type points to.
  std::map<uint32_t, uint64_t> typeBytes;
  std::map<uint32_t, uint32_t> constants, pointees;
  /// The bytes of each workgroup variable.
  std::map<uint32_t, uint64_t> workgroupVariables;
};

/// `a * b`, or the largest size where that overflows: a module's sizes are
/// its own to choose.
uint64_t multiplySizes(uint64_t a, uint64_t b) {
  uint64_t product;
  return __builtin_mul_overflow(a, b, &product) ? UINT64_MAX : product;
}

/// `a + b`, or the largest size where that overflows.
uint64_t addSizes(uint64_t a, uint64_t b) {
  uint64_t sum;
  return __builtin_add_overflow(a, b, &sum) ? UINT64_MAX : sum;
}

/// Records the sizes of the types and workgroup variables `instruction`
/// declares (types come before their uses in a module).
void recordSizes(ShaderInterface &interface,
                 const spv_parsed_instruction_t *instruction) {
  auto operand = [&](size_t i) {
    return instruction->words[instruction->operands[i].offset];
  };
  uint32_t result = instruction->result_id;
  auto &bytes = interface.typeBytes;
  switch (instruction->opcode) {
  case kOpTypeInt:
  case kOpTypeFloat:
    bytes[result] = (operand(1) + 7) / 8;
    break;
  case kOpTypeVector:
    bytes[result] = multiplySizes(bytes[operand(1)], operand(2));
    break;
  case kOpTypeArray:
    bytes[result] =
        multiplySizes(bytes[operand(1)], interface.constants[operand(2)]);
    break;
  case kOpTypeStruct:
    bytes[result] = 0;
    for (size_t i = 1; i < instruction->num_operands; ++i)
      bytes[result] = addSizes(bytes[result], bytes[operand(i)]);
    break;
  case kOpTypePointer:
    interface.pointees[result] = operand(2);
    break;
  case kOpConstant:
    interface.constants[result] = operand(2);
    break;
  case kOpVariable:
    if (operand(2) == kStorageClassWorkgroup)
      interface.workgroupVariables[result] =
          bytes[interface.pointees[instruction->type_id]];
    break;
  }
}

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
  recordSizes(interface, instruction);
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
  if (declaresCooperativeMatrices(words, wordCount))
    return nullptr;
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

namespace {

/// The interface of the module in `words`, parsed by SPIRV-Tools (without
/// what its 2023.1 release cannot parse).
halc_status_t parseInterface(const uint32_t *words, size_t wordCount,
                             ShaderInterface &interface) {
  std::vector<uint32_t> parseable;
  if (declaresCooperativeMatrices(words, wordCount)) {
    parseable = withoutCooperativeMatrices(words, wordCount, interface.usedIds);
    words = parseable.data();
    wordCount = parseable.size();
  }
  spv_context context = spvContextCreate(SPV_ENV_VULKAN_1_3);
  spv_result_t parsed = spvBinaryParse(context, &interface, words, wordCount,
                                       nullptr, recordInstruction, nullptr);
  spvContextDestroy(context);
  if (parsed != SPV_SUCCESS)
    return makeError("cannot be parsed as SPIR-V");
  applyDecorationGroups(interface);
  return nullptr;
}

/// The ids that the GLCompute entry point `entryPoint` uses: in its function
/// and every function it calls.
halc_status_t getEntryPointIds(ShaderInterface &interface,
                               const char *entryPoint,
                               std::set<uint32_t> &ids) {
  auto entry = interface.entryPoints.find(entryPoint);
  if (entry == interface.entryPoints.end())
    return makeError(std::string("has no GLCompute entry point '") +
                     entryPoint + "'");
  std::vector<uint32_t> functions = {entry->second};
  std::set<uint32_t> seen = {entry->second};
  while (!functions.empty()) {
    uint32_t function = functions.back();
    functions.pop_back();
    for (uint32_t id : interface.usedIds[function]) {
      if (interface.usedIds.count(id) && seen.insert(id).second)
        functions.push_back(id);
      ids.insert(id);
    }
  }
  return nullptr;
}

} // namespace

halc_status_t halc::checkEntryPoint(const uint32_t *words, size_t wordCount,
                                    const char *entryPoint,
                                    uint32_t bindingCount,
                                    uint32_t deviceBytes,
                                    const std::string &deviceName) {
  ShaderInterface interface;
  std::set<uint32_t> ids;
  if (halc_status_t status = parseInterface(words, wordCount, interface))
    return status;
  if (halc_status_t status = getEntryPointIds(interface, entryPoint, ids))
    return status;
  uint64_t bytes = 0;
  for (uint32_t id : ids) {
    auto variable = interface.workgroupVariables.find(id);
    if (variable != interface.workgroupVariables.end())
      bytes = addSizes(bytes, variable->second);
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
  if (bytes <= deviceBytes)
    return nullptr;
  return makeError(std::string("entry point '") + entryPoint + "' uses " +
                   std::to_string(bytes) +
                   " bytes of workgroup memory; Vulkan device '" + deviceName +
                   "' has " + std::to_string(deviceBytes) +
                   " (maxComputeSharedMemorySize)");
}

namespace {

/// The VkComponentTypeKHR of each scalar type id of the module, and the
/// value of each 32-bit constant.
struct ScalarTypes {
  std::map<uint32_t, uint32_t> components;
  std::map<uint32_t, uint32_t> constants;
};

std::string componentName(uint32_t component) {
  static const char *const names[] = {"f16", "f32", "f64", "i8",  "i16", "i32",
                                      "i64", "u8",  "u16", "u32", "u64"};
  if (component < sizeof(names) / sizeof(names[0]))
    return names[component];
  return component == kComponentTypeBFloat16 ? "bf16"
                                 : "component type " + std::to_string(component);
}

} // namespace

halc_status_t halc::checkCooperativeMatrices(
    const uint32_t *words, size_t wordCount,
    const std::vector<CooperativeMatrixProperties> &available,
    const std::string &deviceName) {
  ScalarTypes scalars;
  std::string missing;
  forEachInstruction(words, wordCount, [&](size_t at, uint32_t length) {
    const uint32_t *operands = words + at + 1;
    switch (words[at] & 0xffff) {
    case kOpTypeFloat:
      if (length >= 3) {
        // An FP encoding operand (BFloat16KHR = 0) makes a 16-bit float bf16.
        bool bfloat = length >= 4 && operands[2] == 0;
        uint32_t width = operands[1];
        scalars.components[operands[0]] =
            bfloat ? kComponentTypeBFloat16 : width == 16 ? 0 : width == 32 ? 1 : 2;
      }
      break;
    case kOpTypeInt:
      if (length >= 4) {
        uint32_t log = operands[1] == 8 ? 0 : operands[1] == 16 ? 1
                       : operands[1] == 32                      ? 2
                                                                : 3;
        scalars.components[operands[0]] = (operands[2] ? 3 : 7) + log;
      }
      break;
    case kOpConstant:
      if (length >= 4)
        scalars.constants[operands[1]] = operands[2];
      break;
    case kOpTypeCooperativeMatrixKHR: {
      if (length < 7 || !missing.empty())
        break;
      uint32_t component = scalars.components[operands[1]];
      uint32_t rows = scalars.constants[operands[3]];
      uint32_t columns = scalars.constants[operands[4]];
      uint32_t use = scalars.constants[operands[5]];
      bool found = false;
      for (const CooperativeMatrixProperties &p : available)
        found |= (use == 0 && p.m == rows && p.k == columns &&
                  p.aType == component) ||
                 (use == 1 && p.k == rows && p.n == columns &&
                  p.bType == component) ||
                 (use == 2 && p.m == rows && p.n == columns &&
                  (p.cType == component || p.resultType == component));
      if (!found)
        missing = std::to_string(rows) + "x" + std::to_string(columns) + " " +
                  componentName(component) + " cooperative matrix " +
                  (use == 0 ? "A" : use == 1 ? "B" : "accumulator");
      break;
    }
    }
  });
  if (missing.empty())
    return nullptr;
  if (available.empty())
    return makeError("uses cooperative matrices (SPV_KHR_cooperative_matrix), "
                     "which Vulkan device '" + deviceName +
                     "' does not have (no VK_KHR_cooperative_matrix)");
  return makeError("uses a " + missing + ", which Vulkan device '" +
                   deviceName + "' does not list among its cooperative-matrix "
                   "operations");
}

halc_status_t halc::checkSubgroupSize(const std::string &exportName,
                                      uint32_t needed, uint32_t deviceLanes,
                                      const std::string &deviceName) {
  if (!needed || needed == deviceLanes)
    return nullptr;
  return makeError("export '" + exportName + "' needs subgroups of " +
                   std::to_string(needed) + " lanes; Vulkan device '" +
                   deviceName + "' has " + std::to_string(deviceLanes));
}
