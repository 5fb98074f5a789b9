//===- BuildPlan.cpp - The dispatch plan of each host function ------------===//
//
// Each public host function becomes a plan: a buffer per argument, per
// constant tensor (with its elements) and per dispatch result, the dispatches
// in program order with their bindings (operands, then results), constants
// and workgroup counts. A size the host computes is traced back to the
// arguments and becomes a value of the call unless it folds. An intermediate
// result (one the function does not return) reuses the buffer of an earlier
// intermediate whose last reader has run, when it is large enough; a
// constant's buffer is never reused (it keeps its elements across calls).
// A dispatch that reads only constants and what such dispatches wrote, with
// static sizes, comes first and runs once, when the module loads (weights
// with a batch norm folded in); its buffers are never reused either.
//
//===----------------------------------------------------------------------===//

#include "compiler/Plan/Plan.h"

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"

#include <map>

#include "schemas/element_type.h"
#include "schemas/plan_value.h"

using namespace mlir;
using namespace mlir::halc;
using namespace mlir::halc::plan;
/// The module format's vocabulary (schemas/module_def.fbs, namespace halc).
namespace hm = ::halc;

namespace {

/// What a reshape or cast on the host views (the plan gives both one
/// buffer), or null.
Value getViewSource(Value value) {
  Operation *def = value.getDefiningOp();
  if (isa_and_nonnull<tensor::CollapseShapeOp, tensor::ExpandShapeOp,
                      tensor::CastOp>(def))
    return def->getOperand(0);
  return {};
}

/// The plan's element type of an MLIR type, if it has one.
std::optional<hm::ElementType> getElementType(Type type) {
  std::string name;
  llvm::raw_string_ostream(name) << type;
  const hm::ElementTypeInfo *info = hm::lookupElementType(name);
  return info ? std::optional(info->type) : std::nullopt;
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

hm::ValueKind getValueKind(AffineExprKind kind) {
  switch (kind) {
  case AffineExprKind::Add:
    return hm::ValueKind::Add;
  case AffineExprKind::Mul:
    return hm::ValueKind::Mul;
  case AffineExprKind::FloorDiv:
    return hm::ValueKind::FloorDiv;
  case AffineExprKind::CeilDiv:
    return hm::ValueKind::CeilDiv;
  default:
    return hm::ValueKind::Mod;
  }
}

class FunctionPlanner {
public:
  FunctionPlanner(func::FuncOp func, ArrayRef<std::string> executableNames)
      : func(func), executableNames(executableNames) {}

  FailureOr<FunctionPlan> build();

private:
  /// The plan's type of `type`, with `shape` (when given) replacing the
  /// tensor's own; reports types the plan has none for.
  FailureOr<HostType> getType(Location loc, Type type,
                                std::optional<std::vector<int64_t>> shape = {});
  /// The type of returned `value` with the dimensions known statically;
  /// appends the values of the others to the result dimension values.
  FailureOr<HostType> getResultType(Location loc, Value value);
  /// A buffer for `value`: a free one large enough when `reusable`, else a
  /// new one; reports unsupported types.
  FailureOr<uint32_t> addBuffer(Value value, bool reusable = false,
                                ValueRange dynamicSizes = {});
  LogicalResult addArgument(BlockArgument argument);
  /// A buffer holding the elements of a dense constant tensor.
  LogicalResult addConstantBuffer(arith::ConstantOp constant);
  LogicalResult addDispatch(DispatchOp dispatch);
  LogicalResult addResults(func::ReturnOp ret);

  /// `value` as a word: static bits, or a value of the call.
  FailureOr<Word> trace(Value value);
  /// Dimension `index` of `tensor` (an argument or a dispatch result).
  FailureOr<Word> traceDim(Value tensor, int64_t index, Location loc);
  /// A size the host computes (isHostArithmetic): integer arithmetic or an
  /// affine map over traced operands.
  FailureOr<Word> traceArithmetic(Operation *op);
  FailureOr<Word> traceAffine(AffineExpr expr, ArrayRef<Word> dims,
                              ArrayRef<Word> symbols);
  /// `lhs` `kind` `rhs`: folded when both are static, else a value.
  Word combine(hm::ValueKind kind, Word lhs, Word rhs);
  /// The index of the call's value: dimension `dimension` of argument
  /// `argument`, or (-1) the scalar argument.
  int32_t getArgumentValue(unsigned argument, int32_t dimension);
  /// The index of the value `def` (each distinct value once).
  int32_t addValue(const hm::ValueDefT &def);

  func::FuncOp func;
  ArrayRef<std::string> executableNames;
  FunctionPlan plan;
  llvm::DenseMap<Value, uint32_t> bufferOf;
  std::map<
      std::tuple<hm::ValueKind, unsigned, int32_t, int64_t, unsigned, unsigned>,
      int32_t>
      valueIndex;
  /// Buffers of intermediates whose last reader has run.
  std::vector<uint32_t> freeBuffers;
  /// The values the function returns (their buffers are never reused).
  llvm::DenseSet<Value> returned;
  /// The last dispatch reading each value.
  llvm::DenseMap<Value, Operation *> lastReader;
  /// Tensors the same at every call: constants, views of them, results of
  /// load-time dispatches.
  llvm::DenseSet<Value> loadTimeValues;
  /// The buffers load-time dispatches write.
  llvm::DenseSet<uint32_t> loadTimeBuffers;
  /// The dispatches that run at every call, in order.
  std::vector<Dispatch> callDispatches;
};

FailureOr<HostType>
FunctionPlanner::getType(Location loc, Type type,
                         std::optional<std::vector<int64_t>> shape) {
  if (type.isIntOrFloat()) {
    std::optional<hm::ElementType> element = getElementType(type);
    if (element && type.getIntOrFloatBitWidth() <= 32)
      return HostType{*element, {}, /*scalar=*/true};
  }
  auto tensor = dyn_cast<RankedTensorType>(type);
  std::optional<hm::ElementType> element =
      tensor ? getElementType(tensor.getElementType()) : std::nullopt;
  if (!tensor || !element)
    return emitError(loc, "a function's arguments and results must be "
                          "tensors of ")
           << hm::listElementTypes()
           << " (arguments also scalars of at most 32 bits); got " << type;
  if (!shape) {
    shape.emplace();
    for (int64_t dim : tensor.getShape())
      shape->push_back(ShapedType::isDynamic(dim) ? -1 : dim);
  }
  return HostType{*element, std::move(*shape)};
}

FailureOr<HostType> FunctionPlanner::getResultType(Location loc,
                                                     Value value) {
  auto tensor = dyn_cast<RankedTensorType>(value.getType());
  if (!tensor)
    return getType(loc, value.getType());
  std::vector<int64_t> shape(tensor.getShape());
  for (auto [index, dim] : llvm::enumerate(shape)) {
    if (!ShapedType::isDynamic(dim))
      continue;
    FailureOr<Word> traced = traceDim(value, index, loc);
    if (failed(traced))
      return failure();
    if (traced->isStatic()) {
      dim = traced->bits;
      continue;
    }
    dim = -1;
    plan.resultDimValues.push_back(traced->value);
  }
  return getType(loc, tensor, std::move(shape));
}

FailureOr<Word> FunctionPlanner::trace(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return Word{0, getArgumentValue(arg.getArgNumber(), -1)};
  Operation *def = value.getDefiningOp();
  if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
    if (auto integer = dyn_cast<IntegerAttr>(constant.getValue()))
      return Word{static_cast<uint32_t>(integer.getInt())};
    if (auto real = dyn_cast<FloatAttr>(constant.getValue()))
      return Word{static_cast<uint32_t>(
          real.getValue().bitcastToAPInt().getZExtValue())};
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

FailureOr<Word> FunctionPlanner::traceDim(Value tensor, int64_t index,
                                          Location loc) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (!type.isDynamicDim(index))
    return Word{static_cast<uint32_t>(type.getDimSize(index))};
  if (auto argument = dyn_cast<BlockArgument>(tensor))
    return Word{0, getArgumentValue(argument.getArgNumber(), index)};
  if (auto cast = tensor.getDefiningOp<tensor::CastOp>())
    return traceDim(cast.getSource(), index, loc);
  if (auto collapse = tensor.getDefiningOp<tensor::CollapseShapeOp>()) {
    Word size{1};
    // A copy: the reassociation is built on each call.
    SmallVector<ReassociationIndices> groups =
        collapse.getReassociationIndices();
    for (int64_t dim : groups[index]) {
      FailureOr<Word> part = traceDim(collapse.getSrc(), dim, loc);
      if (failed(part))
        return failure();
      size = combine(hm::ValueKind::Mul, size, *part);
    }
    return size;
  }
  if (auto expand = tensor.getDefiningOp<tensor::ExpandShapeOp>()) {
    OpFoldResult size = expand.getMixedOutputShape()[index];
    if (std::optional<int64_t> known = getConstantIntValue(size))
      return Word{static_cast<uint32_t>(*known)};
    return trace(cast<Value>(size));
  }
  if (auto dispatch = tensor.getDefiningOp<DispatchOp>()) {
    // Its position among the dispatch's dynamic result dimensions.
    unsigned position = 0;
    for (OpResult result : dispatch->getResults()) {
      auto resultType = cast<RankedTensorType>(result.getType());
      for (int64_t d = 0; d < resultType.getRank(); ++d) {
        if (!resultType.isDynamicDim(d))
          continue;
        if (result == tensor && d == index)
          return trace(dispatch.getResultDims()[position]);
        ++position;
      }
    }
  }
  return emitError(loc, "halc cannot tell dimension ")
         << index << " of " << tensor << " before the function runs";
}

int32_t FunctionPlanner::addValue(const hm::ValueDefT &def) {
  auto [it, inserted] = valueIndex.try_emplace(
      {def.kind, def.argument, def.dimension, def.constant, def.lhs, def.rhs},
      plan.values.size());
  if (inserted)
    plan.values.push_back(def);
  return it->second;
}

int32_t FunctionPlanner::getArgumentValue(unsigned argument,
                                          int32_t dimension) {
  hm::ValueDefT def;
  def.argument = argument;
  def.dimension = dimension;
  return addValue(def);
}

Word FunctionPlanner::combine(hm::ValueKind kind, Word lhs, Word rhs) {
  // Static sizes are 32-bit words; as numbers, sign-extended.
  auto number = [](Word word) {
    return static_cast<int64_t>(static_cast<int32_t>(word.bits));
  };
  if (lhs.isStatic() && rhs.isStatic())
    if (std::optional<int64_t> folded =
            hm::applyValueKind(kind, number(lhs), number(rhs)))
      return Word{static_cast<uint32_t>(*folded)};
  auto operand = [&](Word word) -> uint32_t {
    if (!word.isStatic())
      return word.value;
    hm::ValueDefT def;
    def.kind = hm::ValueKind::Constant;
    def.constant = number(word);
    return addValue(def);
  };
  hm::ValueDefT def;
  def.kind = kind;
  def.lhs = operand(lhs);
  def.rhs = operand(rhs);
  return Word{0, addValue(def)};
}

FailureOr<Word> FunctionPlanner::traceArithmetic(Operation *op) {
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op))
    return trace(op->getOperand(0));
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op)) {
    SmallVector<Word> operands;
    for (Value operand : apply.getOperands()) {
      FailureOr<Word> traced = trace(operand);
      if (failed(traced))
        return failure();
      operands.push_back(*traced);
    }
    AffineMap map = apply.getAffineMap();
    return traceAffine(map.getResult(0),
                       ArrayRef(operands).take_front(map.getNumDims()),
                       ArrayRef(operands).drop_front(map.getNumDims()));
  }
  FailureOr<Word> lhs = trace(op->getOperand(0));
  if (failed(lhs))
    return failure();
  FailureOr<Word> rhs = trace(op->getOperand(1));
  if (failed(rhs))
    return failure();
  return combine(*getValueKind(op), *lhs, *rhs);
}

