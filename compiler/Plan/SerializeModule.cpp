//===- SerializeModule.cpp - The HALM file of a whole module --------------===//
//
// Each public host function becomes a plan: a buffer per argument, per
// constant tensor (with its elements) and per dispatch result, the dispatches
// in program order with their bindings (operands, then results) and static
// workgroup counts. An intermediate result (one the function does not return)
// reuses the buffer of an earlier intermediate whose last reader has run, when
// it is large enough.
//
//===----------------------------------------------------------------------===//

#include "compiler/Plan/SerializeModule.h"

#include "compiler/Dialect/HALC/HALCDialect.h"
#include "compiler/Serialization/BinaryHeader.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"

#include <map>

#include "schemas/module_def_generated.h"
#include "schemas/plan_value.h"

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

/// The plan's kind for a host integer op; sizes are never negative, so
/// unsigned and signed forms agree.
std::optional<hm::ValueKind> getValueKind(Operation *op) {
  using K = hm::ValueKind;
  return llvm::TypeSwitch<Operation *, std::optional<K>>(op)
      .Case<arith::AddIOp>([](auto) { return K::Add; })
      .Case<arith::SubIOp>([](auto) { return K::Sub; })
      .Case<arith::MulIOp>([](auto) { return K::Mul; })
      .Case<arith::DivSIOp, arith::DivUIOp>([](auto) { return K::Div; })
      .Case<arith::FloorDivSIOp>([](auto) { return K::FloorDiv; })
      .Case<arith::CeilDivSIOp, arith::CeilDivUIOp>(
          [](auto) { return K::CeilDiv; })
      .Case<arith::RemSIOp, arith::RemUIOp>([](auto) { return K::Rem; })
      .Case<arith::MinSIOp, arith::MinUIOp>([](auto) { return K::Min; })
      .Case<arith::MaxSIOp, arith::MaxUIOp>([](auto) { return K::Max; })
      .Default([](Operation *) { return std::nullopt; });
}

