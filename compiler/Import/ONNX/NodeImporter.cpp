//===- NodeImporter.cpp - What an op's importer sees of its node ----------===//

#include "compiler/Import/ONNX/NodeImporter.h"
#include "compiler/Import/ONNX/GraphImporter.h"

using namespace mlir;
using namespace mlir::halc::onnx_import;
using onnx::TensorProto;

bool KnownTensor::isFloat() const { return isFloatDataType(dataType); }

int64_t KnownTensor::getNumElements() const {
  return isFloat() ? floats.size() : ints.size();
}

double KnownTensor::getAsDouble(int64_t i) const {
  return isFloat() ? floats[i] : double(ints[i]);
}

int64_t KnownTensor::getAsInt(int64_t i) const {
  return isFloat() ? int64_t(floats[i]) : ints[i];
}

KnownTensor KnownTensor::ofInts(ArrayRef<int64_t> values,
                                ArrayRef<int64_t> shape, int32_t dataType) {
  KnownTensor known;
  known.dataType = dataType;
  known.shape.assign(shape.begin(), shape.end());
  known.ints.assign(values.begin(), values.end());
  return known;
}

bool NodeImporter::hasInput(unsigned i) const {
  return int(i) < node.input_size() && !node.input(i).empty();
}

bool NodeImporter::hasOutput(unsigned i) const {
  return int(i) < node.output_size() && !node.output(i).empty();
}

Value NodeImporter::input(unsigned i) {
  ImportedValue *value = hasInput(i) ? graph.lookup(node.input(i)) : nullptr;
  return value ? graph.materialize(*value) : Value();
}

RankedTensorType NodeImporter::inputType(unsigned i) {
  Value value = input(i);
  return value ? dyn_cast<RankedTensorType>(value.getType())
               : RankedTensorType();
}

const KnownTensor *NodeImporter::known(unsigned i) {
  ImportedValue *value = hasInput(i) ? graph.lookup(node.input(i)) : nullptr;
  return value ? graph.getKnown(*value) : nullptr;
}

FailureOr<SmallVector<int64_t>> NodeImporter::knownInts(unsigned i,
                                                        StringRef what) {
  const KnownTensor *values = known(i);
  if (!values) {
    emitError() << "its " << what << " (input #" << i << ", '"
                << (hasInput(i) ? node.input(i) : std::string())
                << "') must be known when the model is compiled; here it is "
                   "computed";
    return failure();
  }
  SmallVector<int64_t> ints;
  for (int64_t j = 0, e = values->getNumElements(); j < e; ++j)
    ints.push_back(values->getAsInt(j));
  return ints;
}

int32_t NodeImporter::inputDataType(unsigned i) {
  ImportedValue *value = hasInput(i) ? graph.lookup(node.input(i)) : nullptr;
  return value ? value->dataType : int32_t(TensorProto::UNDEFINED);
}

bool NodeImporter::isUnsigned(unsigned i) {
  return isUnsignedDataType(inputDataType(i));
}

const onnx::AttributeProto *NodeImporter::attribute(StringRef name) const {
  for (const onnx::AttributeProto &attribute : node.attribute())
    if (attribute.name() == name)
      return &attribute;
  return nullptr;
}

int64_t NodeImporter::getInt(StringRef name, int64_t defaultValue) const {
  const onnx::AttributeProto *value = attribute(name);
  return value ? value->i() : defaultValue;
}

float NodeImporter::getFloat(StringRef name, float defaultValue) const {
  const onnx::AttributeProto *value = attribute(name);
  return value ? value->f() : defaultValue;
}

std::string NodeImporter::getString(StringRef name,
                                    StringRef defaultValue) const {
  const onnx::AttributeProto *value = attribute(name);
  return value ? value->s() : defaultValue.str();
}

SmallVector<int64_t> NodeImporter::getInts(StringRef name) const {
  const onnx::AttributeProto *value = attribute(name);
  if (!value)
    return {};
  return SmallVector<int64_t>(value->ints().begin(), value->ints().end());
}

SmallVector<float> NodeImporter::getFloats(StringRef name) const {
  const onnx::AttributeProto *value = attribute(name);
  if (!value)
    return {};
  return SmallVector<float>(value->floats().begin(), value->floats().end());
}

int32_t NodeImporter::outputDataType(unsigned i) {
  return hasOutput(i) ? graph.getDataType(node.output(i))
                      : int32_t(TensorProto::UNDEFINED);
}

FailureOr<Type> NodeImporter::outputElementType(unsigned i) {
  int32_t dataType = outputDataType(i);
  Type type = getElementType(b.getContext(), dataType);
  if (!type)
    return emitError() << "output #" << i << " has data type "
                       << getDataTypeName(dataType)
                       << ", which halc does not compile";
  return type;
}

void NodeImporter::setOutput(unsigned i, Value value) {
  if (!hasOutput(i))
    return;
  ImportedValue imported;
  imported.value = value;
  graph.define(node.output(i), imported);
}

void NodeImporter::setKnownOutput(unsigned i, KnownTensor known) {
  if (!hasOutput(i))
    return;
  ImportedValue imported;
  imported.dataType = known.dataType;
  imported.known = std::move(known);
  graph.define(node.output(i), imported);
}

InFlightDiagnostic NodeImporter::emitError() {
  InFlightDiagnostic error = mlir::emitError(loc);
  std::string domain = node.domain().empty() ? "ai.onnx" : node.domain();
  error << "node '" << cast<NameLoc>(loc).getName().getValue() << "' ("
        << node.op_type() << ", domain " << domain << ", opset " << opset
        << "): ";
  return error;
}

Type mlir::halc::onnx_import::getElementType(MLIRContext *context,
                                             int32_t dataType) {
  Builder b(context);
  switch (dataType) {
  case TensorProto::FLOAT:
    return b.getF32Type();
  case TensorProto::FLOAT16:
    return b.getF16Type();
  case TensorProto::BFLOAT16:
    return b.getBF16Type();
  case TensorProto::DOUBLE:
    return b.getF64Type();
  case TensorProto::BOOL:
    return b.getI1Type();
  case TensorProto::INT8:
  case TensorProto::UINT8:
    return b.getI8Type();
  case TensorProto::INT16:
  case TensorProto::UINT16:
    return b.getI16Type();
  case TensorProto::INT32:
  case TensorProto::UINT32:
    return b.getI32Type();
  case TensorProto::INT64:
  case TensorProto::UINT64:
    return b.getI64Type();
  default:
    return {};
  }
}

StringRef mlir::halc::onnx_import::getDataTypeName(int32_t dataType) {
  if (!TensorProto::DataType_IsValid(dataType))
    return "invalid";
  return TensorProto::DataType_Name(TensorProto::DataType(dataType));
}

bool mlir::halc::onnx_import::isUnsignedDataType(int32_t dataType) {
  return dataType == TensorProto::UINT8 || dataType == TensorProto::UINT16 ||
         dataType == TensorProto::UINT32 || dataType == TensorProto::UINT64;
}

bool mlir::halc::onnx_import::isFloatDataType(int32_t dataType) {
  return dataType == TensorProto::FLOAT || dataType == TensorProto::DOUBLE ||
         dataType == TensorProto::FLOAT16 || dataType == TensorProto::BFLOAT16;
}
