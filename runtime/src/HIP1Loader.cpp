//===- HIP1Loader.cpp - Verifying HIP executables -------------------------===//
//
// The FlatBuffer verifier first, then what it means: exports and modules
// present, module ordinals in range, kernel names present and unique, block
// dims present and non-zero with at most 1024 threads, constants and
// bindings within the limits, each module a non-empty ELF image.
//
//===----------------------------------------------------------------------===//

#include "Executable.h"
#include "halc/status_cc.h"

#include "hip_executable_def_generated.h"

#include <cstring>
#include <set>

using namespace halc;
namespace hip = iree::hal::hip;

halc_status_t halc::loadHIP1(halc_executable_s &executable,
                             const uint8_t *content, size_t contentSize) {
  flatbuffers::Verifier verifier(content, contentSize);
  if (!hip::VerifyExecutableDefBuffer(verifier))
    return makeError("HIP1 FlatBuffer failed verification (corrupted, or "
                     "not a HIP1 executable)");
  const hip::ExecutableDef *def = hip::GetExecutableDef(content);

  const auto *modules = def->modules();
  if (!modules || modules->size() == 0)
    return makeError("HIP1 executable has no modules");
  for (size_t i = 0; i < modules->size(); ++i) {
    const auto *image = modules->Get(i)->hsaco_image();
    std::string name = "modules[" + std::to_string(i) + "]";
    if (!image || image->size() == 0)
      return makeError(name + " has no hsaco_image");
    if (image->size() < 4 || std::memcmp(image->data(), "\x7f" "ELF", 4) != 0)
      return makeError(name + " hsaco_image is not an ELF file");
    executable.hipModules.push_back({image->data(), image->size()});
  }
  if (def->target_id())
    executable.targetId = def->target_id()->str();

  const auto *exports = def->exports();
  if (!exports || exports->size() == 0)
    return makeError("HIP1 executable has no exports");
  std::set<std::string> names;
  executable.exports.resize(exports->size());
  for (size_t i = 0; i < exports->size(); ++i) {
    const hip::ExportDef *exportDef = exports->Get(i);
    Export &exported = executable.exports[i];
    std::string name = "exports[" + std::to_string(i) + "]";
    if (exportDef->module_ordinal() >= modules->size())
      return makeError(name + " names module " +
                       std::to_string(exportDef->module_ordinal()) + " of " +
                       std::to_string(modules->size()));
    if (!exportDef->kernel_name() || exportDef->kernel_name()->size() == 0)
      return makeError(name + " has no kernel_name");
    exported.name = exported.entryPoint = exportDef->kernel_name()->str();
    if (!names.insert(exported.name).second)
      return makeError(name + " repeats the kernel_name '" + exported.name +
                       "'");
    const hip::BlockDims *dims = exportDef->block_dims();
    if (!dims)
      return makeError(name + " has no block_dims");
    uint64_t threads = uint64_t(dims->x()) * dims->y() * dims->z();
    if (threads == 0 || threads > HALC_MAX_WORKGROUP_INVOCATIONS)
      return makeError(name + " has block_dims " + std::to_string(dims->x()) +
                       "x" + std::to_string(dims->y()) + "x" +
                       std::to_string(dims->z()) +
                       "; each must be non-zero and at most " +
                       std::to_string(HALC_MAX_WORKGROUP_INVOCATIONS) +
                       " threads in all");
    if (exportDef->constant_count() > HALC_MAX_CONSTANTS)
      return makeError(name + " has " +
                       std::to_string(exportDef->constant_count()) +
                       " constants; at most " +
                       std::to_string(HALC_MAX_CONSTANTS) + " are allowed");
    const auto *flags = exportDef->binding_flags();
    uint32_t bindingCount = flags ? flags->size() : 0;
    if (bindingCount > HALC_MAX_BINDINGS)
      return makeError(name + " has " + std::to_string(bindingCount) +
                       " bindings; at most " +
                       std::to_string(HALC_MAX_BINDINGS) + " are allowed");
    halc_export_info_t &info = exported.info;
    info.workgroup_size[0] = dims->x();
    info.workgroup_size[1] = dims->y();
    info.workgroup_size[2] = dims->z();
    info.binding_count = bindingCount;
    info.read_only_bindings = readBindingFlags(
        flags, static_cast<uint64_t>(hip::BindingBits::READ_ONLY));
    info.constant_count = exportDef->constant_count();
    exported.moduleOrdinal = exportDef->module_ordinal();
  }
  for (Export &exported : executable.exports) {
    exported.info.name = exported.name.c_str();
    exported.info.entry_point = exported.entryPoint.c_str();
  }
  return nullptr;
}
