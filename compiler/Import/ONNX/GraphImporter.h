//===- GraphImporter.h - An ONNX graph as one function ----------*- C++ -*-===//

#ifndef HALC_IMPORT_ONNX_GRAPHIMPORTER_H
#define HALC_IMPORT_ONNX_GRAPHIMPORTER_H

#include "compiler/Import/ONNX/ImportONNX.h"
#include "compiler/Import/ONNX/NodeImporter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::halc::onnx_import {

/// Builds the function of a checked, shape-inferred model's graph: its
/// inputs (those that are not initializers) are the arguments, its outputs
/// the results, and each node is imported in order by its op's importer.
class GraphImporter {
public:
  GraphImporter(ModuleOp module, const onnx::ModelProto &model, StringRef path,
                const ONNXImportOptions &options);

  LogicalResult importGraph();

  /// The value named `name`; null if no input, initializer or node made it.
  ImportedValue *lookup(StringRef name);
  /// `value` as a tensor, materializing a known value or an initializer as
  /// a constant at the start of the function.
  Value materialize(ImportedValue &value);
  /// `value`'s elements, reading an initializer the first time; null when
  /// not known on the host.
  const KnownTensor *getKnown(ImportedValue &value);
  /// The data type shape inference or the graph gives `name`.
  int32_t getDataType(StringRef name) const;
  void define(StringRef name, ImportedValue value);
  MLIRContext *getContext() { return module.getContext(); }

private:
  /// The type a graph input or output declares, dimensions named in the
  /// options pinned; an error at `loc` if it has none halc imports.
  FailureOr<RankedTensorType> getDeclaredType(const onnx::ValueInfoProto &info,
                                              Location loc);
  LogicalResult importNode(const onnx::NodeProto &node, unsigned index);
  /// The function's results: each output, cast to its declared type where
  /// that is more static.
  LogicalResult buildReturn(func::FuncOp func);
  std::string getFunctionName() const;

  ModuleOp module;
  const onnx::ModelProto &model;
  std::string path;
  const ONNXImportOptions &options;
  OpBuilder builder;
  /// Where constants go: the start of the function's body.
  OpBuilder constantBuilder;
  llvm::StringMap<ImportedValue> values;
  llvm::StringMap<int32_t> dataTypes;
  llvm::StringMap<int64_t> opsets;
  OpTable ops;
  unsigned resourceCount = 0;
};

} // namespace mlir::halc::onnx_import

#endif // HALC_IMPORT_ONNX_GRAPHIMPORTER_H
