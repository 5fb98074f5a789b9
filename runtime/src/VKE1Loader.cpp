//===- VKE1Loader.cpp - Verifying Vulkan executables ----------------------===//
//
// The FlatBuffer verifier first (every offset and vector in bounds), then
// what it means: ordinals in range, entry points named, unique and present
// in their shader module with a LocalSize, bindings and constants within the
// limits.
//
//===----------------------------------------------------------------------===//

#include "Executable.h"
#include "SPIRVReflection.h"
#include "halc/status_cc.h"

#include "vulkan_executable_def_generated.h"

#include <set>

using namespace halc;
namespace vk = iree::hal::vulkan;

namespace {

std::string pipelineName(size_t ordinal) {
  return "pipelines[" + std::to_string(ordinal) + "]";
}

/// The bindings and constants of a pipeline layout.
halc_status_t readLayout(const vk::ExecutableDef &def, size_t ordinal,
                         halc_export_info_t &info) {
  const auto *layouts = def.pipeline_layouts();
  if (!layouts || ordinal >= layouts->size())
    return makeError("pipeline_layout_ordinal " + std::to_string(ordinal) +
                     " is out of range (" +
                     std::to_string(layouts ? layouts->size() : 0) +
                     " pipeline_layouts)");
  const vk::PipelineLayoutDef *layout = layouts->Get(ordinal);
  const auto *setOrdinals = layout->descriptor_set_layout_ordinals();
  if (!setOrdinals || setOrdinals->size() != 1)
    return makeError("pipeline_layouts[" + std::to_string(ordinal) +
                     "] must use exactly one descriptor set layout (set 0)");
  const auto *sets = def.descriptor_set_layouts();
  uint32_t setOrdinal = setOrdinals->Get(0);
  if (!sets || setOrdinal >= sets->size())
    return makeError("pipeline_layouts[" + std::to_string(ordinal) +
                     "] names descriptor set layout " +
                     std::to_string(setOrdinal) + ", which does not exist");
  const auto *bindings = sets->Get(setOrdinal)->bindings();
  uint32_t bindingCount = bindings ? bindings->size() : 0;
  if (bindingCount > HALC_MAX_BINDINGS)
    return makeError("descriptor_set_layouts[" + std::to_string(setOrdinal) +
                     "] has " + std::to_string(bindingCount) +
                     " bindings; at most " +
                     std::to_string(HALC_MAX_BINDINGS) + " are allowed");
  std::set<uint32_t> seen;
  for (uint32_t i = 0; i < bindingCount; ++i) {
    const vk::DescriptorSetLayoutBindingDef *binding = bindings->Get(i);
    if (binding->binding() >= bindingCount || !seen.insert(binding->binding()).second)
      return makeError("descriptor_set_layouts[" + std::to_string(setOrdinal) +
                       "] binding " + std::to_string(binding->binding()) +
                       " is out of range or repeated");
    if (binding->descriptor_type() != vk::VkDescriptorType::STORAGE_BUFFER ||
        binding->descriptor_count() != 1)
      return makeError("descriptor_set_layouts[" + std::to_string(setOrdinal) +
                       "] binding " + std::to_string(binding->binding()) +
                       " is not one storage buffer");
  }
  uint32_t constantBytes = 0;
  if (const auto *ranges = layout->push_constant_ranges()) {
    if (ranges->size() > 1)
      return makeError("pipeline_layouts[" + std::to_string(ordinal) +
                       "] has " + std::to_string(ranges->size()) +
                       " push constant ranges; at most one is allowed");
    if (ranges->size() == 1) {
      const vk::PushConstantRange *range = ranges->Get(0);
      if (range->offset() != 0 || range->size() % 4 != 0 ||
          range->size() > 4 * HALC_MAX_CONSTANTS)
        return makeError("pipeline_layouts[" + std::to_string(ordinal) +
                         "] push constant range (offset " +
                         std::to_string(range->offset()) + ", size " +
                         std::to_string(range->size()) +
                         ") is not at offset 0 in whole 32-bit constants, at "
                         "most " + std::to_string(HALC_MAX_CONSTANTS));
      constantBytes = range->size();
    }
  }
  info.binding_count = bindingCount;
  info.read_only_bindings = 0;
  info.constant_count = constantBytes / 4;
  return nullptr;
}

} // namespace

