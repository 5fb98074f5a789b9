//===- TestBinaries.h - Executables and modules for loader tests -*- C++
//-*-===//
//
// Builders of binaries that are valid by default; each test changes one
// knob to make exactly one thing wrong.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_TEST_UNIT_RUNTIME_TESTBINARIES_H
#define HALC_TEST_UNIT_RUNTIME_TESTBINARIES_H

#include "halc/runtime.h"

#include "cuda_executable_def_generated.h"
#include "hip_executable_def_generated.h"
#include "metal_executable_def_generated.h"
#include "schemas/binary_header.h"
#include "vulkan_executable_def_generated.h"

#include <array>
#include <cstring>
#include <string>
#include <vector>

namespace halc::test {

namespace vk = iree::hal::vulkan;

/// `builder`'s finished FlatBuffer behind a 64-byte header with `magic`.
inline std::vector<uint8_t>
withHeader(const char *magic, const flatbuffers::FlatBufferBuilder &builder) {
  halc_binary_header_t header =
      halc_binary_header_make(magic, builder.GetSize());
  std::vector<uint8_t> bytes(sizeof(header) + builder.GetSize());
  std::memcpy(bytes.data(), &header, sizeof(header));
  std::memcpy(bytes.data() + sizeof(header), builder.GetBufferPointer(),
              builder.GetSize());
  return bytes;
}

/// A SPIR-V module with one GLCompute entry point and its LocalSize: only
/// the instructions the loader reads.
inline std::vector<uint32_t> makeSPIRV(const std::string &name,
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

inline std::vector<uint8_t> buildVKE1(const Spec &spec) {
  flatbuffers::FlatBufferBuilder builder;
  std::vector<flatbuffers::Offset<vk::DescriptorSetLayoutBindingDef>> bindings;
  bindings.reserve(spec.bindings);
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
  pipelines.reserve(spec.pipelines);
  for (int i = 0; i < spec.pipelines; ++i)
    pipelines.push_back(vk::CreatePipelineDefDirect(builder, spec.moduleOrdinal,
                                                    spec.entryPoint.c_str(),
                                                    spec.layoutOrdinal));
  builder.Finish(vk::CreateExecutableDefDirect(builder, &pipelines, &sets,
                                               &layouts, &modules),
                 vk::ExecutableDefIdentifier());
  return withHeader("VKE1", builder);
}

/// The error message of loading `bytes` as an executable; empty when it
/// loads.
inline std::string loadExecutableError(const std::vector<uint8_t> &bytes) {
  halc_executable_t *executable = nullptr;
  halc_status_t status =
      halc_executable_load(bytes.data(), bytes.size(), &executable);
  if (!status) {
    halc_executable_free(executable);
    return "";
  }
  std::string message = halc_status_message(status);
  halc_status_free(status);
  return message;
}

/// The error message of loading `bytes` as a module; empty when it loads.
inline std::string loadModuleError(const std::vector<uint8_t> &bytes) {
  halc_module_t *module = nullptr;
  halc_status_t status = halc_module_load(bytes.data(), bytes.size(), &module);
  if (!status) {
    halc_module_free(module);
    return "";
  }
  std::string message = halc_status_message(status);
  halc_status_free(status);
  return message;
}

namespace mtl = iree::hal::metal;

/// The knobs of one test MTL1 executable; the defaults make a valid one.
struct MetalSpec {
  std::string source = "kernel void main0() {}";
  std::string metallib;
  uint32_t version = 3 << 16 | 0;
  int libraries = 1;
  uint32_t libraryOrdinal = 0;
  std::string entryPoint = "main0";
  std::string name = "main";
  std::array<uint32_t, 3> threadgroupSize = {32, 2, 1};
  uint32_t maxThreads = 64;
  bool hasThreadgroupSize = true;
  uint32_t constants = 2;
  uint32_t bindings = 3;
  int pipelines = 1;
};

inline std::vector<uint8_t> buildMTL1(const MetalSpec &spec) {
  flatbuffers::FlatBufferBuilder builder;
  std::vector<flatbuffers::Offset<mtl::LibraryDef>> libraries;
  for (int i = 0; i < spec.libraries; ++i) {
    flatbuffers::Offset<mtl::MSLSourceDef> source;
    if (!spec.source.empty())
      source = mtl::CreateMSLSourceDefDirect(builder, spec.version,
                                             spec.source.c_str());
    libraries.push_back(mtl::CreateLibraryDefDirect(
        builder, source,
        spec.metallib.empty() ? nullptr : spec.metallib.c_str()));
  }
  std::vector<flatbuffers::Offset<mtl::PipelineDef>> pipelines;
  for (int i = 0; i < spec.pipelines; ++i) {
    std::vector<mtl::BindingBits> flags(spec.bindings,
                                        mtl::BindingBits::IMMUTABLE);
    mtl::ThreadgroupSize size(spec.threadgroupSize[0], spec.threadgroupSize[1],
                              spec.threadgroupSize[2]);
    pipelines.push_back(mtl::CreatePipelineDefDirect(
        builder, spec.libraryOrdinal, spec.entryPoint.c_str(), spec.maxThreads,
        spec.hasThreadgroupSize ? &size : nullptr, false, spec.constants,
        &flags, 0, spec.name.c_str()));
  }
  builder.Finish(
      mtl::CreateExecutableDefDirect(builder, &pipelines, &libraries),
      mtl::ExecutableDefIdentifier());
  return withHeader("MTL1", builder);
}

namespace hip = iree::hal::hip;

/// The knobs of one test HIP1 executable; the defaults make a valid one.
struct HipSpec {
  std::string image = std::string("\x7f"
                                  "ELF",
                                  4) +
                      "code";
  int modules = 1;
  uint32_t moduleOrdinal = 0;
  std::string kernelName = "main";
  bool hasBlockDims = true;
  std::array<uint32_t, 3> blockDims = {64, 2, 1};
  uint32_t constants = 1;
  uint32_t bindings = 2;
  int exports = 1;
  std::string targetId = "gfx942:sramecc+:xnack-";
};

inline std::vector<uint8_t> buildHIP1(const HipSpec &spec) {
  flatbuffers::FlatBufferBuilder builder;
  std::vector<flatbuffers::Offset<hip::ModuleDef>> modules;
  modules.reserve(spec.modules);
  for (int i = 0; i < spec.modules; ++i)
    modules.push_back(hip::CreateModuleDef(
        builder, builder.CreateString(spec.image.data(), spec.image.size())));
  std::vector<flatbuffers::Offset<hip::ExportDef>> exports;
  for (int i = 0; i < spec.exports; ++i) {
    std::vector<hip::BindingBits> flags(spec.bindings,
                                        hip::BindingBits::READ_ONLY);
    hip::BlockDims dims(spec.blockDims[0], spec.blockDims[1],
                        spec.blockDims[2]);
    exports.push_back(hip::CreateExportDefDirect(
        builder, spec.moduleOrdinal, spec.kernelName.c_str(),
        spec.hasBlockDims ? &dims : nullptr, 0, spec.constants, &flags));
  }
  builder.Finish(hip::CreateExecutableDefDirect(builder, &exports, &modules,
                                                nullptr, spec.targetId.c_str()),
                 hip::ExecutableDefIdentifier());
  return withHeader("HIP1", builder);
}

/// A CDA1 executable of one module of `ptx` and one export "main" (two
/// read-only bindings, one constant, 128x1x1 threads) for `target`.
inline std::vector<uint8_t> buildCDA1(const std::string &ptx,
                                      const std::string &target = "sm_80") {
  namespace cuda = iree::hal::cuda;
  flatbuffers::FlatBufferBuilder builder;
  std::vector<flatbuffers::Offset<cuda::ModuleDef>> modules = {
      cuda::CreateModuleDef(builder,
                            builder.CreateString(ptx.data(), ptx.size()))};
  std::vector<cuda::BindingBits> flags(2, cuda::BindingBits::READ_ONLY);
  cuda::BlockDims dims(128, 1, 1);
  std::vector<flatbuffers::Offset<cuda::ExportDef>> exports = {
      cuda::CreateExportDefDirect(builder, 0, "main", &dims, 0, 1, &flags)};
  builder.Finish(cuda::CreateExecutableDefDirect(builder, &exports, &modules,
                                                 nullptr, target.c_str()),
                 cuda::ExecutableDefIdentifier());
  return withHeader("CDA1", builder);
}

} // namespace halc::test

#endif // HALC_TEST_UNIT_RUNTIME_TESTBINARIES_H
