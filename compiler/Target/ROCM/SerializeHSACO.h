//===- SerializeHSACO.h - LLVM dialect kernels to an HSACO -------*- C++ -*-===//

#ifndef HALC_TARGET_ROCM_SERIALIZEHSACO_H
#define HALC_TARGET_ROCM_SERIALIZEHSACO_H

#include "compiler/Dialect/HALC/HALCDialect.h"
#include "compiler/Target/ROCM/ChipTable.h"

#include <string>

namespace mlir::halc {

struct ROCMOptions {
  const AMDChip *chip = nullptr;
  /// "+sramecc,-xnack" as given (validated).
  std::string features;
  int waveSize = 64;
  /// Where ocml.bc and ockl.bc are.
  std::string bitcodeDir;
  /// e.g. "gfx942:sramecc+:xnack-".
  std::string targetId;
};

/// The HSACO of `executable` (its gpu.module of LLVM-dialect kernels):
/// translated to LLVM IR, linked with ocml/ockl only when it calls into them,
/// optimized at O2, compiled for the chip and linked by ld.lld into a shared
/// object. Writes `<exe>.ll`, `.s` and `.hsaco` into `dumpDir` when not
/// empty. Errors are diagnostics on the executable.
FailureOr<std::string> serializeHSACO(ExecutableOp executable,
                                      const ROCMOptions &options,
                                      StringRef dumpDir);

} // namespace mlir::halc

#endif // HALC_TARGET_ROCM_SERIALIZEHSACO_H
