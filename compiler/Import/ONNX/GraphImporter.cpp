//===- GraphImporter.cpp - An ONNX graph as one function ------------------===//

#include "compiler/Import/ONNX/GraphImporter.h"
#include "compiler/Import/ONNX/Tensors.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::halc;
using namespace mlir::halc::onnx_import;

/// ONNX's default domain has two names.
static StringRef getDomain(const std::string &domain) {
  return domain.empty() ? StringRef("ai.onnx") : StringRef(domain);
}

GraphImporter::GraphImporter(ModuleOp module, const onnx::ModelProto &model,
                             StringRef path, const ONNXImportOptions &options)
    : module(module), model(model), path(path.str()), options(options),
      builder(module.getContext()), constantBuilder(module.getContext()) {
  for (const onnx::OperatorSetIdProto &opset : model.opset_import())
    opsets[getDomain(opset.domain())] = opset.version();
  const onnx::GraphProto &graph = model.graph();
  for (const auto *infos :
       {&graph.input(), &graph.value_info(), &graph.output()})
    for (const onnx::ValueInfoProto &info : *infos)
      if (info.type().has_tensor_type())
        dataTypes[info.name()] = info.type().tensor_type().elem_type();
  for (const onnx::TensorProto &initializer : graph.initializer())
    dataTypes[initializer.name()] = initializer.data_type();
  addElementwiseOps(ops);
  addContractionOps(ops);
  addConvolutionOps(ops);
  addNormalizationOps(ops);
  addReductionOps(ops);
  addDataMovementOps(ops);
  addReshapeOps(ops);
  addIndexingOps(ops);
  addResizeOps(ops);
  addShapeOps(ops);
}

ImportedValue *GraphImporter::lookup(StringRef name) {
  auto it = values.find(name);
  return it == values.end() ? nullptr : &it->second;
}

int32_t GraphImporter::getDataType(StringRef name) const {
  auto it = dataTypes.find(name);
  return it == dataTypes.end() ? int32_t(onnx::TensorProto::UNDEFINED)
                               : it->second;
}

void GraphImporter::define(StringRef name, ImportedValue value) {
  if (value.dataType == onnx::TensorProto::UNDEFINED)
    value.dataType = getDataType(name);
  values[name] = std::move(value);
}

const KnownTensor *GraphImporter::getKnown(ImportedValue &value) {
  if (value.known)
    return &*value.known;
  // Initializers are read on demand: weights are never needed on the host.
  constexpr int64_t kMaxKnownElements = 1 << 16;
  const onnx::TensorProto *initializer = value.initializer;
  if (!initializer)
    return nullptr;
  RankedTensorType type = getTensorType(getContext(), *initializer);
  if (!type || type.getNumElements() > kMaxKnownElements)
    return nullptr;
  std::string error;
  FailureOr<std::vector<char>> bytes = readTensorBytes(*initializer, error);
  if (failed(bytes))
    return nullptr;
  value.known = decodeKnown(initializer->data_type(), type.getShape(), *bytes);
  return &*value.known;
}

Value GraphImporter::materialize(ImportedValue &value) {
  if (value.value)
    return value.value;
  Location loc = constantBuilder.getUnknownLoc();
  if (value.initializer) {
    const onnx::TensorProto &initializer = *value.initializer;
    loc = NameLoc::get(builder.getStringAttr(initializer.name()),
                       FileLineColLoc::get(getContext(), path, 0, 0));
    RankedTensorType type = getTensorType(getContext(), initializer);
    if (!type) {
      emitError(loc) << "initializer '" << initializer.name()
                     << "' has data type "
                     << getDataTypeName(initializer.data_type())
                     << ", which halc does not compile";
      return {};
    }
    std::string error;
    FailureOr<std::vector<char>> bytes = readTensorBytes(initializer, error);
    if (failed(bytes)) {
      emitError(loc) << "initializer '" << initializer.name() << "' " << error;
      return {};
    }
    // A parameter: a dense resource of the initializer's name without a
    // blob (the module does not hold its bytes).
    if (options.parameters && !isInline(type) &&
        !type.getElementType().isInteger(1)) {
      DenseResourceElementsHandle handle =
          DenseResourceElementsHandle::getManagerInterface(getContext())
              .insert(initializer.name());
      options.parameters->push_back({handle.getKey().str(),
                                     initializer.data_type(),
                                     SmallVector<int64_t>(type.getShape()),
                                     std::move(*bytes)});
      value.value = arith::ConstantOp::create(
          constantBuilder, loc, DenseResourceElementsAttr::get(type, handle));
      return value.value;
    }
    std::string name = "onnx_" + std::to_string(resourceCount++);
    value.value = arith::ConstantOp::create(
        constantBuilder, loc,
        cast<TypedAttr>(getElementsAttr(type, *bytes, name)));
    return value.value;
  }
  if (!value.known)
    return {};
  Type element = getElementType(getContext(), value.known->dataType);
  auto type = RankedTensorType::get(value.known->shape, element);
  value.value = arith::ConstantOp::create(
      constantBuilder, loc,
      cast<TypedAttr>(getElementsAttr(type, *value.known)));
  return value.value;
}

