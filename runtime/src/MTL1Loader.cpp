//===- MTL1Loader.cpp - Verifying Metal executables -----------------------===//
//
// The FlatBuffer verifier first, then what it means: library ordinals in
// range, entry points and names present (names unique), threadgroup sizes
// present, non-zero and within max_threads_per_threadgroup and 1024,
// constants and bindings within the limits, each library with code, MSL
// versions Metal has.
//
//===----------------------------------------------------------------------===//

#include "Executable.h"
#include "halc/status_cc.h"

#include "metal_executable_def_generated.h"

#include <algorithm>
#include <cstdio>
#include <set>

using namespace halc;
namespace mtl = iree::hal::metal;

namespace {

/// MTLLanguageVersion values (major << 16 | minor) of the MSL versions Metal
/// has.
bool isKnownMSLVersion(uint32_t version) {
  static const std::set<uint32_t> known = {
      1 << 16 | 0, 1 << 16 | 1, 1 << 16 | 2, 2 << 16 | 0, 2 << 16 | 1,
      2 << 16 | 2, 2 << 16 | 3, 2 << 16 | 4, 3 << 16 | 0, 3 << 16 | 1,
      3 << 16 | 2};
  return known.count(version) != 0;
}

std::string pipelineName(size_t ordinal) {
  return "pipelines[" + std::to_string(ordinal) + "]";
}

} // namespace

halc_status_t halc::loadMTL1(halc_executable_s &executable,
                             const uint8_t *content, size_t contentSize) {
  flatbuffers::Verifier verifier(content, contentSize);
  if (!mtl::VerifyExecutableDefBuffer(verifier))
    return makeError("MTL1 FlatBuffer failed verification (corrupted, or "
                     "not an MTL1 executable)");
  const mtl::ExecutableDef *def = mtl::GetExecutableDef(content);

  const auto *libraries = def->libraries();
  if (!libraries || libraries->size() == 0)
    return makeError("MTL1 executable has no libraries");
  for (size_t i = 0; i < libraries->size(); ++i) {
    const mtl::LibraryDef *library = libraries->Get(i);
    std::string name = "libraries[" + std::to_string(i) + "]";
    halc_metal_library_t view = {};
    if (const mtl::MSLSourceDef *source = library->source()) {
      if (source->code()) {
        view.source = source->code()->c_str();
        view.source_size = source->code()->size();
      }
      view.msl_version = source->version();
      if (!isKnownMSLVersion(view.msl_version))
        return makeError(name + " has MSL version 0x" +
                         [](uint32_t v) {
                           char text[16];
                           std::snprintf(text, sizeof(text), "%x", v);
                           return std::string(text);
                         }(view.msl_version) +
                         ", which is no MSL version Metal has");
    }
    if (library->metallib()) {
      view.metallib = library->metallib()->data();
      view.metallib_size = library->metallib()->size();
    }
    if (view.source_size == 0 && view.metallib_size == 0)
      return makeError(name + " has neither a metallib nor MSL source");
    executable.metalLibraries.push_back(view);
  }

  const auto *pipelines = def->pipelines();
  if (!pipelines || pipelines->size() == 0)
    return makeError("MTL1 executable has no pipelines");
  std::set<std::string> names;
  executable.exports.resize(pipelines->size());
  for (size_t i = 0; i < pipelines->size(); ++i) {
    const mtl::PipelineDef *pipeline = pipelines->Get(i);
    Export &exported = executable.exports[i];
    if (pipeline->library_ordinal() >= libraries->size())
      return makeError(pipelineName(i) + " names library " +
                       std::to_string(pipeline->library_ordinal()) + " of " +
                       std::to_string(libraries->size()));
    if (!pipeline->entry_point() || pipeline->entry_point()->size() == 0)
      return makeError(pipelineName(i) + " has no entry_point");
    exported.entryPoint = pipeline->entry_point()->str();
    exported.name = pipeline->name() ? pipeline->name()->str() : "";
    if (exported.name.empty())
      return makeError(pipelineName(i) + " has no name");
    if (!names.insert(exported.name).second)
      return makeError(pipelineName(i) + " repeats the name '" +
                       exported.name + "'");
    const mtl::ThreadgroupSize *size = pipeline->threadgroup_size();
    if (!size)
      return makeError(pipelineName(i) + " has no threadgroup_size");
    uint64_t threads = uint64_t(size->x()) * size->y() * size->z();
    uint32_t limit = HALC_MAX_WORKGROUP_INVOCATIONS;
    if (pipeline->max_threads_per_threadgroup() != 0)
      limit = std::min(limit, pipeline->max_threads_per_threadgroup());
    if (threads == 0 || threads > limit)
      return makeError(pipelineName(i) + " has threadgroup size " +
                       std::to_string(size->x()) + "x" +
                       std::to_string(size->y()) + "x" +
                       std::to_string(size->z()) +
                       "; it must be non-zero and at most " +
                       std::to_string(limit) + " threads");
    if (pipeline->constant_count() > HALC_MAX_CONSTANTS)
      return makeError(pipelineName(i) + " has " +
                       std::to_string(pipeline->constant_count()) +
                       " constants; at most " +
                       std::to_string(HALC_MAX_CONSTANTS) + " are allowed");
    const auto *flags = pipeline->binding_flags();
    uint32_t bindingCount = flags ? flags->size() : 0;
    if (bindingCount > HALC_MAX_BINDINGS)
      return makeError(pipelineName(i) + " has " +
                       std::to_string(bindingCount) + " bindings; at most " +
                       std::to_string(HALC_MAX_BINDINGS) + " are allowed");
    halc_export_info_t &info = exported.info;
    info.workgroup_size[0] = size->x();
    info.workgroup_size[1] = size->y();
    info.workgroup_size[2] = size->z();
    info.binding_count = bindingCount;
    info.read_only_bindings = readBindingFlags(
        flags, static_cast<uint64_t>(mtl::BindingBits::IMMUTABLE));
    info.constant_count = pipeline->constant_count();
    exported.moduleOrdinal = pipeline->library_ordinal();
  }
  for (Export &exported : executable.exports) {
    exported.info.name = exported.name.c_str();
    exported.info.entry_point = exported.entryPoint.c_str();
  }
  return nullptr;
}
