//===- SerializeMTL1.cpp - Executables in the MTL1 format -----------------===//

#include "compiler/Target/MetalSPIRV/SerializeMTL1.h"

#include "compiler/Serialization/ExecutableDebugInfo.h"
#include "compiler/Serialization/BinaryHeader.h"

#include "schemas/metal_executable_def_generated.h"

using namespace mlir;
using namespace mlir::halc;
namespace mtl = iree::hal::metal;
namespace debug = iree::hal::debug;

std::vector<uint8_t> mlir::halc::serializeMTL1(ExecutableOp executable,
                                               const MSLLibrary &library,
                                               StringRef metallib,
                                               int simdWidth,
                                               int debugLevel) {
  flatbuffers::FlatBufferBuilder builder;
  std::vector<flatbuffers::Offset<mtl::PipelineDef>> pipelines;
  for (auto [exportOp, entryPoint] :
       llvm::zip(getExportsInOrder(executable), library.entryPoints)) {
    std::vector<mtl::BindingBits> flags;
    for (BindingAccess access : exportOp.getLayout().getBindings())
      flags.push_back(access == BindingAccess::ReadOnly
                          ? mtl::BindingBits::IMMUTABLE
                          : mtl::BindingBits::NONE);
    const std::array<uint32_t, 3> &size = entryPoint.threadgroupSize;
    uint32_t threads = size[0] * size[1] * size[2];
    mtl::ThreadgroupSize threadgroupSize(size[0], size[1], size[2]);
    pipelines.push_back(mtl::CreatePipelineDefDirect(
        builder, /*library_ordinal=*/0, entryPoint.name.c_str(), threads,
        &threadgroupSize, threads % simdWidth == 0,
        exportOp.getLayout().getConstants(), &flags,
        buildExportDebugInfo(builder, exportOp, debugLevel),
        exportOp.getSymName().str().c_str()));
  }
  // The MSL stays where there is no metallib, and at debug level 2 and up;
  // the version always.
  bool keepSource = metallib.empty() || debugLevel >= 2;
  flatbuffers::Offset<mtl::MSLSourceDef> source = mtl::CreateMSLSourceDefDirect(
      builder, library.options.versionMajor << 16 | library.options.versionMinor,
      keepSource ? library.source.c_str() : nullptr);
  flatbuffers::Offset<flatbuffers::String> metallibString;
  if (!metallib.empty())
    metallibString = builder.CreateString(metallib.data(), metallib.size());
  std::vector<flatbuffers::Offset<mtl::LibraryDef>> libraries = {
      mtl::CreateLibraryDef(builder, source, metallibString)};
  // Level 3 also carries the MSL as a source file, for tools that show
  // sources by path.
  std::vector<flatbuffers::Offset<debug::SourceFileDef>> sourceFiles;
  std::vector<uint8_t> content(library.source.begin(), library.source.end());
  if (debugLevel >= 3)
    sourceFiles.push_back(debug::CreateSourceFileDefDirect(
        builder, (executable.getSymName() + ".metal").str().c_str(), &content));
  builder.Finish(mtl::CreateExecutableDefDirect(
                     builder, &pipelines, &libraries,
                     sourceFiles.empty() ? nullptr : &sourceFiles),
                 mtl::ExecutableDefIdentifier());
  return wrapInBinaryHeader(
      mtl::ExecutableDefIdentifier(),
      ArrayRef<uint8_t>(builder.GetBufferPointer(), builder.GetSize()));
}
