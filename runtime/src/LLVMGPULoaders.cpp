//===- LLVMGPULoaders.cpp - Verifying HIP1 and CDA1 executables -----------===//
//
// The two formats of the LLVM GPU targets have the same tables (IREE's HIP
// and CUDA executables) and differ in their code: an HSACO (an ELF file) or
// PTX text. The FlatBuffer verifier first, then what it means: exports and
// modules present, module ordinals in range, kernel names present and
// unique, block dims present and non-zero with at most 1024 threads,
// constants and bindings within the limits, each module non-empty code of
// its kind.
//
//===----------------------------------------------------------------------===//

#include "Executable.h"
#include "halc/status_cc.h"

#include "cuda_executable_def_generated.h"
#include "hip_executable_def_generated.h"

#include <cstring>
#include <set>

using namespace halc;
namespace cuda = iree::hal::cuda;
namespace hip = iree::hal::hip;

namespace {

/// What differs between the formats: how the code of a module is read and
/// checked.
struct HIP1Format {
  using ExecutableDef = hip::ExecutableDef;
  static constexpr const char *kName = "HIP1";
  static constexpr const char *kImage = "hsaco_image";
  static constexpr uint64_t kReadOnly =
      static_cast<uint64_t>(hip::BindingBits::READ_ONLY);
  static bool verify(flatbuffers::Verifier &verifier) {
    return hip::VerifyExecutableDefBuffer(verifier);
  }
  static const ExecutableDef *get(const uint8_t *content) {
    return hip::GetExecutableDef(content);
  }
  static const flatbuffers::String *getImage(const hip::ModuleDef *module) {
    return module->hsaco_image();
  }
  static const flatbuffers::String *getTarget(const ExecutableDef *def) {
    return def->target_id();
  }
  /// Empty when the image is code of the format, else what is wrong.
  static std::string checkImage(const flatbuffers::String *image) {
    if (image->size() < 4 || std::memcmp(image->data(), "\x7f" "ELF", 4) != 0)
      return "is not an ELF file";
    return "";
  }
};

struct CDA1Format {
  using ExecutableDef = cuda::ExecutableDef;
  static constexpr const char *kName = "CDA1";
  static constexpr const char *kImage = "ptx_image";
  static constexpr uint64_t kReadOnly =
      static_cast<uint64_t>(cuda::BindingBits::READ_ONLY);
  static bool verify(flatbuffers::Verifier &verifier) {
    return cuda::VerifyExecutableDefBuffer(verifier);
  }
  static const ExecutableDef *get(const uint8_t *content) {
    return cuda::GetExecutableDef(content);
  }
  static const flatbuffers::String *getImage(const cuda::ModuleDef *module) {
    return module->ptx_image();
  }
  static const flatbuffers::String *getTarget(const ExecutableDef *def) {
    return def->target();
  }
  static std::string checkImage(const flatbuffers::String *image) {
    // PTX text: it names its ISA version first and holds no NUL (the driver
    // reads it as a C string).
    if (image->string_view().find(".version") == std::string_view::npos)
      return "is not PTX (no .version directive)";
    if (std::memchr(image->data(), 0, image->size()))
      return "is not PTX text (it holds a NUL byte)";
    return "";
  }
};

template <typename Format>
halc_status_t loadLLVMGPUExecutable(halc_executable_s &executable,
                                    const uint8_t *content,
                                    size_t contentSize) {
  const std::string format = Format::kName;
  flatbuffers::Verifier verifier(content, contentSize);
  if (!Format::verify(verifier))
    return makeError(format + " FlatBuffer failed verification (corrupted, "
                              "or not a " +
                     format + " executable)");
  const typename Format::ExecutableDef *def = Format::get(content);

  const auto *modules = def->modules();
  if (!modules || modules->size() == 0)
    return makeError(format + " executable has no modules");
  for (size_t i = 0; i < modules->size(); ++i) {
    const flatbuffers::String *image = Format::getImage(modules->Get(i));
    std::string name = "modules[" + std::to_string(i) + "]";
    if (!image || image->size() == 0)
      return makeError(name + " has no " + Format::kImage);
    std::string problem = Format::checkImage(image);
    if (!problem.empty())
      return makeError(name + " " + Format::kImage + " " + problem);
    executable.codeModules.push_back({image->data(), image->size()});
  }
  if (const flatbuffers::String *target = Format::getTarget(def))
    executable.targetId = target->str();

  const auto *exports = def->exports();
  if (!exports || exports->size() == 0)
    return makeError(format + " executable has no exports");
  std::set<std::string> names;
  executable.exports.resize(exports->size());
  for (size_t i = 0; i < exports->size(); ++i) {
    const auto *exportDef = exports->Get(i);
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
    const auto *dims = exportDef->block_dims();
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
    info.read_only_bindings = readBindingFlags(flags, Format::kReadOnly);
    info.constant_count = exportDef->constant_count();
    exported.moduleOrdinal = exportDef->module_ordinal();
  }
  for (Export &exported : executable.exports) {
    exported.info.name = exported.name.c_str();
    exported.info.entry_point = exported.entryPoint.c_str();
  }
  return nullptr;
}

} // namespace

halc_status_t halc::loadHIP1(halc_executable_s &executable,
                             const uint8_t *content, size_t contentSize) {
  return loadLLVMGPUExecutable<HIP1Format>(executable, content, contentSize);
}

halc_status_t halc::loadCDA1(halc_executable_s &executable,
                             const uint8_t *content, size_t contentSize) {
  return loadLLVMGPUExecutable<CDA1Format>(executable, content, contentSize);
}