FailureOr<RankedTensorType>
GraphImporter::getDeclaredType(const onnx::ValueInfoProto &info, Location loc) {
  if (!info.type().has_tensor_type())
    return emitError(loc) << "'" << info.name()
                          << "' is not a tensor (sequences, maps and "
                             "optionals are not imported)";
  const onnx::TypeProto::Tensor &tensor = info.type().tensor_type();
  Type element = getElementType(getContext(), tensor.elem_type());
  if (!element)
    return emitError(loc) << "'" << info.name() << "' has data type "
                          << getDataTypeName(tensor.elem_type())
                          << ", which halc does not compile";
  if (!tensor.has_shape())
    return emitError(loc) << "'" << info.name()
                          << "' has no shape (not even its rank)";
  SmallVector<int64_t> shape;
  for (const onnx::TensorShapeProto::Dimension &dim : tensor.shape().dim()) {
    if (dim.has_dim_value()) {
      shape.push_back(dim.dim_value());
      continue;
    }
    auto pinned = dim.has_dim_param() ? options.dimSizes.find(dim.dim_param())
                                      : options.dimSizes.end();
    shape.push_back(pinned == options.dimSizes.end() ? ShapedType::kDynamic
                                                     : pinned->second);
  }
  return RankedTensorType::get(shape, element);
}

std::string GraphImporter::getFunctionName() const {
  if (!options.functionName.empty())
    return options.functionName;
  std::string name = model.graph().name();
  for (char &c : name)
    if (!llvm::isAlnum(c) && c != '_')
      c = '_';
  if (name.empty() || llvm::isDigit(name.front()))
    name = "main" + (name.empty() ? "" : "_" + name);
  return name;
}

LogicalResult GraphImporter::importGraph() {
  const onnx::GraphProto &graph = model.graph();
  Location graphLoc = FileLineColLoc::get(getContext(), path, 0, 0);
  for (const onnx::TensorProto &initializer : graph.initializer()) {
    ImportedValue value;
    value.initializer = &initializer;
    define(initializer.name(), value);
  }
  for (const std::string &name : options.inputs)
    if (llvm::none_of(graph.input(), [&](const onnx::ValueInfoProto &input) {
          return input.name() == name;
        }))
      return emitError(graphLoc) << "--onnx-inputs names '" << name
                                 << "', which is not an input of the graph";
  SmallVector<Type> argumentTypes;
  SmallVector<std::string> argumentNames;
  SmallVector<std::pair<std::string, RankedTensorType>> parameterInputs;
  for (const onnx::ValueInfoProto &input : graph.input()) {
    // An input with an initializer is that constant (its default).
    if (lookup(input.name()))
      continue;
    FailureOr<RankedTensorType> type = getDeclaredType(input, graphLoc);
    if (failed(type))
      return failure();
    if (!options.inputs.empty() &&
        !llvm::is_contained(options.inputs, input.name())) {
      if (!type->hasStaticShape())
        return emitError(graphLoc)
               << "input '" << input.name()
               << "' is a parameter (not in --onnx-inputs) but its shape "
               << *type << " is not static";
      parameterInputs.push_back({input.name(), *type});
      continue;
    }
    argumentTypes.push_back(*type);
    argumentNames.push_back(input.name());
  }
  SmallVector<Type> resultTypes;
  for (const onnx::ValueInfoProto &output : graph.output()) {
    FailureOr<RankedTensorType> type = getDeclaredType(output, graphLoc);
    if (failed(type))
      return failure();
    resultTypes.push_back(*type);
  }
  builder.setInsertionPointToEnd(module.getBody());
  auto func =
      func::FuncOp::create(builder, graphLoc, getFunctionName(),
                           builder.getFunctionType(argumentTypes, resultTypes));
  Block *body = func.addEntryBlock();
  for (auto [index, name] : llvm::enumerate(argumentNames)) {
    func.setArgAttr(index, "iree.abi.name", builder.getStringAttr(name));
    ImportedValue value;
    value.value = body->getArgument(index);
    define(name, value);
  }
  for (auto [index, output] : llvm::enumerate(graph.output()))
    func.setResultAttr(index, "iree.abi.name",
                       builder.getStringAttr(output.name()));
  constantBuilder.setInsertionPointToStart(body);
  // Weights of a model exported without them (export_params=False): graph
  // inputs that are parameters of their names, bound when the module loads.
  for (auto &[name, type] : parameterInputs) {
    DenseResourceElementsHandle handle =
        DenseResourceElementsHandle::getManagerInterface(getContext())
            .insert(name);
    ImportedValue value;
    value.value = arith::ConstantOp::create(
        constantBuilder, NameLoc::get(builder.getStringAttr(name), graphLoc),
        DenseResourceElementsAttr::get(type, handle));
    define(name, value);
  }
  builder.setInsertionPointToEnd(body);
  for (auto [index, node] : llvm::enumerate(graph.node()))
    if (failed(importNode(node, index)))
      return failure();
  return buildReturn(func);
}

