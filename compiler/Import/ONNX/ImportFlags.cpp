//===- ImportFlags.cpp - The importer's command-line flags ----------------===//

#include "compiler/Import/ONNX/ImportFlags.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/ManagedStatic.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::halc;
namespace cl = llvm::cl;

namespace {

cl::OptionCategory &getCategory() {
  static cl::OptionCategory category("halc ONNX import options");
  return category;
}

struct ONNXImportFlags {
  cl::opt<std::string> functionName{
      "onnx-function-name",
      cl::desc("An ONNX model's function name (default: the graph's name)"),
      cl::init(""), cl::cat(getCategory())};
  cl::list<std::string> dimSizes{
      "onnx-dim",
      cl::desc("NAME=SIZE: pin the dynamic dimensions named NAME (a "
               "dim_param) to SIZE; the others stay dynamic"),
      cl::cat(getCategory())};
  cl::list<std::string> inputs{
      "onnx-inputs",
      cl::desc("The graph inputs the function takes; every other input "
               "without an initializer is a parameter of its name (the "
               "weights of a model exported without them, export_params="
               "False), bound when the module loads"),
      cl::CommaSeparated, cl::cat(getCategory())};
  cl::opt<bool> externalizeParameters{
      "onnx-externalize-params",
      cl::desc("Keep the initializers (above 64 elements) outside the "
               "module, as parameters the runtime loads by name (halc-run "
               "--parameters=FILE)"),
      cl::init(false), cl::cat(getCategory())};
  cl::opt<std::string> saveParametersTo{
      "onnx-save-params-to",
      cl::desc("Where --onnx-externalize-params writes the parameters (a "
               "safetensors file; default: the output's name with the "
               "extension .safetensors)"),
      cl::init(""), cl::cat(getCategory())};
};

llvm::ManagedStatic<ONNXImportFlags> flags;

} // namespace

void mlir::halc::registerONNXImportFlags() { *flags; }

cl::OptionCategory &mlir::halc::getONNXImportFlagsCategory() {
  return getCategory();
}

bool mlir::halc::readONNXImportFlags(StringRef outputFilename,
                                     ONNXImportOptions &options,
                                     std::vector<ONNXParameter> &parameters,
                                     std::string &parametersPath,
                                     std::string &error) {
  options.functionName = flags->functionName;
  options.inputs.assign(flags->inputs.begin(), flags->inputs.end());
  for (StringRef value : flags->dimSizes) {
    auto [name, sizeText] = value.rsplit('=');
    int64_t size;
    if (name.empty() || sizeText.getAsInteger(10, size) || size < 0) {
      error = "--onnx-dim: '" + value.str() +
              "' is not NAME=SIZE (a dimension's dim_param and a size)";
      return false;
    }
    options.dimSizes[name.str()] = size;
  }
  parametersPath.clear();
  if (!flags->externalizeParameters)
    return true;
  parametersPath = flags->saveParametersTo;
  if (parametersPath.empty() && outputFilename != "-") {
    SmallString<256> path(outputFilename);
    llvm::sys::path::replace_extension(path, ".safetensors");
    parametersPath = path.str().str();
  }
  if (parametersPath.empty()) {
    error = "--onnx-externalize-params writing to stdout needs "
            "--onnx-save-params-to";
    return false;
  }
  options.parameters = &parameters;
  return true;
}
