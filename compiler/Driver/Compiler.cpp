//===- Compiler.cpp - Runs a target's stages ------------------------------===//
//
// The driver knows no stage by name: it runs the target's list in order,
// each MLIR stage as its own pass manager, each executable stage once per
// executable, and stops after the one asked for. With a dump folder, every
// stage's artifact is written as `<executable>.<nn>.<stage>.<ext>`, nn being
// the stage's place in the list.
//
//===----------------------------------------------------------------------===//

#include "compiler/Driver/Compiler.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::halc;

const Stage *mlir::halc::lookupStage(ArrayRef<Stage> stages, StringRef name) {
  const Stage *lastMLIR = nullptr;
  for (const Stage &stage : stages) {
    if (stage.name == name || (name == "executable" && stage.isExecutableFormat))
      return &stage;
    if (stage.kind == Stage::Kind::MLIR)
      lastMLIR = &stage;
  }
  return name == "executable-targets" ? lastMLIR : nullptr;
}

namespace {

class Compilation {
public:
  Compilation(ModuleOp module, const CompileOptions &options)
      : module(module), options(options),
        stages(options.backend->getStages()) {}

  FailureOr<CompileResult> run();

private:
  LogicalResult runMLIRStage(const Stage &stage);
  /// Runs `stage` on every executable; the stage asked for must make
  /// something.
  LogicalResult runExecutableStage(const Stage &stage, const Stage *last);
  /// Fails, at the first function, when `stage` is the one asked for and
  /// the input has no executable to make its artifact of.
  LogicalResult requireExecutables(const Stage &stage, const Stage *last);
  LogicalResult dump(unsigned index, const Stage &stage);
  /// A timer for `stage` under the compilation's, or one that times nothing.
  TimingScope nestTiming(const Stage &stage) {
    return options.timing ? options.timing->nest(stage.name) : TimingScope();
  }
  LogicalResult writeDumpFile(const Twine &name, StringRef bytes);

