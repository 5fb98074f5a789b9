//===- SerializeModule.cpp - The HALM file of a whole module --------------===//
//
// Each public host function becomes a plan: a buffer per argument, per
// constant tensor (with its elements) and per dispatch result, the dispatches in program order with their bindings
// (operands, then results) and static workgroup counts. An intermediate
// result (one the function does not return) reuses the buffer of an earlier
// intermediate whose last reader has run, when it is large enough.
//
//===----------------------------------------------------------------------===//

#include "compiler/Driver/SerializeModule.h"

#include "compiler/Dialect/HALC/HALCDialect.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <map>

#include "schemas/module_def_generated.h"

using namespace mlir;
using namespace mlir::halc;
namespace fb = flatbuffers;
/// The module format's tables (schemas/module_def.fbs, namespace halc).
namespace hm = ::halc;

namespace {

std::optional<hm::ElementType> getElementType(Type type) {
  if (type.isF16())
    return hm::ElementType::F16;
  if (type.isF32())
    return hm::ElementType::F32;
  if (type.isF64())
    return hm::ElementType::F64;
  if (type.isInteger(8))
    return hm::ElementType::I8;
  if (type.isInteger(16))
    return hm::ElementType::I16;
  if (type.isInteger(32))
    return hm::ElementType::I32;
  if (type.isInteger(64))
    return hm::ElementType::I64;
  return std::nullopt;
}

class ModuleWriter {
public:
  ModuleWriter(ModuleOp module, ArrayRef<NamedBinary> executables)
      : module(module), executables(executables) {}

  FailureOr<fb::Offset<hm::FunctionDef>> writeFunction(func::FuncOp func);
  fb::FlatBufferBuilder builder;

private:
  /// A buffer for `value`: a free one large enough when `reusable`, else a
  /// new one; reports unsupported types.
  FailureOr<uint32_t> addBuffer(Value value, bool reusable = false,
                                ValueRange dynamicSizes = {});
  /// A constant of a dispatch: static bits, or a value of the call.
  struct Constant {
    uint32_t bits;
    int32_t value;
  };
  FailureOr<Constant> traceConstant(Value value);
  /// The index of the call's value: dimension `dimension` of argument
  /// `argument`, or (-1) the scalar argument.
  int32_t getValue(unsigned argument, int32_t dimension);
  /// A buffer holding the elements of a dense constant tensor.
  LogicalResult addConstantBuffer(arith::ConstantOp constant);
  FailureOr<fb::Offset<hm::TensorTypeDef>> writeType(Location loc, Type type);
  FailureOr<fb::Offset<hm::DispatchDef>> writeDispatch(DispatchOp dispatch);

  ModuleOp module;
  ArrayRef<NamedBinary> executables;
  llvm::DenseMap<Value, uint32_t> bufferOf;
  std::vector<uint64_t> bufferSizes;
  /// The values that buffers sized at the call are multiples of.
  llvm::DenseMap<uint32_t, std::vector<uint32_t>> bufferSizeValues;
  std::vector<std::pair<unsigned, int32_t>> values;
  std::map<std::pair<unsigned, int32_t>, int32_t> valueIndex;
  /// The contents of the buffers of constant tensors.
  llvm::DenseMap<uint32_t, std::vector<uint8_t>> bufferContents;
  /// Buffers of intermediates whose last reader has run.
  std::vector<uint32_t> freeBuffers;
  /// The values the function returns (their buffers are never reused).
  llvm::DenseSet<Value> returned;
  /// The last dispatch reading each value.
  llvm::DenseMap<Value, Operation *> lastReader;
};

FailureOr<fb::Offset<hm::TensorTypeDef>>
ModuleWriter::writeType(Location loc, Type type) {
  if (type.isIntOrFloat()) {
    std::optional<hm::ElementType> element = getElementType(type);
    if (element && type.getIntOrFloatBitWidth() <= 32)
      return hm::CreateTensorTypeDefDirect(builder, *element, nullptr,
                                           /*scalar=*/true);
  }
  auto tensor = dyn_cast<RankedTensorType>(type);
  std::optional<hm::ElementType> element =
      tensor ? getElementType(tensor.getElementType()) : std::nullopt;
  if (!tensor || !element)
    return emitError(loc, "a function's arguments and results must be "
                          "tensors of f16, f32, f64, i8, i16, i32 or i64 "
                          "(arguments also scalars of at most 32 bits); got ")
           << type;
  std::vector<int64_t> shape;
  for (int64_t dim : tensor.getShape())
    shape.push_back(ShapedType::isDynamic(dim) ? -1 : dim);
  return hm::CreateTensorTypeDefDirect(builder, *element, &shape);
}

FailureOr<ModuleWriter::Constant>
ModuleWriter::traceConstant(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return Constant{0, getValue(arg.getArgNumber(), -1)};
  Operation *def = value.getDefiningOp();
  if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
    if (auto integer = dyn_cast<IntegerAttr>(constant.getValue()))
      return Constant{static_cast<uint32_t>(integer.getInt()), -1};
    if (auto real = dyn_cast<FloatAttr>(constant.getValue()))
      return Constant{static_cast<uint32_t>(
                          real.getValue().bitcastToAPInt().getZExtValue()),
                      -1};
  }
  if (auto dim = dyn_cast<tensor::DimOp>(def)) {
    std::optional<int64_t> index = dim.getConstantIndex();
    Value source = dim.getSource();
    auto type = cast<RankedTensorType>(source.getType());
    if (index && !type.isDynamicDim(*index))
      return Constant{static_cast<uint32_t>(type.getDimSize(*index)), -1};
    if (index && isa<BlockArgument>(source))
      return Constant{
          0, getValue(cast<BlockArgument>(source).getArgNumber(), *index)};
    if (auto dispatch = source.getDefiningOp<DispatchOp>(); index && dispatch) {
      // Its position among the dispatch's dynamic result dimensions.
      unsigned position = 0;
      for (OpResult result : dispatch->getResults()) {
        auto resultType = cast<RankedTensorType>(result.getType());
        for (int64_t d = 0; d < resultType.getRank(); ++d) {
          if (!resultType.isDynamicDim(d))
            continue;
          if (result == source && d == *index)
            return traceConstant(dispatch.getResultDims()[position]);
          ++position;
        }
      }
    }
  }
  return emitError(value.getLoc(),
                   "halc cannot tell this value before the function runs: ")
         << value;
}

