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

namespace mlir::halc {

struct ONNXImportOptions {
  /// The function's name; empty for the graph's own (sanitized), else "main".
  std::string functionName;
  /// Sizes for named dynamic dimensions (`dim_param`s, such as "batch"):
  /// pinned to these, the others stay `?`.
  std::map<std::string, int64_t> dimSizes;
};

/// Prints diagnostics at an ONNX model's locations as
/// `model.onnx:NODE:1: error: ...` (the node's place in the graph), without
/// the source line a text input's diagnostics show.
class ONNXDiagnosticHandler : public ScopedDiagnosticHandler {
public:
  explicit ONNXDiagnosticHandler(MLIRContext *context);
};

/// Reads `--onnx-dim` values, each NAME=SIZE, into `options`; false with
/// `error` set for one that is not.
bool parseDimSizes(ArrayRef<std::string> values, ONNXImportOptions &options,
                   std::string &error);

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