  ModuleOp module;
  const CompileOptions &options;
  std::vector<Stage> stages;
  /// Per executable, in module order.
  SmallVector<ExecutableOp> executables;
  std::vector<ExecutableArtifacts> artifacts;
  /// The last executable stage that ran.
  const Stage *lastExecutableStage = nullptr;
  std::vector<uint8_t> moduleFile;
};

LogicalResult Compilation::runMLIRStage(const Stage &stage) {
  PassManager pm(module.getContext());
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  TimingScope timing = nestTiming(stage);
  if (options.timing)
    pm.enableTiming(timing);
  stage.buildPasses(pm, options.stageOptions);
  return pm.run(module);
}

LogicalResult Compilation::requireExecutables(const Stage &stage,
                                              const Stage *last) {
  if (!executables.empty() || &stage != last)
    return success();
  auto functions = module.getOps<func::FuncOp>();
  Location loc = functions.empty() ? module.getLoc()
                                   : (*functions.begin()).getLoc();
  return emitError(loc, "the input computes nothing on the GPU (no function "
                        "returns a result), so there is no ")
         << options.compileTo << " to write";
}

LogicalResult Compilation::runExecutableStage(const Stage &stage,
                                              const Stage *last) {
  TimingScope timing = nestTiming(stage);
  for (auto [executable, made] : llvm::zip(executables, artifacts)) {
    FailureOr<Artifact> artifact =
        stage.translate(executable, made, options.stageOptions);
    if (failed(artifact))
      return failure();
    if (&stage == last && artifact->bytes.empty())
      return executable.emitError("the ")
             << stage.name << " stage made nothing to write";
    made.add(stage.name, std::move(*artifact));
  }
  lastExecutableStage = &stage;
  return success();
}

LogicalResult Compilation::writeDumpFile(const Twine &name, StringRef bytes) {
  SmallString<256> path(options.dumpDir);
  llvm::sys::path::append(path, name);
  std::error_code error;
  llvm::raw_fd_ostream os(path, error);
  if (error)
    return emitError(module.getLoc(), "cannot write ")
           << path << ": " << error.message();
  os << bytes;
  return success();
}

LogicalResult Compilation::dump(unsigned index, const Stage &stage) {
  if (options.dumpDir.empty() || stage.kind == Stage::Kind::Module)
    return success();
  if (std::error_code error =
          llvm::sys::fs::create_directories(options.dumpDir))
    return emitError(module.getLoc(), "cannot create ")
           << options.dumpDir << ": " << error.message();
  auto fileName = [&](ExecutableOp executable) {
    return llvm::formatv("{0}.{1:d2}.{2}.{3}", executable.getSymName(), index,
                         stage.name, stage.extension)
        .str();
  };
  if (stage.kind == Stage::Kind::Executable) {
    for (auto [executable, made] : llvm::zip(executables, artifacts)) {
      StringRef bytes = made.get(stage.name).bytes;
      if (!bytes.empty() && failed(writeDumpFile(fileName(executable), bytes)))
        return failure();
    }
    return success();
  }
  for (auto executable : module.getOps<ExecutableOp>()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    executable->print(os);
    os << "\n";
    if (failed(writeDumpFile(fileName(executable), text)))
      return failure();
  }
  return success();
}

FailureOr<CompileResult> Compilation::run() {
  // The target description is halc's attribute: an input that uses nothing
  // of halc's has not loaded its dialect.
  module.getContext()->getOrLoadDialect<HALCDialect>();
  TargetAttr target = options.backend->getTarget(module.getContext());
  if (!target)
    return failure();
  module->setAttr(kModuleTargetAttrName, target);
  // Every error says which target it was compiled for.
  ScopedDiagnosticHandler noteTarget(
      module.getContext(), [&](Diagnostic &diagnostic) {
        if (diagnostic.getSeverity() != DiagnosticSeverity::Error)
          return failure();
        diagnostic.attachNote() << "compiling for target '"
                                << target.getBackend() << "' ("
                                << target.getArch() << ")";
        return failure();
      });
  const Stage *last = lookupStage(stages, options.compileTo);
  assert(last && "the tool checks --compile-to");
  for (auto [index, stage] : llvm::enumerate(stages)) {
    switch (stage.kind) {
    case Stage::Kind::MLIR:
      if (failed(runMLIRStage(stage)))
        return failure();
      executables = llvm::to_vector(module.getOps<ExecutableOp>());
      artifacts.resize(executables.size());
      break;
    case Stage::Kind::Executable:
      if (failed(requireExecutables(stage, last)) ||
          failed(runExecutableStage(stage, last)))
        return failure();
      break;
    case Stage::Kind::Module: {
      TimingScope timing = nestTiming(stage);
      std::vector<NamedBinary> binaries;
      for (auto [executable, made] : llvm::zip(executables, artifacts)) {
        StringRef bytes = made.get(lastExecutableStage->name).bytes;
        binaries.push_back({executable.getSymName().str(),
                            std::vector<uint8_t>(bytes.begin(), bytes.end())});
      }
      FailureOr<std::vector<uint8_t>> file =
          stage.writeModule(module, binaries, options.stageOptions);
      if (failed(file))
        return failure();
      moduleFile = std::move(*file);
      break;
    }
    }
    if (failed(dump(index, stage)))
      return failure();
    if (&stage == last)
      break;
  }
  CompileResult result{last->name, last->kind, {}, std::move(moduleFile)};
  if (last->kind == Stage::Kind::Executable)
    for (const ExecutableArtifacts &made : artifacts)
      result.executableArtifacts.push_back(made.get(last->name).bytes);
  return result;
}

} // namespace

FailureOr<CompileResult>
mlir::halc::compileModule(ModuleOp module, const CompileOptions &options) {
  return Compilation(module, options).run();
}