/// Integer arithmetic the plan computes at the call.
bool isHostArithmetic(Operation *op) {
  return isa<arith::IndexCastOp, arith::IndexCastUIOp, affine::AffineApplyOp>(
             op) ||
         getValueKind(op).has_value();
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
  /// Dimension `index` of `tensor` (an argument or a dispatch result).
  FailureOr<Constant> traceDim(Value tensor, int64_t index, Location loc);
  /// The index of the call's value: dimension `dimension` of argument
  /// `argument`, or (-1) the scalar argument.
  int32_t getValue(unsigned argument, int32_t dimension);
  /// `lhs` `kind` `rhs`: folded when both are static, else a value of the
  /// call.
  Constant combine(hm::ValueKind kind, Constant lhs, Constant rhs);
  /// A size the host computes (isHostArithmetic): integer arithmetic or an
  /// affine map over traced operands.
  FailureOr<Constant> traceArithmetic(Operation *op);
  FailureOr<Constant> traceAffine(AffineExpr expr, ArrayRef<Constant> dims,
                                  ArrayRef<Constant> symbols);
  /// The index of the value `def` (deduplicated).
  int32_t addValue(const hm::ValueDefT &def);
  /// A buffer holding the elements of a dense constant tensor.
  LogicalResult addConstantBuffer(arith::ConstantOp constant);
  /// `shape`, when given, replaces the tensor's own.
  FailureOr<fb::Offset<hm::TensorTypeDef>>
  writeType(Location loc, Type type,
            const std::vector<int64_t> *shape = nullptr);
  /// The type of returned `value` with the dimensions known statically;
  /// appends the values of the others to `dimValues`.
  FailureOr<fb::Offset<hm::TensorTypeDef>>
  writeResultType(Location loc, Value value, std::vector<uint32_t> &dimValues);
  FailureOr<fb::Offset<hm::DispatchDef>> writeDispatch(DispatchOp dispatch);

  ModuleOp module;
  ArrayRef<NamedBinary> executables;
  llvm::DenseMap<Value, uint32_t> bufferOf;
  std::vector<uint64_t> bufferSizes;
  /// The values that buffers sized at the call are multiples of.
  llvm::DenseMap<uint32_t, std::vector<uint32_t>> bufferSizeValues;
  std::vector<hm::ValueDefT> values;
  std::map<
      std::tuple<hm::ValueKind, unsigned, int32_t, int64_t, unsigned, unsigned>,
      int32_t>
      valueIndex;
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
ModuleWriter::writeType(Location loc, Type type,
                        const std::vector<int64_t> *shape) {
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
  std::vector<int64_t> ownShape;
  for (int64_t dim : tensor.getShape())
    ownShape.push_back(ShapedType::isDynamic(dim) ? -1 : dim);
  return hm::CreateTensorTypeDefDirect(builder, *element,
                                       shape ? shape : &ownShape);
}

FailureOr<fb::Offset<hm::TensorTypeDef>>
ModuleWriter::writeResultType(Location loc, Value value,
                              std::vector<uint32_t> &dimValues) {
  auto tensor = dyn_cast<RankedTensorType>(value.getType());
  if (!tensor)
    return writeType(loc, value.getType());
  std::vector<int64_t> shape(tensor.getShape());
  for (auto [index, dim] : llvm::enumerate(shape)) {
    if (!ShapedType::isDynamic(dim))
      continue;
    FailureOr<Constant> traced = traceDim(value, index, loc);
    if (failed(traced))
      return failure();
    if (traced->value < 0) {
      dim = traced->bits;
      continue;
    }
    dim = -1;
    dimValues.push_back(traced->value);
  }
  return writeType(loc, tensor, &shape);
}

FailureOr<ModuleWriter::Constant> ModuleWriter::traceConstant(Value value) {
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
  if (auto dim = dyn_cast<tensor::DimOp>(def))
    if (std::optional<int64_t> index = dim.getConstantIndex())
      return traceDim(dim.getSource(), *index, value.getLoc());
  if (isHostArithmetic(def))
    return traceArithmetic(def);
  return emitError(value.getLoc(),
                   "halc cannot tell this value before the function runs: ")
         << value;
}

FailureOr<ModuleWriter::Constant>
ModuleWriter::traceDim(Value tensor, int64_t index, Location loc) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (!type.isDynamicDim(index))
    return Constant{static_cast<uint32_t>(type.getDimSize(index)), -1};
  if (auto argument = dyn_cast<BlockArgument>(tensor))
    return Constant{0, getValue(argument.getArgNumber(), index)};
  if (auto dispatch = tensor.getDefiningOp<DispatchOp>()) {
    // Its position among the dispatch's dynamic result dimensions.
    unsigned position = 0;
    for (OpResult result : dispatch->getResults()) {
      auto resultType = cast<RankedTensorType>(result.getType());
      for (int64_t d = 0; d < resultType.getRank(); ++d) {
        if (!resultType.isDynamicDim(d))
          continue;
        if (result == tensor && d == index)
          return traceConstant(dispatch.getResultDims()[position]);
        ++position;
      }
    }
  }
  return emitError(loc, "halc cannot tell dimension ")
         << index << " of " << tensor << " before the function runs";
}

int32_t ModuleWriter::addValue(const hm::ValueDefT &def) {
  auto [it, inserted] = valueIndex.try_emplace(
      {def.kind, def.argument, def.dimension, def.constant, def.lhs, def.rhs},
      values.size());
  if (inserted)
    values.push_back(def);
  return it->second;
}

int32_t ModuleWriter::getValue(unsigned argument, int32_t dimension) {
  hm::ValueDefT def;
  def.argument = argument;
  def.dimension = dimension;
  return addValue(def);
}

ModuleWriter::Constant ModuleWriter::combine(hm::ValueKind kind, Constant lhs,
                                             Constant rhs) {
  // Static sizes are 32-bit words; as numbers, sign-extended.
  auto number = [](Constant c) {
    return static_cast<int64_t>(static_cast<int32_t>(c.bits));
  };
  if (lhs.value < 0 && rhs.value < 0)
    if (std::optional<int64_t> folded =
            hm::applyValueKind(kind, number(lhs), number(rhs)))
      return Constant{static_cast<uint32_t>(*folded), -1};
  auto operand = [&](Constant c) -> uint32_t {
    if (c.value >= 0)
      return c.value;
    hm::ValueDefT def;
    def.kind = hm::ValueKind::Constant;
    def.constant = number(c);
    return addValue(def);
  };
  hm::ValueDefT def;
  def.kind = kind;
  def.lhs = operand(lhs);
  def.rhs = operand(rhs);
  return Constant{0, addValue(def)};
}

