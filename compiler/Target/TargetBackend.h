//===- TargetBackend.h - The interface every target implements --*- C++ -*-===//
//
// A target backend is one class in one directory, registered with one line
// in RegisterTargets.cpp. It names itself, describes the GPU it compiles for
// (from its flags, once) and declares its pipeline: the ordered, named
// stages from the input to the module file.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_TARGET_TARGETBACKEND_H
#define HALC_TARGET_TARGETBACKEND_H

#include "compiler/Dialect/HALC/HALCDialect.h"
#include "compiler/Stages/Stage.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir::halc {

class TargetBackend {
public:
  virtual ~TargetBackend() = default;

  /// The name users pass to `--iree-hal-target-backends`.
  virtual StringRef getName() const = 0;

  /// The target description its flags select, built once per compilation:
  /// every stage reads it from the IR. Prints an error (and returns null)
  /// when the flags name no known GPU or do not fit together.
  virtual TargetAttr getTarget(MLIRContext *context) const = 0;

  /// The pipeline: every stage from `input` to `end`, in order.
  virtual std::vector<Stage> getStages() const = 0;
};

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
