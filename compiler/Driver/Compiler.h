//===- Compiler.h - The stages of halc-compile ------------------*- C++ -*-===//

#ifndef HALC_DRIVER_COMPILER_H
#define HALC_DRIVER_COMPILER_H

#include "compiler/Driver/SerializeModule.h"
#include "compiler/Input/Passes.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace mlir::halc {

/// The phases `--compile-to` accepts, in order.
std::vector<std::string> getCompilePhases();

struct CompileOptions {
  const TargetBackend *backend = nullptr;
  /// What the input is written in.
  InputType inputType = InputType::Auto;
  /// The last phase to run (one of getCompilePhases()).
  std::string compileTo = "spirv";
  /// Where to write the IR of each codegen stage and the binaries; empty
  /// for nowhere.
  std::string dumpDir;
  /// The input file's path and text, kept in the module file for CPU
  /// reference runs.
  std::string sourcePath;
  std::string sourceText;
};

/// What a compilation produced: IR (phases before `spirv`) or binaries.
struct CompileResult {
  /// The SPIR-V of each executable, in module order.
  std::vector<std::pair<std::string, std::vector<uint32_t>>> spirv;
  /// The executable binary (VKE1, MTL1, HIP1) of each executable, in module
  /// order (phase `executable`).
  std::vector<NamedBinary> executables;
  /// The HALM file of the whole module (phase `end`).
  std::vector<uint8_t> module;
};

/// Runs the phases up to `options.compileTo` on `module` in place. Errors are
/// reported as diagnostics.
FailureOr<CompileResult> compileModule(ModuleOp module,
                                       const CompileOptions &options);

} // namespace mlir::halc

#endif // HALC_DRIVER_COMPILER_H