halc_status_t halc::loadVKE1(halc_executable_s &executable,
                             const uint8_t *content, size_t contentSize) {
  flatbuffers::Verifier verifier(content, contentSize);
  if (!vk::VerifyExecutableDefBuffer(verifier))
    return makeError("VKE1 FlatBuffer failed verification (corrupted, or "
                     "not a VKE1 executable)");
  const vk::ExecutableDef *def = vk::GetExecutableDef(content);

  // Shader modules: non-empty SPIR-V, with their entry points.
  const auto *modules = def->shader_modules();
  if (!modules || modules->size() == 0)
    return makeError("VKE1 executable has no shader_modules");
  std::vector<std::vector<SPIRVEntryPoint>> entryPoints(modules->size());
  for (size_t i = 0; i < modules->size(); ++i) {
    const auto *code = modules->Get(i)->spirv_code();
    if (!code || code->size() == 0)
      return makeError("shader_modules[" + std::to_string(i) +
                       "] has no spirv_code");
    if (halc_status_t status =
            reflectSPIRV(code->data(), code->size(), entryPoints[i]))
      return prefixError("shader_modules[" + std::to_string(i) + "]", status);
    executable.spirvModules.push_back({code->data(), code->size()});
  }

  const auto *pipelines = def->pipelines();
  if (!pipelines || pipelines->size() == 0)
    return makeError("VKE1 executable has no pipelines");
  std::set<std::string> names;
  executable.exports.resize(pipelines->size());
  for (size_t i = 0; i < pipelines->size(); ++i) {
    const vk::PipelineDef *pipeline = pipelines->Get(i);
    Export &exported = executable.exports[i];
    if (!pipeline->entry_point() || pipeline->entry_point()->size() == 0)
      return makeError(pipelineName(i) + " has no entry_point");
    exported.entryPoint = pipeline->entry_point()->str();
    exported.name = exported.entryPoint;
    if (const auto *debug = pipeline->debug_info())
      if (debug->name() && debug->name()->size() > 0)
        exported.name = debug->name()->str();
    if (!names.insert(exported.entryPoint).second)
      return makeError(pipelineName(i) + " repeats entry_point '" +
                       exported.entryPoint + "'");
    uint32_t module = pipeline->shader_module_ordinal();
    if (module >= modules->size())
      return makeError(pipelineName(i) + " names shader module " +
                       std::to_string(module) + " of " +
                       std::to_string(modules->size()));
    const SPIRVEntryPoint *found = nullptr;
    for (const SPIRVEntryPoint &candidate : entryPoints[module])
      if (candidate.name == exported.entryPoint)
        found = &candidate;
    if (!found)
      return makeError(pipelineName(i) + " entry_point '" +
                       exported.entryPoint + "' is not a compute entry point "
                       "of shader_modules[" + std::to_string(module) + "]");
    uint64_t invocations = 1;
    for (uint32_t size : found->localSize)
      invocations *= size;
    if (invocations == 0 || invocations > HALC_MAX_WORKGROUP_INVOCATIONS)
      return makeError(pipelineName(i) + " entry_point '" +
                       exported.entryPoint + "' has workgroup size " +
                       std::to_string(found->localSize[0]) + "x" +
                       std::to_string(found->localSize[1]) + "x" +
                       std::to_string(found->localSize[2]) +
                       "; it must be non-zero and at most " +
                       std::to_string(HALC_MAX_WORKGROUP_INVOCATIONS) +
                       " invocations");
    if (halc_status_t status =
            readLayout(*def, pipeline->pipeline_layout_ordinal(), exported.info))
      return prefixError(pipelineName(i), status);
    exported.moduleOrdinal = module;
    exported.info.subgroup_size = pipeline->subgroup_size();
    for (int d = 0; d < 3; ++d)
      exported.info.workgroup_size[d] = found->localSize[d];
  }
  // The C views point into strings that no longer move.
  for (Export &exported : executable.exports) {
    exported.info.name = exported.name.c_str();
    exported.info.entry_point = exported.entryPoint.c_str();
  }
  return nullptr;
}