FailureOr<Word> FunctionPlanner::traceAffine(AffineExpr expr,
                                             ArrayRef<Word> dims,
                                             ArrayRef<Word> symbols) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return dims[dim.getPosition()];
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return symbols[symbol.getPosition()];
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return Word{static_cast<uint32_t>(constant.getValue())};
  auto binary = cast<AffineBinaryOpExpr>(expr);
  FailureOr<Word> lhs = traceAffine(binary.getLHS(), dims, symbols);
  FailureOr<Word> rhs = traceAffine(binary.getRHS(), dims, symbols);
  if (failed(lhs) || failed(rhs))
    return failure();
  return combine(getValueKind(binary.getKind()), *lhs, *rhs);
}

FailureOr<uint32_t> FunctionPlanner::addBuffer(Value value, bool reusable,
                                               ValueRange dynamicSizes) {
  auto tensor = dyn_cast<RankedTensorType>(value.getType());
  if (!tensor)
    return emitError(value.getLoc(), "cannot plan a buffer for ")
           << value.getType();
  Buffer buffer;
  buffer.sizeBytes = llvm::divideCeil(tensor.getElementTypeBitWidth(), 8);
  for (int64_t dim : tensor.getShape())
    buffer.sizeBytes *= ShapedType::isDynamic(dim) ? 1 : dim;
  for (Value size : dynamicSizes) {
    FailureOr<Word> traced = trace(size);
    if (failed(traced))
      return failure();
    if (traced->isStatic())
      buffer.sizeBytes *= traced->bits;
    else
      buffer.sizeValues.push_back(traced->value);
  }
  // The smallest free buffer that holds it; one sized at the call is its
  // own, never shared.
  auto best = freeBuffers.end();
  if (reusable && buffer.sizeValues.empty())
    for (auto it = freeBuffers.begin(); it != freeBuffers.end(); ++it)
      if (plan.buffers[*it].sizeBytes >= buffer.sizeBytes &&
          (best == freeBuffers.end() ||
           plan.buffers[*it].sizeBytes < plan.buffers[*best].sizeBytes))
        best = it;
  uint32_t index;
  if (best != freeBuffers.end()) {
    index = *best;
    freeBuffers.erase(best);
  } else {
    index = plan.buffers.size();
    plan.buffers.push_back(std::move(buffer));
  }
  bufferOf[value] = index;
  return index;
}

