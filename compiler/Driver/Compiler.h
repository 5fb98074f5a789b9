//===- Compiler.h - Runs a target's stages ----------------------*- C++ -*-===//

#ifndef HALC_DRIVER_COMPILER_H
#define HALC_DRIVER_COMPILER_H

#include "compiler/Input/Passes.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/Timing.h"

#include <string>
#include <vector>

namespace mlir::halc {

/// The stage `name` names in `stages`: a stage's own name, `executable`
/// (the target's executable format) or `executable-targets` (its last MLIR
/// stage, as IREE calls it); none when it names none.
const Stage *lookupStage(ArrayRef<Stage> stages, StringRef name);

struct CompileOptions {
  const TargetBackend *backend = nullptr;
  /// What the input is written in; Auto is resolved from the module.
  InputType inputType = InputType::Auto;
  /// The last stage to run (a name lookupStage knows).
  std::string compileTo = "end";
  /// Where to write every stage's artifact; empty for nowhere.
  std::string dumpDir;
  /// What the stages read besides the IR.
  StageOptions stageOptions;
  /// Where each stage's time goes (`--mlir-timing`): MLIR stages nest their
  /// passes under it, executable stages one timer each; none when null.
  TimingScope *timing = nullptr;
};

/// What the last stage made: the IR (left in the module) for an MLIR stage,
/// one artifact per executable for an executable stage, the module file for
/// `end`.
struct CompileResult {
  /// The last stage's name and kind (a copy: the stages die with the run).
  std::string lastStageName;
  Stage::Kind lastStageKind = Stage::Kind::MLIR;
  std::vector<std::string> executableArtifacts;
  std::vector<uint8_t> module;
};

/// Attaches the backend's target description to `module` and runs its
/// stages up to `options.compileTo` on it in place. Errors are reported as
/// diagnostics.
FailureOr<CompileResult> compileModule(ModuleOp module,
                                       const CompileOptions &options);

} // namespace mlir::halc

#endif // HALC_DRIVER_COMPILER_H