int32_t ModuleWriter::getValue(unsigned argument, int32_t dimension) {
  auto [it, inserted] =
      valueIndex.try_emplace({argument, dimension}, values.size());
  if (inserted)
    values.push_back({argument, dimension});
  return it->second;
}

FailureOr<uint32_t> ModuleWriter::addBuffer(Value value, bool reusable,
                                            ValueRange dynamicSizes) {
  auto tensor = dyn_cast<RankedTensorType>(value.getType());
  if (!tensor)
    return emitError(value.getLoc(), "cannot plan a buffer for ")
           << value.getType();
  uint64_t bytes = llvm::divideCeil(tensor.getElementTypeBitWidth(), 8);
  for (int64_t dim : tensor.getShape())
    bytes *= ShapedType::isDynamic(dim) ? 1 : dim;
  std::vector<uint32_t> sizeValues;
  for (Value size : dynamicSizes) {
    FailureOr<Constant> traced = traceConstant(size);
    if (failed(traced))
      return failure();
    if (traced->value < 0)
      bytes *= traced->bits;
    else
      sizeValues.push_back(traced->value);
  }
  if (!sizeValues.empty()) {
    // Sized at the call: a buffer of its own, never shared.
    uint32_t index = bufferSizes.size();
    bufferSizes.push_back(bytes);
    bufferSizeValues[index] = std::move(sizeValues);
    bufferOf[value] = index;
    return index;
  }
  // The smallest free buffer that holds it.
  auto best = freeBuffers.end();
  if (reusable)
    for (auto it = freeBuffers.begin(); it != freeBuffers.end(); ++it)
      if (bufferSizes[*it] >= bytes &&
          (best == freeBuffers.end() || bufferSizes[*it] < bufferSizes[*best]))
        best = it;
  uint32_t index;
  if (best != freeBuffers.end()) {
    index = *best;
    freeBuffers.erase(best);
  } else {
    index = bufferSizes.size();
    bufferSizes.push_back(bytes);
  }
  bufferOf[value] = index;
  return index;
}

LogicalResult ModuleWriter::addConstantBuffer(arith::ConstantOp constant) {
  auto elements = dyn_cast<DenseElementsAttr>(constant.getValue());
  auto type = dyn_cast<RankedTensorType>(constant.getType());
  if (!elements || !type || !getElementType(type.getElementType()))
    return constant.emitError("only dense constant tensors of f16, f32, f64, "
                              "i8, i16, i32 or i64 become buffers; got ")
           << constant.getType();
  FailureOr<uint32_t> buffer = addBuffer(constant.getResult());
  if (failed(buffer))
    return failure();
  // Row-major, densely packed: the raw data, a splat repeated.
  ArrayRef<char> raw = elements.getRawData();
  std::vector<uint8_t> &contents = bufferContents[*buffer];
  int64_t copies = elements.isSplat() ? type.getNumElements() : 1;
  for (int64_t i = 0; i < copies; ++i)
    contents.insert(contents.end(), raw.begin(), raw.end());
  return success();
}

