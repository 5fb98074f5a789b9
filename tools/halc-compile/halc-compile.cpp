//===- halc-compile.cpp - Compile MLIR for GPUs ahead of time -------------===//
//
//   halc-compile input.mlir --iree-hal-target-backends=metal-spirv -o out.halm
//
// Diagnostics point at the input (file:line:col); on any error the exit code
// is 1 and no output file is written.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/HALC/HALCDialect.h"
#include "compiler/Driver/Compiler.h"
#include "compiler/Driver/ParserGuards.h"
#include "compiler/Import/ONNX/ImportFlags.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/thread.h"

using namespace mlir;
using namespace mlir::halc;
namespace cl = llvm::cl;

static cl::OptionCategory compileCategory("halc-compile options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input .mlir or .onnx file>"),
                                          cl::init("-"),
                                          cl::cat(compileCategory));

static cl::opt<std::string> outputFilename("o", cl::desc("Output file"),
                                           cl::value_desc("filename"),
                                           cl::init("-"),
                                           cl::cat(compileCategory));

/// Its description lists the registered targets (see main).
static cl::opt<std::string> targetBackends("iree-hal-target-backends",
                                           cl::init("vulkan-spirv"),
                                           cl::cat(compileCategory));

/// Its description lists every target's stages (see main).
static cl::opt<std::string> compileTo("compile-to", cl::init("end"),
                                      cl::cat(compileCategory));

static cl::opt<std::string> compileMode(
    "compile-mode",
    cl::desc("std (the default), or hal-executable: the same as "
             "--compile-to=executable"),
    cl::init("std"), cl::cat(compileCategory));

static cl::opt<InputType> inputType(
    "iree-input-type", cl::desc("What the input is written in"),
    cl::values(
        clEnumValN(InputType::Auto, "auto",
                   "TOSA if the module has TOSA ops, else Linalg (default)"),
        clEnumValN(InputType::TOSA, "tosa", "the TOSA dialect"),
        clEnumValN(InputType::Linalg, "linalg",
                   "Linalg, tensor, arith and math on tensors"),
        clEnumValN(InputType::Linalg, "none", "the same as linalg")),
    cl::init(InputType::Auto), cl::cat(compileCategory));

static cl::opt<std::string> dumpIntermediatesTo(
    "iree-hal-dump-executable-intermediates-to",
    cl::desc("Write what every stage makes of each executable to this "
             "directory, as <executable>.<nn>.<stage>.<ext>"),
    cl::init(""), cl::cat(compileCategory));

namespace {
/// A debug level: 0 to 3.
struct DebugLevelParser : public cl::parser<int> {
  using cl::parser<int>::parser;
  bool parse(cl::Option &option, StringRef name, StringRef text, int &value) {
    if (text.getAsInteger(10, value) || value < 0 || value > 3)
      return option.error("'" + text + "' is not a debug level (0 to 3)");
    return false;
  }
};
} // namespace

static cl::OptionCategory executableCategory("halc executable options");

static cl::opt<int, false, DebugLevelParser> executableDebugLevel(
    "iree-hal-executable-debug-level",
    cl::desc("Debug information in executables: 0 none, 1 export names "
             "and locations, 2 also sources (default), 3 everything"),
    cl::init(2), cl::cat(executableCategory));

static cl::opt<bool> printSummary(
    "print-summary",
    cl::desc("Print what was produced (exports, workgroup sizes and counts, "
             "binary sizes) to stderr"),
    cl::init(false), cl::cat(compileCategory));

/// `[4, 4, 1]`; an axis counted at the call is the extent in its constant
/// over the elements a workgroup takes, rounded up: `ceil(constant 0 / 2)`.
static std::string formatWorkgroupCount(ExportOp exportOp) {
  std::optional<ArrayRef<int64_t>> count = exportOp.getWorkgroupCount();
  if (!count)
    return "?";
  std::optional<ArrayRef<int64_t>> constants =
      exportOp.getWorkgroupCountConstants();
  SmallVector<std::string> axes;
  for (auto [axis, value] : llvm::enumerate(*count)) {
    int64_t constant = constants && axis < constants->size()
                           ? (*constants)[axis]
                           : int64_t(-1);
    axes.push_back(constant < 0 ? std::to_string(value)
                                : "ceil(constant " + std::to_string(constant) +
                                      " / " + std::to_string(value) + ")");
  }
  return "[" + llvm::join(axes, ", ") + "]";
}

