//===- CrossCompileMSL.h - SPIR-V to one MSL library -------------*- C++ -*-===//

#ifndef HALC_TARGET_METALSPIRV_CROSSCOMPILEMSL_H
#define HALC_TARGET_METALSPIRV_CROSSCOMPILEMSL_H

#include "compiler/Dialect/HALC/HALCDialect.h"
#include "compiler/Target/MetalSPIRV/MetalToolchain.h"

#include <array>
#include <string>
#include <vector>

namespace mlir::halc {

/// What Metal needs to run one export from the library.
struct MSLEntryPoint {
  /// The kernel's name in the MSL (SPIRV-Cross renames reserved names).
  std::string name;
  std::array<uint32_t, 3> threadgroupSize;
};

struct MSLLibrary {
  std::string source;
  /// The version, platform and OS version it was written for.
  MSLOptions options;
  /// In export ordinal order.
  std::vector<MSLEntryPoint> entryPoints;
};

/// Cross-compiles every entry point of `spirv` (the SPIR-V of `executable`)
/// with SPIRV-Cross into one MSL library, following the binding contract:
/// the bindings in an argument buffer at [[buffer(0)]], binding i at
/// [[id(i)]], push constants at [[buffer(3)]]; each kernel's threadgroup
/// size is its export's workgroup size. Errors (SPIRV-Cross's, an export
/// without a workgroup size) are diagnostics.
FailureOr<MSLLibrary> crossCompileToMSL(ExecutableOp executable,
                                        ArrayRef<uint32_t> spirv,
                                        const MSLOptions &options);

} // namespace mlir::halc

#endif // HALC_TARGET_METALSPIRV_CROSSCOMPILEMSL_H
