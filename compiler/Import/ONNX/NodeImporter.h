//===- NodeImporter.h - What an op's importer sees of its node --*- C++ -*-===//
//
// Each ONNX op has one importer function (OpImporter) that reads its node's
// inputs and attributes through a NodeImporter and sets its outputs. Values
// whose elements are known on the host (constants, initializers, shapes) stay
// known, so that sizes, axes and pads computed by the graph fold before they
// reach the op that needs them as numbers.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_IMPORT_ONNX_NODEIMPORTER_H
#define HALC_IMPORT_ONNX_NODEIMPORTER_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringMap.h"

#include "onnx/onnx_pb.h"

#include <optional>
#include <vector>

namespace mlir::halc::onnx_import {

/// A tensor whose elements the importer holds: integers (and booleans) as
/// int64, floating-point values as double.
struct KnownTensor {
  /// ONNX's TensorProto::DataType.
  int32_t dataType = onnx::TensorProto::INT64;
  SmallVector<int64_t> shape;
  std::vector<int64_t> ints;
  std::vector<double> floats;

  bool isFloat() const;
  int64_t getNumElements() const;
  /// Element `i` as a double, whatever the type.
  double getAsDouble(int64_t i) const;
  /// Element `i` as an integer, whatever the type.
  int64_t getAsInt(int64_t i) const;
  static KnownTensor ofInts(ArrayRef<int64_t> values, ArrayRef<int64_t> shape,
                            int32_t dataType = onnx::TensorProto::INT64);
};

/// An ONNX value during the import.
struct ImportedValue {
  /// Its MLIR value; null until an op reads it as a tensor.
  Value value;
  /// Its elements, when the importer knows them.
  std::optional<KnownTensor> known;
  /// The initializer it is, if any (read into `known` when asked).
  const onnx::TensorProto *initializer = nullptr;
  /// ONNX's data type (unsigned integers are signless in MLIR).
  int32_t dataType = onnx::TensorProto::UNDEFINED;
};

class GraphImporter;

class NodeImporter {
public:
  NodeImporter(GraphImporter &graph, const onnx::NodeProto &node, int64_t opset,
               OpBuilder &builder, Location loc)
      : node(node), opset(opset), b(builder), loc(loc), graph(graph) {}

  const onnx::NodeProto &node;
  /// The opset of the node's domain the model imports.
  int64_t opset;
  OpBuilder &b;
  Location loc;

  /// Inputs: an absent optional input has an empty name.
  unsigned getNumInputs() const { return node.input_size(); }
  bool hasInput(unsigned i) const;
  /// Input `i` as a tensor (a known value becomes a constant).
  Value input(unsigned i);
  RankedTensorType inputType(unsigned i);
  /// Input `i`'s elements, if the importer knows them.
  const KnownTensor *known(unsigned i);
  /// Input `i`'s elements as integers; an error naming `what` when they are
  /// not known (computed on the GPU).
  FailureOr<SmallVector<int64_t>> knownInts(unsigned i, StringRef what);
  /// Whether input `i` holds unsigned integers.
  bool isUnsigned(unsigned i);
  int32_t inputDataType(unsigned i);

  /// Attributes, with defaults.
  const onnx::AttributeProto *attribute(StringRef name) const;
  int64_t getInt(StringRef name, int64_t defaultValue) const;
  float getFloat(StringRef name, float defaultValue) const;
  std::string getString(StringRef name, StringRef defaultValue) const;
  SmallVector<int64_t> getInts(StringRef name) const;
  SmallVector<float> getFloats(StringRef name) const;

  unsigned getNumOutputs() const { return node.output_size(); }
  bool hasOutput(unsigned i) const;
  /// The element type ONNX's shape inference gives output `i`.
  FailureOr<Type> outputElementType(unsigned i);
  /// ONNX's data type of output `i`, UNDEFINED when shape inference gave
  /// none.
  int32_t outputDataType(unsigned i);
  void setOutput(unsigned i, Value value);
  /// Output `i` known on the host; it becomes a constant if an op reads it
  /// as a tensor.
  void setKnownOutput(unsigned i, KnownTensor known);

  /// An error at the node that names it, its op, domain and opset.
  InFlightDiagnostic emitError();

private:
  GraphImporter &graph;
};

using OpImporter = LogicalResult (*)(NodeImporter &);
using OpTable = llvm::StringMap<OpImporter>;

// One function per file of op importers, each adding its ops to the table.
void addElementwiseOps(OpTable &table);
void addContractionOps(OpTable &table);
void addConvolutionOps(OpTable &table);
void addNormalizationOps(OpTable &table);
void addReductionOps(OpTable &table);
void addDataMovementOps(OpTable &table);
void addReshapeOps(OpTable &table);
void addIndexingOps(OpTable &table);
void addResizeOps(OpTable &table);
void addShapeOps(OpTable &table);

/// Evaluates an elementwise op whose inputs are all known on the host (a
/// few thousand elements at most) and sets its known output; false if it
/// does not.
bool foldKnownElementwise(NodeImporter &node);

/// The MLIR element type of an ONNX data type; null for none halc has.
Type getElementType(MLIRContext *context, int32_t dataType);
/// ONNX's name of a data type ("FLOAT", "INT64", ...).
StringRef getDataTypeName(int32_t dataType);
bool isUnsignedDataType(int32_t dataType);
bool isFloatDataType(int32_t dataType);

} // namespace mlir::halc::onnx_import

#endif // HALC_IMPORT_ONNX_NODEIMPORTER_H