FailureOr<fb::Offset<hm::DispatchDef>>
ModuleWriter::writeDispatch(DispatchOp dispatch) {
  SymbolRefAttr entryPoint = dispatch.getEntryPoint();
  auto exportOp =
      SymbolTable::lookupNearestSymbolFrom<ExportOp>(dispatch, entryPoint);
  auto executable = exportOp ? exportOp->getParentOfType<ExecutableOp>()
                             : ExecutableOp();
  auto binary = llvm::find_if(executables, [&](const NamedBinary &binary) {
    return executable && binary.name == executable.getSymName();
  });
  if (binary == executables.end())
    return dispatch.emitError("dispatches ")
           << entryPoint << ", which has no compiled executable";
  std::optional<ArrayRef<int64_t>> count = exportOp.getWorkgroupCount();
  if (!count)
    return dispatch.emitError("export ")
           << entryPoint << " has no static workgroup count";
  std::vector<uint32_t> bindings;
  for (Value operand : dispatch.getArguments()) {
    auto it = bufferOf.find(operand);
    if (it == bufferOf.end())
      return dispatch.emitError("reads a value the plan has no buffer for");
    bindings.push_back(it->second);
  }
  ValueRange resultDims = dispatch.getResultDims();
  for (Value result : dispatch.getResults()) {
    unsigned dynamic = cast<RankedTensorType>(result.getType()).getNumDynamicDims();
    FailureOr<uint32_t> buffer =
        addBuffer(result, /*reusable=*/!returned.contains(result),
                  resultDims.take_front(dynamic));
    resultDims = resultDims.drop_front(dynamic);
    if (failed(buffer))
      return failure();
    bindings.push_back(*buffer);
  }
  // Only now: this dispatch still reads what it frees. Buffers sized at the
  // call are not shared.
  for (Value operand : dispatch.getArguments())
    if (lastReader.lookup(operand) == dispatch.getOperation() &&
        !returned.contains(operand) && !isa<BlockArgument>(operand) &&
        !bufferSizeValues.count(bufferOf.lookup(operand)))
      freeBuffers.push_back(bufferOf.lookup(operand));
  std::vector<uint32_t> constants;
  std::vector<int32_t> constantValues;
  for (Value operand : dispatch.getConstants()) {
    FailureOr<Constant> traced = traceConstant(operand);
    if (failed(traced))
      return failure();
    constants.push_back(traced->bits);
    constantValues.push_back(traced->value);
  }
  // Along an axis over a dynamic extent: the value of the constant holding
  // it, divided by the elements per workgroup (or, if that constant is
  // static after all, the count itself).
  std::vector<uint32_t> workgroupCount(count->begin(), count->end());
  std::vector<int32_t> workgroupCountValues(3, -1);
  if (std::optional<ArrayRef<int64_t>> sources =
          exportOp.getWorkgroupCountConstants()) {
    for (auto [axis, source] : llvm::enumerate(*sources)) {
      if (source < 0)
        continue;
      if (constantValues[source] >= 0)
        workgroupCountValues[axis] = constantValues[source];
      else
        workgroupCount[axis] = std::max<uint64_t>(
            1, llvm::divideCeil(constants[source], workgroupCount[axis]));
    }
  }
  return hm::CreateDispatchDefDirect(
      builder, binary - executables.begin(), exportOp.getOrdinal(), &bindings,
      &constants, &workgroupCount, &constantValues, &workgroupCountValues);
}

