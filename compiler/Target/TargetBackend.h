//===- TargetBackend.h - The interface every target implements --*- C++ -*-===//
//
// A target backend is one class in one directory, registered with one line
// in RegisterTargets.cpp. It names itself, describes the GPU it compiles for,
// lists the codegen stages that lower a halc.executable to its IR, and
// serializes the result.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_TARGET_TARGETBACKEND_H
#define HALC_TARGET_TARGETBACKEND_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/Pass/PassManager.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir::halc {

/// A named step of a pipeline; `--compile-to=<name>` stops after it and
/// `--iree-hal-dump-executable-intermediates-to` writes the IR it leaves.
struct PipelineStage {
  std::string name;
  std::function<void(OpPassManager &)> build;
};

class TargetBackend {
public:
  virtual ~TargetBackend() = default;

  /// The name users pass to `--iree-hal-target-backends`.
  virtual StringRef getName() const = 0;

  /// The GPU this backend compiles for, as selected by its flags; reports an
  /// error (and returns null) when the flags name no known GPU.
  virtual TargetAttr getTarget(MLIRContext *context) const = 0;

  /// The stages, after the lowering config is chosen, that lower the
  /// dispatch functions of an executable to this target's IR. Each stage's
  /// pass manager runs on `halc.executable`.
  virtual void buildCodegenStages(std::vector<PipelineStage> &stages) const = 0;

  /// Whether the target goes through SPIR-V (phase `spirv` has something to
  /// write).
  virtual bool producesSPIRV() const { return false; }

  /// The SPIR-V binary of a lowered executable (SPIR-V targets only).
  virtual FailureOr<std::vector<uint32_t>>
  serializeSPIRV(ExecutableOp executable) const;

  /// The executable binary of a lowered executable in this target's format
  /// (VKE1, MTL1, HIP1): the 64-byte header, then the FlatBuffer. Files the
  /// target makes on the way (MSL, LLVM IR, code objects) go to `dumpDir`
  /// when it is not empty.
  virtual FailureOr<std::vector<uint8_t>>
  serializeExecutable(ExecutableOp executable, StringRef dumpDir) const;
};

/// `--iree-hal-executable-debug-level` (0-3, default 2): 0 writes no debug
/// information into executables, 1 export names and locations, 2 also the
/// sources (e.g. the MSL next to a metallib), 3 everything.
int getExecutableDebugLevel();

/// `flatbuffer` behind the 64-byte header of halc binaries, whose magic is
/// the FlatBuffer's four-character file `identifier`.
std::vector<uint8_t> wrapInBinaryHeader(const char *identifier,
                                        ArrayRef<uint8_t> flatbuffer);

/// Adds `backend` to the registry under its name.
void registerTargetBackend(std::unique_ptr<TargetBackend> backend);

/// The registered backend called `name`, or null.
const TargetBackend *lookupTargetBackend(StringRef name);

/// The names of all registered backends, sorted.
std::vector<std::string> getRegisteredTargetBackendNames();

/// Registers every backend halc has (RegisterTargets.cpp).
void registerAllTargetBackends();

} // namespace mlir::halc

#endif // HALC_TARGET_TARGETBACKEND_H
