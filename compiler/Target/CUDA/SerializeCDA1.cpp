//===- SerializeCDA1.cpp - Executables in the CDA1 format -----------------===//

#include "compiler/Target/CUDA/SerializeCDA1.h"

#include "compiler/Serialization/BinaryHeader.h"
#include "compiler/Serialization/ExecutableDebugInfo.h"

#include "schemas/cuda_executable_def_generated.h"

using namespace mlir;
using namespace mlir::halc;
namespace cuda = iree::hal::cuda;

std::vector<uint8_t> mlir::halc::serializeCDA1(ExecutableOp executable,
                                               StringRef ptx, StringRef arch,
                                               int debugLevel) {
  flatbuffers::FlatBufferBuilder builder;
  std::vector<flatbuffers::Offset<cuda::ExportDef>> exports;
  for (ExportOp exportOp : getExportsInOrder(executable)) {
    std::vector<cuda::BindingBits> flags;
    for (BindingAccess access : exportOp.getLayout().getBindings())
      flags.push_back(access == BindingAccess::ReadOnly
                          ? cuda::BindingBits::READ_ONLY
                          : cuda::BindingBits::NONE);
    ArrayRef<int64_t> size = *exportOp.getWorkgroupSize();
    cuda::BlockDims blockDims(size[0], size[1], size[2]);
    exports.push_back(cuda::CreateExportDefDirect(
        builder, /*module_ordinal=*/0, exportOp.getSymName().str().c_str(),
        &blockDims, /*block_shared_memory_size=*/0,
        exportOp.getLayout().getConstants(), &flags,
        buildExportDebugInfo(builder, exportOp, debugLevel)));
  }
  std::vector<flatbuffers::Offset<cuda::ModuleDef>> modules = {
      cuda::CreateModuleDef(builder,
                            builder.CreateString(ptx.data(), ptx.size()))};
  builder.Finish(cuda::CreateExecutableDefDirect(builder, &exports, &modules,
                                                 nullptr, arch.str().c_str()),
                 cuda::ExecutableDefIdentifier());
  return wrapInBinaryHeader(
      cuda::ExecutableDefIdentifier(),
      ArrayRef<uint8_t>(builder.GetBufferPointer(), builder.GetSize()));
}
