//===- SerializeHIP1.cpp - Executables in the HIP1 format -----------------===//

#include "compiler/Target/ROCM/SerializeHIP1.h"

#include "compiler/Serialization/ExecutableDebugInfo.h"
#include "compiler/Serialization/BinaryHeader.h"

#include "schemas/hip_executable_def_generated.h"

using namespace mlir;
using namespace mlir::halc;
namespace hip = iree::hal::hip;

std::vector<uint8_t> mlir::halc::serializeHIP1(ExecutableOp executable,
                                               StringRef hsaco,
                                               StringRef targetId,
                                               int debugLevel) {
  flatbuffers::FlatBufferBuilder builder;
  std::vector<flatbuffers::Offset<hip::ExportDef>> exports;
  for (ExportOp exportOp : getExportsInOrder(executable)) {
    std::vector<hip::BindingBits> flags;
    for (BindingAccess access : exportOp.getLayout().getBindings())
      flags.push_back(access == BindingAccess::ReadOnly
                          ? hip::BindingBits::READ_ONLY
                          : hip::BindingBits::NONE);
    ArrayRef<int64_t> size = *exportOp.getWorkgroupSize();
    hip::BlockDims blockDims(size[0], size[1], size[2]);
    exports.push_back(hip::CreateExportDefDirect(
        builder, /*module_ordinal=*/0, exportOp.getSymName().str().c_str(),
        &blockDims, /*block_shared_memory_size=*/0,
        exportOp.getLayout().getConstants(), &flags,
        buildExportDebugInfo(builder, exportOp, debugLevel)));
  }
  std::vector<flatbuffers::Offset<hip::ModuleDef>> modules = {
      hip::CreateModuleDef(builder,
                           builder.CreateString(hsaco.data(), hsaco.size()))};
  builder.Finish(hip::CreateExecutableDefDirect(builder, &exports, &modules,
                                                nullptr,
                                                targetId.str().c_str()),
                 hip::ExecutableDefIdentifier());
  return wrapInBinaryHeader(
      hip::ExecutableDefIdentifier(),
      ArrayRef<uint8_t>(builder.GetBufferPointer(), builder.GetSize()));
}