FailureOr<fb::Offset<hm::FunctionDef>>
ModuleWriter::writeFunction(func::FuncOp func) {
  bufferOf.clear();
  bufferSizes.clear();
  bufferContents.clear();
  bufferSizeValues.clear();
  values.clear();
  valueIndex.clear();
  freeBuffers.clear();
  returned.clear();
  lastReader.clear();
  for (Operation &op : func.getBody().front()) {
    if (auto ret = dyn_cast<func::ReturnOp>(op))
      returned.insert(ret.getOperands().begin(), ret.getOperands().end());
    else if (auto dispatch = dyn_cast<DispatchOp>(op))
      for (Value operand : dispatch.getArguments())
        lastReader[operand] = dispatch;
  }
  std::vector<fb::Offset<hm::TensorTypeDef>> arguments, results;
  std::vector<uint32_t> argumentBuffers, resultBuffers;
  for (BlockArgument argument : func.getArguments()) {
    FailureOr<fb::Offset<hm::TensorTypeDef>> type =
        writeType(argument.getLoc(), argument.getType());
    if (failed(type))
      return failure();
    arguments.push_back(*type);
    auto tensor = dyn_cast<RankedTensorType>(argument.getType());
    if (!tensor) {
      argumentBuffers.push_back(0xFFFFFFFFu);
      continue;
    }
    // A dynamic dimension of an argument: a value of the call.
    uint64_t bytes = llvm::divideCeil(tensor.getElementTypeBitWidth(), 8);
    std::vector<uint32_t> sizeValues;
    for (int64_t dim = 0; dim < tensor.getRank(); ++dim) {
      if (tensor.isDynamicDim(dim))
        sizeValues.push_back(getValue(argument.getArgNumber(), dim));
      else
        bytes *= tensor.getDimSize(dim);
    }
    uint32_t buffer = bufferSizes.size();
    bufferSizes.push_back(bytes);
    if (!sizeValues.empty())
      bufferSizeValues[buffer] = std::move(sizeValues);
    bufferOf[argument] = buffer;
    argumentBuffers.push_back(buffer);
  }
  std::vector<fb::Offset<hm::DispatchDef>> dispatches;
  for (Operation &op : func.getBody().front()) {
    if (auto dispatch = dyn_cast<DispatchOp>(op)) {
      FailureOr<fb::Offset<hm::DispatchDef>> written = writeDispatch(dispatch);
      if (failed(written))
        return failure();
      dispatches.push_back(*written);
    } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      if (isa<RankedTensorType>(constant.getType()) &&
          failed(addConstantBuffer(constant)))
        return failure();
    } else if (isa<tensor::DimOp>(op)) {
      // A size: traced where a dispatch uses it.
    } else if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (Value value : ret.getOperands()) {
        FailureOr<fb::Offset<hm::TensorTypeDef>> type =
            writeType(ret.getLoc(), value.getType());
        auto it = bufferOf.find(value);
        if (failed(type) || it == bufferOf.end())
          return ret.emitError("returns a value no dispatch wrote");
        results.push_back(*type);
        resultBuffers.push_back(it->second);
      }
    } else {
      return op.emitError("'") << op.getName()
                               << "' is left in the host function after "
                                  "dispatch formation; halc cannot plan it";
    }
  }
  std::vector<fb::Offset<hm::BufferDef>> buffers;
  for (auto [index, bytes] : llvm::enumerate(bufferSizes)) {
    auto contents = bufferContents.find(index);
    auto sizeValues = bufferSizeValues.find(index);
    buffers.push_back(hm::CreateBufferDefDirect(
        builder, bytes,
        contents == bufferContents.end() ? nullptr : &contents->second,
        sizeValues == bufferSizeValues.end() ? nullptr : &sizeValues->second));
  }
  std::vector<fb::Offset<hm::ValueDef>> valueDefs;
  for (auto [argument, dimension] : values)
    valueDefs.push_back(hm::CreateValueDef(builder, argument, dimension));
  return hm::CreateFunctionDefDirect(
      builder, func.getName().str().c_str(), &arguments, &results, &buffers,
      &argumentBuffers, &resultBuffers, &dispatches, &valueDefs);
}

} // namespace

FailureOr<std::vector<uint8_t>>
mlir::halc::serializeModule(ModuleOp module, StringRef targetBackend,
                            ArrayRef<NamedBinary> executables,
                            StringRef sourcePath, StringRef source) {
  ModuleWriter writer(module, executables);
  fb::FlatBufferBuilder &builder = writer.builder;
  std::vector<fb::Offset<hm::FunctionDef>> functions;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isPrivate())
      continue;
    FailureOr<fb::Offset<hm::FunctionDef>> written = writer.writeFunction(func);
    if (failed(written))
      return failure();
    functions.push_back(*written);
  }
  std::vector<fb::Offset<hm::ExecutableDef>> executableDefs;
  for (const NamedBinary &binary : executables)
    executableDefs.push_back(hm::CreateExecutableDefDirect(
        builder, binary.name.c_str(), targetBackend.str().c_str(),
        &binary.bytes));
  std::vector<uint8_t> content(source.begin(), source.end());
  std::vector<fb::Offset<iree::hal::debug::SourceFileDef>> sources = {
      iree::hal::debug::CreateSourceFileDefDirect(
          builder, sourcePath.str().c_str(), &content)};
  builder.Finish(hm::CreateModuleDefDirect(builder, &executableDefs,
                                             &functions, &sources),
                 hm::ModuleDefIdentifier());
  return wrapInBinaryHeader(
      hm::ModuleDefIdentifier(),
      ArrayRef<uint8_t>(builder.GetBufferPointer(), builder.GetSize()));
}
