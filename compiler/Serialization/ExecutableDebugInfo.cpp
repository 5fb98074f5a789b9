//===- ExecutableDebugInfo.cpp - Debug tables of executables --------------===//

#include "compiler/Serialization/ExecutableDebugInfo.h"

using namespace mlir;
using namespace mlir::halc;
namespace debug = iree::hal::debug;

flatbuffers::Offset<debug::ExportDef>
mlir::halc::buildExportDebugInfo(flatbuffers::FlatBufferBuilder &builder,
                                 ExportOp exportOp, int debugLevel) {
  if (debugLevel < 1)
    return 0;
  flatbuffers::Offset<debug::FileLineLocDef> location;
  if (auto fileLoc = dyn_cast<FileLineColLoc>(exportOp.getLoc()))
    location = debug::CreateFileLineLocDefDirect(
        builder, fileLoc.getFilename().str().c_str(), fileLoc.getLine());
  return debug::CreateExportDefDirect(
      builder, exportOp.getSymName().str().c_str(), location);
}