LogicalResult FunctionPlanner::addArgument(BlockArgument argument) {
  FailureOr<HostType> type = getType(argument.getLoc(), argument.getType());
  if (failed(type))
    return failure();
  plan.arguments.push_back(std::move(*type));
  auto tensor = dyn_cast<RankedTensorType>(argument.getType());
  if (!tensor) {
    plan.argumentBuffers.push_back(std::nullopt);
    return success();
  }
  // A dynamic dimension of an argument: a value of the call.
  Buffer buffer;
  buffer.sizeBytes = llvm::divideCeil(tensor.getElementTypeBitWidth(), 8);
  for (int64_t dim = 0; dim < tensor.getRank(); ++dim) {
    if (tensor.isDynamicDim(dim))
      buffer.sizeValues.push_back(
          getArgumentValue(argument.getArgNumber(), dim));
    else
      buffer.sizeBytes *= tensor.getDimSize(dim);
  }
  bufferOf[argument] = plan.buffers.size();
  plan.argumentBuffers.push_back(plan.buffers.size());
  plan.buffers.push_back(std::move(buffer));
  return success();
}

LogicalResult FunctionPlanner::addConstantBuffer(arith::ConstantOp constant) {
  auto type = dyn_cast<RankedTensorType>(constant.getType());
  auto elements = dyn_cast<DenseElementsAttr>(constant.getValue());
  // A dense resource (an imported model's weights): its blob's bytes, or,
  // without a blob, the parameter of its name, given when the module loads.
  auto resource = dyn_cast<DenseResourceElementsAttr>(constant.getValue());
  AsmResourceBlob *blob =
      resource ? resource.getRawHandle().getBlob() : nullptr;
  if ((!elements && !resource) || !type ||
      !getElementType(type.getElementType()))
    return constant.emitError("only dense constant tensors of ")
           << hm::listElementTypes() << " become buffers; got "
           << constant.getType();
  FailureOr<uint32_t> buffer = addBuffer(constant.getResult());
  if (failed(buffer))
    return failure();
  std::vector<uint8_t> &contents = plan.buffers[*buffer].contents;
  if (resource && !blob) {
    plan.buffers[*buffer].parameter = resource.getRawHandle().getKey().str();
    return success();
  }
  if (blob) {
    ArrayRef<char> data = blob->getData();
    contents.assign(data.begin(), data.end());
    return success();
  }
  // Booleans one byte each (MLIR may pack them into bits).
  if (type.getElementType().isInteger(1)) {
    for (bool element : elements.getValues<bool>())
      contents.push_back(element);
    return success();
  }
  // Row-major, densely packed: the raw data, a splat repeated.
  ArrayRef<char> raw = elements.getRawData();
  int64_t copies = elements.isSplat() ? type.getNumElements() : 1;
  for (int64_t i = 0; i < copies; ++i)
    contents.insert(contents.end(), raw.begin(), raw.end());
  return success();
}

