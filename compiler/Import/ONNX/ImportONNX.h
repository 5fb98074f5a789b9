//===- ImportONNX.h - ONNX models to MLIR -----------------------*- C++ -*-===//
//
// An ONNX model becomes one func.func on tensors (linalg, tensor, arith and
// math), built with MLIR's builders: libonnx checks the model and infers its
// shapes first; initializers become constants (dense resources), or
// parameters the caller binds by name; node names become locations.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_IMPORT_ONNX_IMPORTONNX_H
#define HALC_IMPORT_ONNX_IMPORTONNX_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"

#include <map>
#include <string>
#include <vector>

namespace mlir::halc {

/// An initializer kept outside the module: the module reads it by name
/// (a dense resource without a blob), the runtime binds it at load.
struct ONNXParameter {
  std::string name;
  /// ONNX's data type and the shape.
  int32_t dataType;
  SmallVector<int64_t> shape;
  /// Densely packed, as MLIR stores the elements.
  std::vector<char> bytes;
};

struct ONNXImportOptions {
  /// The function's name; empty for the graph's own (sanitized), else "main".
  std::string functionName;
  /// Sizes for named dynamic dimensions (`dim_param`s, such as "batch"):
  /// pinned to these, the others stay `?`.
  std::map<std::string, int64_t> dimSizes;
  /// Where initializers of more than a few elements go instead of the
  /// module, as parameters (`--onnx-externalize-params`); null embeds them.
  std::vector<ONNXParameter> *parameters = nullptr;
  /// The graph inputs the function takes (`--onnx-inputs`); any other
  /// input without an initializer is a parameter of its name (the weights
  /// of a model exported without them). Empty: every input is taken.
  std::vector<std::string> inputs;
};

/// Writes `parameters` as a safetensors file (a little-endian header length,
/// a JSON header of names, dtypes, shapes and offsets, the bytes), what
/// halc-run --parameters and halc_parameters_load_file read.
LogicalResult writeParameters(StringRef path,
                              ArrayRef<ONNXParameter> parameters,
                              std::string &error);

/// Prints diagnostics at an ONNX model's locations as
/// `model.onnx:NODE:1: error: ...` (the node's place in the graph), without
/// the source line a text input's diagnostics show.
class ONNXDiagnosticHandler : public ScopedDiagnosticHandler {
public:
  explicit ONNXDiagnosticHandler(MLIRContext *context);
};

/// Whether `bytes` (the start of a file) look like an ONNX model: the
/// protobuf field of a ModelProto's ir_version first.
bool looksLikeONNX(StringRef path, StringRef bytes);

/// Imports the serialized ModelProto `bytes` read from `path` (named in
/// locations and diagnostics). Reports problems as diagnostics on `context`
/// and returns null after the first.
OwningOpRef<ModuleOp> importONNXModel(StringRef bytes, StringRef path,
                                      MLIRContext *context,
                                      const ONNXImportOptions &options);

} // namespace mlir::halc

#endif // HALC_IMPORT_ONNX_IMPORTONNX_H
