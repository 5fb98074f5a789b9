//===- Compiler.cpp - The stages of halc-compile --------------------------===//
//
// input → dispatch-creation → executable-configurations → executable-targets
// (the backend's codegen stages) → spirv → executable (the target's binary
// format) → end (the module file: executables and dispatch plans). Each phase is its own pass manager,
// so that a compilation can stop after any of them and dump what it left.
//
//===----------------------------------------------------------------------===//

#include "compiler/Driver/Compiler.h"

#include "compiler/Codegen/Common/Passes.h"
#include "compiler/DispatchFormation/Passes.h"
#include "compiler/Input/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::halc;

namespace {

constexpr StringLiteral kInput = "input";
constexpr StringLiteral kDispatchCreation = "dispatch-creation";
constexpr StringLiteral kConfigurations = "executable-configurations";
constexpr StringLiteral kTargets = "executable-targets";
constexpr StringLiteral kSPIRV = "spirv";
constexpr StringLiteral kExecutable = "executable";
constexpr StringLiteral kEnd = "end";

class Compilation {
public:
  Compilation(ModuleOp module, const CompileOptions &options)
      : module(module), options(options) {}

  FailureOr<CompileResult> run();

private:
  LogicalResult runPasses(function_ref<void(OpPassManager &)> build);
  LogicalResult configureExecutables();
  LogicalResult lowerExecutables();
  LogicalResult serializeSPIRV(CompileResult &result);
  LogicalResult serializeExecutables(CompileResult &result);
  /// Fails, at the first function, when `phase` is the output asked for and
  /// the input has no executable to write it from.
  LogicalResult requireExecutable(StringRef phase);
  LogicalResult writeFile(const Twine &name,
                          function_ref<void(raw_ostream &)> write);
  LogicalResult dumpExecutables(StringRef stage);