LogicalResult FunctionPlanner::addDispatch(DispatchOp op) {
  SymbolRefAttr entryPoint = op.getEntryPoint();
  auto exportOp =
      SymbolTable::lookupNearestSymbolFrom<ExportOp>(op, entryPoint);
  auto executable =
      exportOp ? exportOp->getParentOfType<ExecutableOp>() : ExecutableOp();
  const std::string *name = llvm::find_if(executableNames, [&](StringRef name) {
    return executable && name == executable.getSymName();
  });
  if (name == executableNames.end())
    return op.emitError("dispatches ")
           << entryPoint << ", which has no compiled executable";
  std::optional<ArrayRef<int64_t>> count = exportOp.getWorkgroupCount();
  if (!count)
    return op.emitError("export ")
           << entryPoint << " has no static workgroup count";
  Dispatch dispatch;
  for (Value operand : op.getConstants()) {
    FailureOr<Word> traced = trace(operand);
    if (failed(traced))
      return failure();
    dispatch.constants.push_back(*traced);
  }
  // Once, at load: it reads only what is the same at every call, with
  // static sizes, and the caller gets none of what it reads or writes.
  auto isReturned = [&](Value value) {
    for (; value; value = getViewSource(value))
      if (returned.contains(value))
        return true;
    return false;
  };
  bool atLoad =
      llvm::all_of(
          op.getArguments(),
          [&](Value value) { return loadTimeValues.contains(value); }) &&
      op.getResultDims().empty() &&
      llvm::none_of(op.getArguments(), isReturned) &&
      llvm::none_of(op.getResults(), isReturned) &&
      llvm::all_of(dispatch.constants,
                   [](const Word &word) { return word.isStatic(); });
  dispatch.executable = name - executableNames.begin();
  dispatch.exportOrdinal = exportOp.getOrdinal();
  for (Value operand : op.getArguments()) {
    auto it = bufferOf.find(operand);
    if (it == bufferOf.end())
      return op.emitError("reads a value the plan has no buffer for");
    dispatch.bindings.push_back(it->second);
  }
  ValueRange resultDims = op.getResultDims();
  for (Value result : op.getResults()) {
    unsigned dynamic =
        cast<RankedTensorType>(result.getType()).getNumDynamicDims();
    FailureOr<uint32_t> buffer =
        addBuffer(result, /*reusable=*/!atLoad && !returned.contains(result),
                  resultDims.take_front(dynamic));
    resultDims = resultDims.drop_front(dynamic);
    if (failed(buffer))
      return failure();
    dispatch.bindings.push_back(*buffer);
    if (atLoad) {
      loadTimeValues.insert(result);
      loadTimeBuffers.insert(*buffer);
    }
  }
  // Only now: this dispatch still reads what it frees. Buffers sized at the
  // call are not shared, nor are constants' (a runtime uploads them once,
  // for every call).
  for (Value operand : op.getArguments()) {
    uint32_t buffer = bufferOf.lookup(operand);
    const Buffer &read = plan.buffers[buffer];
    if (lastReader.lookup(operand) == op.getOperation() &&
        !returned.contains(operand) && !isa<BlockArgument>(operand) &&
        read.sizeValues.empty() && read.contents.empty() &&
        read.parameter.empty() && !loadTimeBuffers.contains(buffer))
      freeBuffers.push_back(buffer);
  }
  // Along an axis over a dynamic extent, the export names the constant that
  // holds it and its entry of workgroup_count is the elements per
  // workgroup.
  std::optional<ArrayRef<int64_t>> extents =
      exportOp.getWorkgroupCountConstants();
  for (int axis = 0; axis < 3; ++axis) {
    WorkgroupCount &along = dispatch.workgroupCount[axis];
    int64_t source = extents ? (*extents)[axis] : -1;
    if (source < 0) {
      along.count = (*count)[axis];
      continue;
    }
    Word extent = dispatch.constants[source];
    along.perWorkgroup = (*count)[axis];
    if (extent.isStatic()) {
      along.count = hm::workgroupCountAlong(extent.bits, along.perWorkgroup);
    } else {
      along.count = 0;
      along.extent = extent.value;
    }
  }
  if (atLoad)
    plan.dispatches.push_back(std::move(dispatch));
  else
    callDispatches.push_back(std::move(dispatch));
  return success();
}

