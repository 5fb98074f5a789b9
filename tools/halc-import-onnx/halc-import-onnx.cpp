//===- halc-import-onnx.cpp - ONNX model to MLIR --------------------------===//
//
//   halc-import-onnx model.onnx -o model.mlir [--onnx-dim=batch=8]
//
// Writes the MLIR that halc-compile compiles when given the model itself
// (as iree-import-onnx does for iree-compile). On an error the exit code is
// 1 and no output file is written.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ImportFlags.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory category("halc-import-onnx options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input .onnx file>"),
                                          cl::Required, cl::cat(category));

static cl::opt<std::string> outputFilename("o", cl::desc("Output file"),
                                           cl::value_desc("filename"),
                                           cl::init("-"), cl::cat(category));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  halc::registerONNXImportFlags();
  cl::HideUnrelatedOptions({&category, &halc::getONNXImportFlagsCategory()});
  cl::ParseCommandLineOptions(argc, argv,
                              "halc-import-onnx: ONNX model to MLIR\n");
  halc::ONNXImportOptions options;
  std::vector<halc::ONNXParameter> parameters;
  std::string parametersPath, error;
  if (!halc::readONNXImportFlags(outputFilename, options, parameters,
                                 parametersPath, error)) {
    llvm::errs() << "error: " << error << "\n";
    return 1;
  }
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << "error: " << error << "\n";
    return 1;
  }
  MLIRContext context;
  halc::ONNXDiagnosticHandler diagnostics(&context);
  OwningOpRef<ModuleOp> module = halc::importONNXModel(
      input->getBuffer(), inputFilename, &context, options);
  if (!module)
    return 1;
  llvm::Error written = llvm::writeToOutput(
      outputFilename, [&](llvm::raw_ostream &os) -> llvm::Error {
        module->print(os);
        os << "\n";
        return llvm::Error::success();
      });
  if (written) {
    llvm::errs() << "error: cannot write " << outputFilename << ": "
                 << llvm::toString(std::move(written)) << "\n";
    return 1;
  }
  if (!parametersPath.empty() &&
      failed(halc::writeParameters(parametersPath, parameters, error))) {
    llvm::errs() << "error: cannot write " << parametersPath << ": " << error
                 << "\n";
    return 1;
  }
  return 0;
}
