//===- ImportFlags.h - The importer's command-line flags --------*- C++ -*-===//
//
// The --onnx-* flags, as halc-compile and halc-import-onnx both take them.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_IMPORT_ONNX_IMPORTFLAGS_H
#define HALC_IMPORT_ONNX_IMPORTFLAGS_H

#include "compiler/Import/ONNX/ImportONNX.h"

#include "llvm/Support/CommandLine.h"

namespace mlir::halc {

/// Registers the flags (before the command line is parsed).
void registerONNXImportFlags();

/// Their category, for tools that show only their own options.
llvm::cl::OptionCategory &getONNXImportFlagsCategory();

/// What the import does after the flags, writing to `outputFilename`:
/// `options` point at `parameters` when initializers are kept apart, and
/// `parametersPath` is where they go (empty: in the module). False with
/// `error` set for a flag that is wrong.
bool readONNXImportFlags(StringRef outputFilename, ONNXImportOptions &options,
                         std::vector<ONNXParameter> &parameters,
                         std::string &parametersPath, std::string &error);

} // namespace mlir::halc

#endif // HALC_IMPORT_ONNX_IMPORTFLAGS_H