LogicalResult GraphImporter::importNode(const onnx::NodeProto &node,
                                        unsigned index) {
  std::string name = node.name().empty()
                         ? node.op_type() + "_" + std::to_string(index)
                         : node.name();
  Location loc =
      NameLoc::get(builder.getStringAttr(name),
                   FileLineColLoc::get(getContext(), path, index + 1, 1));
  StringRef domain = getDomain(node.domain());
  auto opset = opsets.find(domain);
  NodeImporter importer(*this, node, opset == opsets.end() ? 0 : opset->second,
                        builder, loc);
  auto op = ops.find(node.op_type());
  if (domain != "ai.onnx" || op == ops.end())
    return importer.emitError() << "halc does not import this op";
  for (unsigned i = 0; i < importer.getNumInputs(); ++i)
    if (importer.hasInput(i) && !lookup(node.input(i)))
      return importer.emitError()
             << "input '" << node.input(i) << "' is not defined before it";
  if (failed(op->second(importer)))
    return failure();
  for (unsigned i = 0; i < importer.getNumOutputs(); ++i)
    if (importer.hasOutput(i) && !lookup(node.output(i)))
      return importer.emitError() << "output #" << i << " ('" << node.output(i)
                                  << "') is not imported";
  return success();
}

LogicalResult GraphImporter::buildReturn(func::FuncOp func) {
  SmallVector<Value> results;
  for (auto [output, declared] :
       llvm::zip(model.graph().output(), func.getResultTypes())) {
    ImportedValue *value = lookup(output.name());
    Value result = value ? materialize(*value) : Value();
    if (!result)
      return emitError(func.getLoc())
             << "graph output '" << output.name() << "' is not computed";
    auto type = cast<RankedTensorType>(result.getType());
    auto declaredType = cast<RankedTensorType>(declared);
    if (type.getElementType() != declaredType.getElementType() ||
        failed(verifyCompatibleShape(type, declaredType)))
      return emitError(result.getLoc())
             << "graph output '" << output.name() << "' is declared "
             << declaredType << " but computes " << type;
    // The result is as static as the graph or the import knows it.
    SmallVector<int64_t> shape(type.getShape());
    for (auto [dim, declaredDim] : llvm::zip(shape, declaredType.getShape()))
      if (ShapedType::isDynamic(dim))
        dim = declaredDim;
    auto resultType = type.clone(shape);
    if (resultType != type)
      result =
          tensor::CastOp::create(builder, result.getLoc(), resultType, result);
    results.push_back(result);
  }
  func.setFunctionType(builder.getFunctionType(func.getArgumentTypes(),
                                               ValueRange(results).getTypes()));
  func::ReturnOp::create(builder, func.getLoc(), results);
  return success();
}
