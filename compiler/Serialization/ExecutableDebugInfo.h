//===- ExecutableDebugInfo.h - Debug tables of executables ------*- C++ -*-===//

#ifndef HALC_SERIALIZATION_EXECUTABLEDEBUGINFO_H
#define HALC_SERIALIZATION_EXECUTABLEDEBUGINFO_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "schemas/executable_debug_info_generated.h"

namespace mlir::halc {

/// The export's debug table (its name and, where the input had one, its file
/// and line), or none below debug level 1.
flatbuffers::Offset<iree::hal::debug::ExportDef>
buildExportDebugInfo(flatbuffers::FlatBufferBuilder &builder, ExportOp exportOp,
                     int debugLevel);

} // namespace mlir::halc

#endif // HALC_SERIALIZATION_EXECUTABLEDEBUGINFO_H