LogicalResult FunctionPlanner::addResults(func::ReturnOp ret) {
  for (Value value : ret.getOperands()) {
    FailureOr<HostType> type = getResultType(ret.getLoc(), value);
    auto it = bufferOf.find(value);
    if (failed(type) || it == bufferOf.end())
      return ret.emitError("returns a value no dispatch wrote");
    plan.results.push_back(std::move(*type));
    plan.resultBuffers.push_back(it->second);
  }
  return success();
}

FailureOr<FunctionPlan> FunctionPlanner::build() {
  plan.name = func.getName().str();
  for (Operation &op : func.getBody().front()) {
    if (auto ret = dyn_cast<func::ReturnOp>(op))
      for (Value value : ret.getOperands())
        for (; value; value = getViewSource(value))
          returned.insert(value);
    else if (auto dispatch = dyn_cast<DispatchOp>(op))
      for (Value operand : dispatch.getArguments())
        lastReader[operand] = dispatch;
  }
  for (BlockArgument argument : func.getArguments())
    if (failed(addArgument(argument)))
      return failure();
  // Names as IREE's ABI spells them: what halc-run and Python call them by.
  auto getName = [](DictionaryAttr attrs) {
    auto name = attrs ? attrs.getAs<StringAttr>("iree.abi.name") : nullptr;
    return name ? name.str() : std::string();
  };
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    plan.argumentNames.push_back(getName(func.getArgAttrDict(i)));
  for (unsigned i = 0; i < func.getNumResults(); ++i)
    plan.resultNames.push_back(getName(func.getResultAttrDict(i)));
  for (Operation &op : func.getBody().front()) {
    LogicalResult added = success();
    if (auto dispatch = dyn_cast<DispatchOp>(op)) {
      added = addDispatch(dispatch);
    } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      if (isa<RankedTensorType>(constant.getType())) {
        added = addConstantBuffer(constant);
        loadTimeValues.insert(constant.getResult());
      }
    } else if (Value source = op.getNumResults() == 1
                                  ? getViewSource(op.getResult(0))
                                  : Value()) {
      // A view: the same elements in the same buffer.
      auto it = bufferOf.find(source);
      if (it == bufferOf.end())
        return op.emitError("views a value the plan has no buffer for");
      bufferOf[op.getResult(0)] = it->second;
      if (loadTimeValues.contains(source))
        loadTimeValues.insert(op.getResult(0));
    } else if (isa<tensor::DimOp>(op) || isHostArithmetic(&op)) {
      // A size: traced where a dispatch uses it.
    } else if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      added = addResults(ret);
    } else {
      return op.emitError("'") << op.getName()
                               << "' is left in the host function after "
                                  "dispatch formation; halc cannot plan it";
    }
    if (failed(added))
      return failure();
  }
  plan.loadDispatchCount = plan.dispatches.size();
  llvm::append_range(plan.dispatches, callDispatches);
  // What halc-record-equal-sizes found the arguments must agree on.
  if (auto constraints = func->getAttrOfType<ArrayAttr>("halc.equal_sizes"))
    for (auto constraint : constraints.getAsRange<DenseI64ArrayAttr>()) {
      ArrayRef<int64_t> c = constraint.asArrayRef();
      EqualSize equal;
      equal.argument = c[0];
      equal.dimension = c[1];
      if (c[2] < 0) {
        equal.size = c[3];
      } else {
        equal.otherArgument = c[2];
        equal.otherDimension = c[3];
      }
      plan.equalSizes.push_back(equal);
    }
  return std::move(plan);
}

} // namespace

FailureOr<ModulePlan>
mlir::halc::plan::buildModulePlan(ModuleOp module,
                                  ArrayRef<std::string> executableNames) {
  ModulePlan plan;
  for (const std::string &name : executableNames) {
    auto executable = module.lookupSymbol<ExecutableOp>(name);
    plan.executables.emplace_back(
        name, executable.getTargetAttr().getBackend().str());
  }
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isPrivate())
      continue;
    FailureOr<FunctionPlan> function =
        FunctionPlanner(func, executableNames).build();
    if (failed(function))
      return failure();
    plan.functions.push_back(std::move(*function));
  }
  return plan;
}