static void printExecutableSummary(ModuleOp module,
                                   const CompileResult &result) {
  llvm::raw_ostream &os = llvm::errs();
  for (auto executable : module.getOps<ExecutableOp>()) {
    TargetAttr target = executable.getTargetAttr();
    os << "executable @" << executable.getSymName() << " for "
       << target.getBackend() << " (" << target.getArch() << ")";
    if (result.lastStageKind == Stage::Kind::Executable)
      os << ": " << result.executableArtifacts.front().size() << " bytes of "
         << result.lastStageName;
    os << "\n";
    for (ExportOp exportOp : getExportsInOrder(executable)) {
      auto dims = [](std::optional<ArrayRef<int64_t>> d) {
        return d ? "[" + llvm::join(llvm::map_range(*d, [](int64_t v) {
                     return std::to_string(v);
                   }), ", ") + "]"
                 : std::string("?");
      };
      ArrayRef<BindingAccess> bindings = exportOp.getLayout().getBindings();
      int64_t readOnly = llvm::count(bindings, BindingAccess::ReadOnly);
      os << "  export " << exportOp.getOrdinal() << " @"
         << exportOp.getSymName() << ": workgroup_size "
         << dims(exportOp.getWorkgroupSize()) << ", workgroup_count "
         << formatWorkgroupCount(exportOp) << ", bindings " << readOnly
         << " read-only + " << bindings.size() - readOnly << " written\n";
    }
  }
}

/// Writes the output through a temporary file renamed into place, so that a
/// failed compilation never leaves one behind.
static LogicalResult writeOutput(ModuleOp module, const CompileResult &result) {
  llvm::Error error = llvm::writeToOutput(
      outputFilename, [&](llvm::raw_ostream &os) -> llvm::Error {
        switch (result.lastStageKind) {
        case Stage::Kind::MLIR:
          module->print(os);
          os << "\n";
          break;
        case Stage::Kind::Executable:
          os << result.executableArtifacts.front();
          break;
        case Stage::Kind::Module:
          os.write(reinterpret_cast<const char *>(result.module.data()),
                   result.module.size());
          break;
        }
        return llvm::Error::success();
      });
  if (!error)
    return success();
  llvm::errs() << "error: cannot write " << outputFilename << ": "
               << llvm::toString(std::move(error)) << "\n";
  return failure();
}

/// What `--compile-to` takes, for --help: each target's stages.
static std::string describeStages() {
  std::string text =
      "Stop after this stage and write what it made (MLIR text, or the "
      "binary of the one executable), or `executable` (the target's "
      "executable format), `executable-targets` (its last MLIR stage), `end` "
      "(the default: the module file for halc-run). The stages:";
  for (const std::string &name : getRegisteredTargetBackendNames()) {
    text += "\n    " + name + ":";
    for (const Stage &stage : lookupTargetBackend(name)->getStages())
      text += " " + stage.name;
  }
  return text;
}

/// Shows halc's options (its categories are named "halc ...") and MLIR's
/// (`--mlir-*`: the pass manager, timing, IR printing) under --help; the
/// options of the LLVM libraries linked in (backends, polly, ...) go to
/// --help-hidden.
static void hideLibraryOptions() {
  static cl::OptionCategory mlirCategory("MLIR options");
  for (auto &entry : cl::getRegisteredOptions()) {
    cl::Option *option = entry.second;
    // LLVM's own --help, --version, ... are "Generic Options".
    if (llvm::any_of(option->Categories, [](const cl::OptionCategory *c) {
          return c->getName().starts_with("halc") ||
                 c->getName() == "Generic Options";
        }))
      continue;
    if (entry.first.starts_with("mlir-")) {
      option->addCategory(mlirCategory);
      continue;
    }
    if (option->getOptionHiddenFlag() == cl::NotHidden)
      option->setHiddenFlag(cl::Hidden);
  }
}

/// Reports, where it goes wrong, input the parser cannot take.
static LogicalResult checkParsable(llvm::SourceMgr &sourceMgr) {
  StringRef text =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBuffer();
  std::optional<UnparsableText> unparsable = findUnparsableText(text);
  if (!unparsable)
    return success();
  sourceMgr.PrintMessage(
      llvm::SMLoc::getFromPointer(text.data() + unparsable->offset),
      llvm::SourceMgr::DK_Error, unparsable->reason);
  return failure();
}

