//===- Stage.h - A named step of a target's pipeline ------------*- C++ -*-===//
//
// Each target backend declares its pipeline as one ordered list of stages
// from MLIR to bytes. A stage is one of three kinds:
//  - an MLIR stage runs passes on the whole module (its artifact is the IR);
//  - an executable stage makes one artifact per executable (SPIR-V, MSL,
//    LLVM IR, an ELF, a FlatBuffer) from the executable's IR and the
//    artifacts of the stages before it;
//  - the module stage (`end`) writes the module file from the artifacts of
//    the stage before it.
// halc-compile stops after any stage (`--compile-to`) and writes its
// artifact; the dump folder holds every stage's.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_STAGES_STAGE_H
#define HALC_STAGES_STAGE_H

#include "compiler/Dialect/HALC/HALCDialect.h"
#include "compiler/Input/Passes.h"
#include "compiler/Plan/SerializeModule.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/Any.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <string>
#include <vector>

namespace mlir::halc {

/// What a compilation asks of its stages besides the IR and the target
/// description on it: the options that are not the target's.
struct StageOptions {
  /// What the input is written in; never Auto once stages run.
  InputType inputType = InputType::Linalg;
  /// `--iree-hal-executable-debug-level` (0-3): 0 writes no debug
  /// information into executables, 1 export names and locations, 2 also the
  /// sources (e.g. the MSL next to a metallib), 3 everything.
  int debugLevel = 2;
  /// The input file's path and text, kept in the module file for CPU
  /// reference runs.
  std::string sourcePath;
  std::string sourceText;
};

/// What an executable stage made for one executable.
struct Artifact {
  /// What `--compile-to` writes and the dump folder holds; empty when the
  /// stage made nothing (a metallib without a Metal toolchain).
  std::string bytes;
  /// The same in a form the later stages read (MSL entry point names, an
  /// LLVM module), if any.
  llvm::Any data;
};

/// The artifacts of one executable, by the name of the stage that made them.
class ExecutableArtifacts {
public:
  void add(StringRef stage, Artifact artifact) {
    artifacts[stage] = std::move(artifact);
  }
  /// The artifact of `stage`, which ran before the one asking.
  const Artifact &get(StringRef stage) const;
  template <typename T>
  const T &getData(StringRef stage) const {
    return *llvm::any_cast<T>(&get(stage).data);
  }

private:
  llvm::StringMap<Artifact> artifacts;
};

struct Stage {
  enum class Kind { MLIR, Executable, Module };

  std::string name;
  Kind kind;
  /// The extension of its artifact's file: "mlir", "spv", "metal", "ll",
  /// "o", "hsaco", "vke1", ...
  std::string extension;
  /// Whether `--compile-to=executable` names this stage: the target's
  /// executable format.
  bool isExecutableFormat = false;

  /// MLIR stages: the passes, on the module.
  std::function<void(OpPassManager &, const StageOptions &)> buildPasses;
  /// Executable stages: the executable's artifact. Errors are diagnostics.
  std::function<FailureOr<Artifact>(ExecutableOp, const ExecutableArtifacts &,
                                    const StageOptions &)>
      translate;
  /// The module stage: the module file.
  std::function<FailureOr<std::vector<uint8_t>>(
      ModuleOp, ArrayRef<NamedBinary>, const StageOptions &)>
      writeModule;
};

/// An MLIR stage whose passes run on each halc.executable.
Stage makeExecutableMLIRStage(StringRef name,
                              std::function<void(OpPassManager &)> build);

/// An executable stage.
Stage makeExecutableStage(
    StringRef name, StringRef extension,
    std::function<FailureOr<Artifact>(ExecutableOp, const ExecutableArtifacts &,
                                      const StageOptions &)>
        translate);

/// The target's executable format (what `--compile-to=executable` names),
/// its file extension its name: `serialize` writes the binary.
Stage makeExecutableFormatStage(
    StringRef name,
    std::function<FailureOr<std::vector<uint8_t>>(
        ExecutableOp, const ExecutableArtifacts &, const StageOptions &)>
        serialize);

} // namespace mlir::halc

#endif // HALC_STAGES_STAGE_H
