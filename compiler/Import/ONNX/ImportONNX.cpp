//===- ImportONNX.cpp - ONNX models to MLIR -------------------------------===//

#include "compiler/Import/ONNX/ImportONNX.h"
#include "compiler/Import/ONNX/GraphImporter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "onnx/checker.h"
#include "onnx/defs/schema.h"
#include "onnx/shape_inference/implementation.h"

#include "llvm/ADT/StringSet.h"

#include <climits>

using namespace mlir;
using namespace mlir::halc;

bool mlir::halc::looksLikeONNX(StringRef path, StringRef bytes) {
  // A ModelProto starts with field 1 (ir_version, a varint): byte 0x08,
  // which no MLIR text starts with.
  return path.ends_with(".onnx") || (!bytes.empty() && bytes.front() == 0x08);
}

/// `loc` as file:line:col, from the first file location in it.
static void printLocation(llvm::raw_ostream &os, Location loc) {
  FileLineColLoc file;
  loc->walk([&](Location inner) {
    file = dyn_cast<FileLineColLoc>(inner);
    return file ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (file)
    os << file.getFilename().getValue() << ":" << file.getLine() << ":"
       << file.getColumn() << ": ";
}

ONNXDiagnosticHandler::ONNXDiagnosticHandler(MLIRContext *context)
    : ScopedDiagnosticHandler(context) {
  setHandler([](Diagnostic &diagnostic) {
    llvm::raw_ostream &os = llvm::errs();
    auto print = [&](Diagnostic &d) {
      printLocation(os, d.getLocation());
      switch (d.getSeverity()) {
      case DiagnosticSeverity::Error:
        os << "error: ";
        break;
      case DiagnosticSeverity::Warning:
        os << "warning: ";
        break;
      case DiagnosticSeverity::Note:
        os << "note: ";
        break;
      case DiagnosticSeverity::Remark:
        os << "remark: ";
        break;
      }
      os << d << "\n";
    };
    print(diagnostic);
    for (Diagnostic &note : diagnostic.getNotes())
      print(note);
    return success();
  });
}

/// `text` on one line: libonnx's messages span several.
static std::string oneLine(StringRef text) {
  SmallVector<StringRef> words;
  text.split(words, ' ', -1, /*KeepEmpty=*/false);
  std::string line;
  for (StringRef word : words) {
    for (StringRef piece : llvm::split(word, '\n')) {
      piece = piece.trim();
      if (piece.empty())
        continue;
      line += (line.empty() ? "" : " ") + piece.str();
    }
  }
  return line;
}

/// The node's name, or its op type and place when it has none.
static std::string getNodeName(const onnx::NodeProto &node, int index) {
  return node.name().empty() ? node.op_type() + "_" + std::to_string(index)
                             : node.name();
}

/// Names a value read before any node makes it: one made by a later node
/// (a cycle, or nodes out of order), or one nothing defines (a missing
/// initializer or input). libonnx's checker says less of both.
static LogicalResult checkDefinitions(const onnx::GraphProto &graph,
                                      StringRef path, MLIRContext *context) {
  llvm::StringMap<int> producer;
  for (auto [index, node] : llvm::enumerate(graph.node()))
    for (const std::string &output : node.output())
      if (!output.empty())
        producer.try_emplace(output, int(index));
  llvm::StringSet<> defined;
  for (const onnx::ValueInfoProto &input : graph.input())
    defined.insert(input.name());
  for (const onnx::TensorProto &initializer : graph.initializer())
    defined.insert(initializer.name());
  for (auto [index, node] : llvm::enumerate(graph.node())) {
    // At the node: its place in the graph as the line, as the importer's
    // locations have it.
    Location loc = FileLineColLoc::get(context, path, index + 1, 1);
    for (const std::string &input : node.input()) {
      if (input.empty() || defined.contains(input))
        continue;
      auto later = producer.find(input);
      if (later == producer.end())
        return emitError(loc)
               << "node '" << getNodeName(node, index) << "' ("
               << node.op_type() << ") reads '" << input
               << "', which no node, input or initializer defines (a "
                  "missing initializer?)";
      return emitError(loc)
             << "node '" << getNodeName(node, index) << "' (" << node.op_type()
             << ") reads '" << input << "', which node '"
             << getNodeName(graph.node(later->second), later->second)
             << "' makes after it: the graph has a cycle or is not sorted";
    }
    for (const std::string &output : node.output())
      defined.insert(output);
  }
  return success();
}

OwningOpRef<ModuleOp>
mlir::halc::importONNXModel(StringRef bytes, StringRef path,
                            MLIRContext *context,
                            const ONNXImportOptions &options) {
  context->loadDialect<arith::ArithDialect, func::FuncDialect,
                       linalg::LinalgDialect, math::MathDialect,
                       tensor::TensorDialect>();
  Location fileLoc = FileLineColLoc::get(context, path, 0, 0);
  onnx::ModelProto model;
  if (bytes.size() > size_t(INT_MAX) ||
      !model.ParseFromArray(bytes.data(), int(bytes.size()))) {
    emitError(fileLoc) << "not an ONNX model: its protobuf does not parse "
                          "(a truncated or damaged file?)";
    return {};
  }
  if (failed(checkDefinitions(model.graph(), path, context)))
    return {};
  // The checker's and shape inference's errors are exceptions.
  try {
    onnx::checker::check_model(model);
  } catch (const std::exception &error) {
    emitError(fileLoc) << "the ONNX checker refuses the model: "
                       << oneLine(error.what());
    return {};
  }
  try {
    onnx::shape_inference::InferShapes(
        model, onnx::OpSchemaRegistry::Instance(),
        onnx::ShapeInferenceOptions(/*check_type_val=*/true,
                                    /*strict_mode_val=*/1,
                                    /*data_prop_val=*/true));
  } catch (const std::exception &error) {
    emitError(fileLoc) << "ONNX shape inference fails: "
                       << oneLine(error.what());
    return {};
  }
  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  onnx_import::GraphImporter importer(*module, model, path, options);
  if (failed(importer.importGraph()))
    return {};
  return module;
}