static int compileMain() {
  if (compileMode == "hal-executable") {
    compileTo = "executable";
  } else if (compileMode != "std") {
    llvm::errs() << "error: unknown --compile-mode '" << compileMode
                 << "'; known are: std, hal-executable\n";
    return 1;
  }
  const TargetBackend *backend = lookupTargetBackend(targetBackends);
  if (!backend) {
    llvm::errs() << "error: unknown --iree-hal-target-backends '"
                 << targetBackends << "'; known are: "
                 << llvm::join(getRegisteredTargetBackendNames(), ", ")
                 << "\n";
    return 1;
  }
  std::vector<Stage> stages = backend->getStages();
  if (!lookupStage(stages, compileTo)) {
    llvm::errs() << "error: unknown --compile-to '" << compileTo
                 << "' for target '" << backend->getName() << "'; known are: "
                 << llvm::join(llvm::map_range(stages,
                                               [](const Stage &stage) {
                                                 return stage.name;
                                               }),
                               ", ")
                 << ", executable, executable-targets\n";
    return 1;
  }

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registry.insert<HALCDialect>();
  MLIRContext context(registry);
  // Diagnostics point at the input; the IR of a whole executable after them
  // would bury the message.
  context.printOpOnDiagnostic(false);
  context.loadAllAvailableDialects();

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << "error: " << errorMessage << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  StringRef inputText =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBuffer();
  bool isONNX = looksLikeONNX(inputFilename, inputText);
  if (!isONNX && failed(checkParsable(sourceMgr)))
    return 1;
  // An ONNX file is binary: its diagnostics show no source line.
  std::optional<SourceMgrDiagnosticHandler> textDiagnostics;
  std::optional<ONNXDiagnosticHandler> onnxDiagnostics;
  if (isONNX)
    onnxDiagnostics.emplace(&context);
  else
    textDiagnostics.emplace(sourceMgr, &context);
  DefaultTimingManager timingManager;
  applyDefaultTimingManagerCLOptions(timingManager);
  TimingScope timing = timingManager.getRootScope();
  TimingScope parseTiming = timing.nest(isONNX ? "import-onnx" : "parse");
  OwningOpRef<ModuleOp> module;
  // What the module file keeps as its source (for a CPU reference run): the
  // input, or the MLIR imported from a model, unless that is large.
  std::string sourceText;
  // The initializers kept outside the module, and where they go.
  std::vector<ONNXParameter> parameters;
  std::string parametersPath;
  if (isONNX) {
    ONNXImportOptions onnxOptions;
    if (!readONNXImportFlags(outputFilename, onnxOptions, parameters,
                             parametersPath, errorMessage)) {
      llvm::errs() << "error: " << errorMessage << "\n";
      return 1;
    }
    module = importONNXModel(inputText, inputFilename, &context, onnxOptions);
    if (!module)
      return 1;
    constexpr size_t kMaxSourceBytes = 4 << 20;
    llvm::raw_string_ostream os(sourceText);
    module->print(os);
    if (sourceText.size() > kMaxSourceBytes)
      sourceText.clear();
  } else {
    module = parseSourceFile<ModuleOp>(sourceMgr, &context);
    if (!module)
      return 1;
    sourceText = inputText.str();
  }
  parseTiming.stop();

  CompileOptions options;
  options.backend = backend;
  options.compileTo = compileTo;
  options.dumpDir = dumpIntermediatesTo;
  options.stageOptions.inputType = resolveInputType(*module, inputType);
  options.stageOptions.debugLevel = executableDebugLevel;
  options.stageOptions.sourcePath =
      isONNX ? inputFilename + ".mlir" : std::string(inputFilename);
  options.stageOptions.sourceText = std::move(sourceText);
  options.timing = timingManager.isEnabled() ? &timing : nullptr;
  FailureOr<CompileResult> result = compileModule(*module, options);
  if (failed(result))
    return 1;
  if (result->lastStageKind == Stage::Kind::Executable &&
      result->executableArtifacts.size() != 1) {
    llvm::errs() << "error: --compile-to=" << compileTo
                 << " needs an input that forms one executable; this one "
                    "forms "
                 << result->executableArtifacts.size() << "\n";
    return 1;
  }
  TimingScope outputTiming = timing.nest("output");
  if (failed(writeOutput(*module, *result)))
    return 1;
  if (!parametersPath.empty() &&
      failed(writeParameters(parametersPath, parameters, errorMessage))) {
    llvm::errs() << "error: cannot write " << parametersPath << ": "
                 << errorMessage << "\n";
    return 1;
  }
  outputTiming.stop();
  if (printSummary)
    printExecutableSummary(*module, *result);
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  registerAllTargetBackends();
  registerONNXImportFlags();
  static const std::string stagesDescription = describeStages();
  compileTo.setDescription(stagesDescription);
  static const std::string backendsDescription =
      "Target backend to compile for: " +
      llvm::join(getRegisteredTargetBackendNames(), ", ");
  targetBackends.setDescription(backendsDescription);
  hideLibraryOptions();
  cl::ParseCommandLineOptions(
      argc, argv,
      "halc-compile: ahead-of-time GPU compiler for MLIR (linalg on tensors)\n");
  // The parser and the passes recurse over nested IR: a stack with room for
  // the deepest input checkParsable lets through.
  int status = 1;
  llvm::thread compiler(std::optional<unsigned>(256u << 20),
                        [&] { status = compileMain(); });
  compiler.join();
  return status;
}