FailureOr<ModuleWriter::Constant> ModuleWriter::traceArithmetic(Operation *op) {
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op))
    return traceConstant(op->getOperand(0));
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op)) {
    SmallVector<Constant> operands;
    for (Value operand : apply.getOperands()) {
      FailureOr<Constant> traced = traceConstant(operand);
      if (failed(traced))
        return failure();
      operands.push_back(*traced);
    }
    AffineMap map = apply.getAffineMap();
    return traceAffine(map.getResult(0),
                       ArrayRef(operands).take_front(map.getNumDims()),
                       ArrayRef(operands).drop_front(map.getNumDims()));
  }
  hm::ValueKind kind = *getValueKind(op);
  FailureOr<Constant> lhs = traceConstant(op->getOperand(0));
  if (failed(lhs))
    return failure();
  FailureOr<Constant> rhs = traceConstant(op->getOperand(1));
  if (failed(rhs))
    return failure();
  return combine(kind, *lhs, *rhs);
}

FailureOr<ModuleWriter::Constant>
ModuleWriter::traceAffine(AffineExpr expr, ArrayRef<Constant> dims,
                          ArrayRef<Constant> symbols) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return dims[dim.getPosition()];
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return symbols[symbol.getPosition()];
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return Constant{static_cast<uint32_t>(constant.getValue()), -1};
  auto binary = cast<AffineBinaryOpExpr>(expr);
  FailureOr<Constant> lhs = traceAffine(binary.getLHS(), dims, symbols);
  FailureOr<Constant> rhs = traceAffine(binary.getRHS(), dims, symbols);
  if (failed(lhs) || failed(rhs))
    return failure();
  hm::ValueKind kind;
  switch (binary.getKind()) {
  case AffineExprKind::Add:
    kind = hm::ValueKind::Add;
    break;
  case AffineExprKind::Mul:
    kind = hm::ValueKind::Mul;
    break;
  case AffineExprKind::FloorDiv:
    kind = hm::ValueKind::FloorDiv;
    break;
  case AffineExprKind::CeilDiv:
    kind = hm::ValueKind::CeilDiv;
    break;
  default:
    kind = hm::ValueKind::Mod;
    break;
  }
  return combine(kind, *lhs, *rhs);
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
  auto executable =
      exportOp ? exportOp->getParentOfType<ExecutableOp>() : ExecutableOp();
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
    unsigned dynamic =
        cast<RankedTensorType>(result.getType()).getNumDynamicDims();
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
  std::vector<uint32_t> argumentBuffers, resultBuffers, resultDimValues;
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
    } else if (isa<tensor::DimOp>(op) || isHostArithmetic(&op)) {
      // A size: traced where a dispatch uses it.
    } else if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (Value value : ret.getOperands()) {
        FailureOr<fb::Offset<hm::TensorTypeDef>> type =
            writeResultType(ret.getLoc(), value, resultDimValues);
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
  for (const hm::ValueDefT &value : values)
    valueDefs.push_back(hm::ValueDef::Pack(builder, &value));
  // What halc-record-equal-sizes found the arguments must agree on.
  std::vector<hm::EqualSizeDef> equalSizes;
  if (auto constraints = func->getAttrOfType<ArrayAttr>("halc.equal_sizes"))
    for (auto constraint : constraints.getAsRange<DenseI64ArrayAttr>()) {
      ArrayRef<int64_t> c = constraint.asArrayRef();
      bool isSize = c[2] < 0;
      equalSizes.emplace_back(c[0], c[1], isSize ? 0xFFFFFFFFu : c[2],
                              isSize ? 0 : c[3], isSize ? c[3] : 0);
    }
  return hm::CreateFunctionDefDirect(
      builder, func.getName().str().c_str(), &arguments, &results, &buffers,
      &argumentBuffers, &resultBuffers, &dispatches, &valueDefs,
      &resultDimValues, equalSizes.empty() ? nullptr : &equalSizes);
}

} // namespace

FailureOr<std::vector<uint8_t>>
mlir::halc::serializeModule(ModuleOp module, ArrayRef<NamedBinary> executables,
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
  for (const NamedBinary &binary : executables) {
    auto executable = module.lookupSymbol<ExecutableOp>(binary.name);
    executableDefs.push_back(hm::CreateExecutableDefDirect(
        builder, binary.name.c_str(),
        executable.getTargetAttr().getBackend().str().c_str(), &binary.bytes));
  }
  std::vector<uint8_t> content(source.begin(), source.end());
  std::vector<fb::Offset<iree::hal::debug::SourceFileDef>> sources = {
      iree::hal::debug::CreateSourceFileDefDirect(
          builder, sourcePath.str().c_str(), &content)};
  builder.Finish(
      hm::CreateModuleDefDirect(builder, &executableDefs, &functions, &sources),
      hm::ModuleDefIdentifier());
  return wrapInBinaryHeader(
      hm::ModuleDefIdentifier(),
      ArrayRef<uint8_t>(builder.GetBufferPointer(), builder.GetSize()));
}