  ModuleOp module;
  const CompileOptions &options;
  unsigned dumpIndex = 0;
};

LogicalResult
Compilation::runPasses(function_ref<void(OpPassManager &)> build) {
  PassManager pm(module.getContext());
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  build(pm);
  return pm.run(module);
}

LogicalResult Compilation::configureExecutables() {
  TargetAttr target = options.backend->getTarget(module.getContext());
  if (!target)
    return failure();
  for (auto executable : module.getOps<ExecutableOp>())
    executable.setTargetAttr(target);
  if (failed(runPasses([](OpPassManager &pm) {
        pm.nest<ExecutableOp>().addPass(createSelectLoweringConfigPass());
      })))
    return failure();
  return dumpExecutables(kConfigurations);
}

LogicalResult Compilation::lowerExecutables() {
  std::vector<PipelineStage> stages;
  options.backend->buildCodegenStages(stages);
  for (const PipelineStage &stage : stages) {
    if (failed(runPasses([&](OpPassManager &pm) {
          stage.build(pm.nest<ExecutableOp>());
        })) ||
        failed(dumpExecutables(stage.name)))
      return failure();
  }
  return success();
}

LogicalResult Compilation::serializeSPIRV(CompileResult &result) {
  // Targets that do not go through SPIR-V pass by this phase, unless it is
  // the one asked for.
  if (!options.backend->producesSPIRV() && options.compileTo != kSPIRV)
    return success();
  if (failed(requireExecutable(kSPIRV)))
    return failure();
  for (auto executable : module.getOps<ExecutableOp>()) {
    FailureOr<std::vector<uint32_t>> binary =
        options.backend->serializeSPIRV(executable);
    if (failed(binary))
      return failure();
    auto bytes = ArrayRef<char>(reinterpret_cast<const char *>(binary->data()),
                                binary->size() * sizeof(uint32_t));
    if (!options.dumpDir.empty() &&
        failed(writeFile(executable.getSymName() + ".spv",
                         [&](raw_ostream &os) {
                           os.write(bytes.data(), bytes.size());
                         })))
      return failure();
    result.spirv.emplace_back(executable.getSymName().str(),
                              std::move(*binary));
  }
  return success();
}

LogicalResult Compilation::requireExecutable(StringRef phase) {
  if (options.compileTo != phase || !module.getOps<ExecutableOp>().empty())
    return success();
  auto functions = module.getOps<func::FuncOp>();
  Location loc = functions.empty() ? module.getLoc()
                                   : (*functions.begin()).getLoc();
  return emitError(loc, "the input computes nothing on the GPU (no function "
                        "returns a result), so there is no ")
         << phase << " to write";
}

LogicalResult Compilation::serializeExecutables(CompileResult &result) {
  if (failed(requireExecutable(kExecutable)))
    return failure();
  for (auto executable : module.getOps<ExecutableOp>()) {
    FailureOr<std::vector<uint8_t>> binary =
        options.backend->serializeExecutable(executable, options.dumpDir);
    if (failed(binary))
      return failure();
    result.executables.push_back(
        {executable.getSymName().str(), std::move(*binary)});
  }
  return success();
}

LogicalResult
Compilation::writeFile(const Twine &name,
                       function_ref<void(raw_ostream &)> write) {
  SmallString<256> path(options.dumpDir);
  llvm::sys::path::append(path, name);
  std::error_code error;
  llvm::raw_fd_ostream os(path, error);
  if (error)
    return emitError(module.getLoc(), "cannot write ")
           << path << ": " << error.message();
  write(os);
  return success();
}

LogicalResult Compilation::dumpExecutables(StringRef stage) {
  if (options.dumpDir.empty())
    return success();
  if (std::error_code error =
          llvm::sys::fs::create_directories(options.dumpDir))
    return emitError(module.getLoc(), "cannot create ")
           << options.dumpDir << ": " << error.message();
  unsigned index = dumpIndex++;
  for (auto executable : module.getOps<ExecutableOp>()) {
    std::string name = llvm::formatv("{0}.{1:d2}.{2}.mlir",
                                     executable.getSymName(), index, stage);
    if (failed(writeFile(name, [&](raw_ostream &os) {
          executable->print(os);
          os << "\n";
        })))
      return failure();
  }
  return success();
}

FailureOr<CompileResult> Compilation::run() {
  CompileResult result;
  // Every error says which target it was compiled for (and, once the
  // executables have their target description, which chip or family).
  ScopedDiagnosticHandler noteTarget(
      module.getContext(), [&](Diagnostic &diagnostic) {
        if (diagnostic.getSeverity() != DiagnosticSeverity::Error)
          return failure();
        Diagnostic &note = diagnostic.attachNote();
        note << "compiling for target '" << options.backend->getName() << "'";
        for (auto executable : module.getOps<ExecutableOp>())
          if (TargetAttr target = executable.getTargetAttr()) {
            note << " (" << target.getArch() << ")";
            break;
          }
        return failure();
      });
  std::pair<StringRef, std::function<LogicalResult()>> phases[] = {
      {kInput,
       [&] {
         InputType type = resolveInputType(module, options.inputType);
         return runPasses(
             [&](OpPassManager &pm) { buildInputPipeline(pm, type); });
       }},
      {kDispatchCreation,
       [&] { return runPasses(buildDispatchFormationPipeline); }},
      {kConfigurations, [&] { return configureExecutables(); }},
      {kTargets, [&] { return lowerExecutables(); }},
      {kSPIRV, [&] { return serializeSPIRV(result); }},
      {kExecutable, [&] { return serializeExecutables(result); }},
      {kEnd,
       [&]() -> LogicalResult {
         FailureOr<std::vector<uint8_t>> file = serializeModule(
             module, options.backend->getName(), result.executables,
             options.sourcePath, options.sourceText);
         if (failed(file))
           return failure();
         result.module = std::move(*file);
         return success();
       }},
  };
  for (auto &[name, runPhase] : phases) {
    if (failed(runPhase()))
      return failure();
    if (name == options.compileTo)
      break;
  }
  return result;
}

} // namespace

std::vector<std::string> mlir::halc::getCompilePhases() {
  return {kInput.str(), kDispatchCreation.str(), kConfigurations.str(),
          kTargets.str(), kSPIRV.str(), kExecutable.str(), kEnd.str()};
}

FailureOr<CompileResult>
mlir::halc::compileModule(ModuleOp module, const CompileOptions &options) {
  return Compilation(module, options).run();
}
