//===- FormDispatches.cpp - Functions to dispatches of one executable -----===//

#include "compiler/DispatchFormation/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

#include <functional>

namespace mlir::halc {
#define GEN_PASS_DEF_FORMDISPATCHESPASS
#include "compiler/DispatchFormation/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The element type of a binding holding elements of `type`: i1 is one byte
/// per element, as IREE stores it (SPIR-V has no booleans in buffers, and
/// LLVM packs vectors of i1 into bits).
Type getStorageType(Type type) {
  return type.isInteger(1) ? IntegerType::get(type.getContext(), 8) : type;
}

/// `tensor` with each element converted to `elementType` by a parallel
/// generic: bytes to i1 (non-zero is true) or i1 to bytes (0 or 1). It fuses
/// into the dispatch's root like any elementwise producer or consumer.
Value convertBooleans(OpBuilder &builder, Location loc, Value tensor,
                      Type elementType) {
  auto type = cast<RankedTensorType>(tensor.getType());
  Value init = tensor::EmptyOp::create(
      builder, loc, tensor::getMixedSizes(builder, loc, tensor), elementType);
  AffineMap identity = builder.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      builder, loc, init.getType(), tensor, init, {identity, identity},
      iterators, [&](OpBuilder &b, Location loc, ValueRange args) {
        Value converted =
            elementType.isInteger(1)
                ? Value(arith::CmpIOp::create(
                      b, loc, arith::CmpIPredicate::ne, args[0],
                      arith::ConstantIntOp::create(b, loc, args[0].getType(),
                                                   0)))
                : Value(arith::ExtUIOp::create(b, loc, elementType, args[0]));
        linalg::YieldOp::create(b, loc, converted);
      });
  return generic.getResult(0);
}

/// The value a chain of reshapes starts from: a result reshaped on its way
/// out is written through a reshaped view of its binding instead.
Value peelReshapes(Value value) {
  while (Operation *op = value.getDefiningOp()) {
    if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(op))
      break;
    value = op->getOperand(0);
  }
  return value;
}

/// Views the `binding` memref the way the reshapes between `source` and the
/// returned `value` view the tensor, innermost reshape last.
Value reshapeBinding(OpBuilder &builder, Value binding, Value value,
                     Value source) {
  if (value == source)
    return binding;
  Operation *reshape = value.getDefiningOp();
  Location loc = reshape->getLoc();
  Value view;
  if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(reshape)) {
    auto type =
        MemRefType::get(collapse.getSrcType().getShape(),
                        getStorageType(collapse.getSrcType().getElementType()));
    view = memref::ExpandShapeOp::create(builder, loc, type, binding,
                                         collapse.getReassociationIndices());
  } else {
    auto expand = cast<tensor::ExpandShapeOp>(reshape);
    view = memref::CollapseShapeOp::create(builder, loc, binding,
                                           expand.getReassociationIndices());
  }
  return reshapeBinding(builder, view, reshape->getOperand(0), source);
}

/// A constant tensor: a read-only buffer of the plan, bound like an
/// argument (a dense constant would be a global of the kernel otherwise).
bool isConstantTensor(Value value) {
  return isa<RankedTensorType>(value.getType()) &&
         value.getDefiningOp<arith::ConstantOp>();
}

/// Whether `value` is an argument or a constant tensor seen through
/// reshapes and casts: the same row-major elements, which the plan returns
/// from their own buffer with no dispatch.
bool isViewOfBuffer(Value value) {
  while (Operation *op = value.getDefiningOp()) {
    if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp, tensor::CastOp>(
            op))
      return isConstantTensor(value);
    value = op->getOperand(0);
  }
  return true;
}

/// Makes every returned value the result of a linalg op or a view of an
/// argument or constant: anything else (a slice, an insertion, a linalg
/// result returned a second time) gets a `linalg.copy`, so that each
/// written binding is the destination of the op a dispatch tiles.
void copyResultsNotFromLinalg(func::ReturnOp ret) {
  OpBuilder builder(ret);
  llvm::SmallPtrSet<Value, 4> seen;
  for (OpOperand &operand : ret->getOpOperands()) {
    Value value = operand.get();
    Value source = peelReshapes(value);
    if ((source.getDefiningOp<linalg::LinalgOp>() &&
         seen.insert(source).second) ||
        isViewOfBuffer(value))
      continue;
    auto type = cast<RankedTensorType>(value.getType());
    Value empty = tensor::EmptyOp::create(
        builder, value.getLoc(),
        tensor::getMixedSizes(builder, value.getLoc(), value),
        type.getElementType());
    auto copy = linalg::CopyOp::create(builder, value.getLoc(), value, empty);
    operand.set(copy->getResult(0));
  }
}

/// Ops that are not a dispatch of their own but are cloned into every
/// dispatch that uses them: empty tensors, scalar constants, reshapes,
/// slices, and fills whose result is not returned.
bool isCloned(Operation *op) {
  if (isa<linalg::FillOp>(op))
    return llvm::none_of(op->getUsers(), [](Operation *user) {
      return isa<func::ReturnOp>(user);
    });
  return !isa<linalg::LinalgOp, func::ReturnOp>(op);
}

/// The linalg ops whose results `op` reads, looking through cloned ops, and
/// the values from outside any op (arguments) it reads.
void collectProducers(Operation *op, SetVector<Operation *> &producers,
                      SetVector<Value> &leaves) {
  SetVector<Value> used(op->getOperands().begin(), op->getOperands().end());
  getUsedValuesDefinedAbove(op->getRegions(), used);
  for (Value operand : used) {
    Operation *def = operand.getDefiningOp();
    if (!def)
      leaves.insert(operand);
    else if (isCloned(def))
      collectProducers(def, producers, leaves);
    else
      producers.insert(def);
  }
}

/// The ops using `op`'s results, looking through cloned ops.
void collectConsumers(Operation *op, SetVector<Operation *> &consumers) {
  for (Operation *user : op->getUsers()) {
    // A read inside a body (tensor.extract) is a read by the op holding it.
    user = op->getBlock()->findAncestorOpInBlock(*user);
    if (isCloned(user))
      collectConsumers(user, consumers);
    else
      consumers.insert(user);
  }
}

/// The linalg ops whose results `op` reads through a reshape (looking
/// through cloned ops): a tile of the reshaped value is not a tile of the
/// producer's result, so these producers are not fused into `op`.
SetVector<Operation *> collectReshapedProducers(Operation *op) {
  SetVector<Operation *> producers;
  SetVector<Value> leaves;
  for (Value operand : op->getOperands()) {
    Operation *def = operand.getDefiningOp();
    while (def && isCloned(def) && def->getNumOperands() != 0 &&
           !isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(def))
      def = def->getOperand(0).getDefiningOp();
    if (isa_and_nonnull<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(def))
      collectProducers(def, producers, leaves);
  }
  return producers;
}

/// The linalg ops whose results `op`'s body reads by index (tensor.extract
/// of a value from above): such a read does not follow the tiles of `op`,
/// so these producers are not fused into it.
SetVector<Operation *> collectIndexedProducers(Operation *op) {
  SetVector<Value> captured;
  getUsedValuesDefinedAbove(op->getRegions(), captured);
  SetVector<Operation *> producers;
  SetVector<Value> leaves;
  for (Value value : captured) {
    Operation *def = value.getDefiningOp();
    if (!def)
      continue;
    if (isCloned(def))
      collectProducers(def, producers, leaves);
    else
      producers.insert(def);
  }
  return producers;
}

/// A parallel generic without inputs that reads its sources by index (a pad
/// or a concatenation): it fuses into any consumer, a convolution too.
bool readsByIndexOnly(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  return generic && generic.getNumDpsInputs() == 0 &&
         generic.getNumReductionLoops() == 0;
}

bool hasReduction(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && linalgOp.getNumReductionLoops() > 0;
}

/// Whether `consumer` reads a result of `producer` through an indexing map
/// that is not a permutation of its loops (it broadcasts the result).
bool broadcasts(Operation *consumer, Operation *producer) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(consumer);
  if (!linalgOp)
    return false;
  for (OpOperand &operand : linalgOp->getOpOperands()) {
    Operation *def = operand.get().getDefiningOp();
    while (def && def != producer && isCloned(def) && def->getNumOperands())
      def = def->getOperand(0).getDefiningOp();
    if (def == producer &&
        !linalgOp.getMatchingIndexingMap(&operand).isPermutation())
      return true;
  }
  return false;
}

/// Whether `op` works on rows: its loops all parallel but the innermost, a
/// row's elements, which is parallel (elementwise) or the one reduction loop
/// (into a result indexed by the other loops in order); each operand it reads
/// is indexed by some of its loops in order (all of them; all but the row's,
/// a value per row; the row's alone, a vector scaling each row). A chain of such ops over the same loops (a
/// softmax, a layer norm) is one dispatch: each workgroup takes whole rows
/// and runs the ops in turn, its threads sharing every row. Rows have one
/// or two loops (workgroup dimensions y and z).
bool isRowOp(Operation *op, unsigned loops) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || linalgOp.getNumLoops() != loops || loops < 2 || loops > 3 ||
      linalgOp.getNumParallelLoops() < loops - 1 ||
      linalgOp.getNumDpsInits() != 1 || linalgOp.hasIndexSemantics())
    return false;
  AffineMap all = AffineMap::getMultiDimIdentityMap(loops, op->getContext());
  bool reduces = linalgOp.getNumReductionLoops() == 1;
  if (reduces && linalgOp.getIteratorTypesArray().back() !=
                     utils::IteratorType::reduction)
    return false;
  if (linalgOp.getMatchingIndexingMap(linalgOp.getDpsInitOperand(0)) !=
      (reduces ? all.getMajorSubMap(loops - 1) : all))
    return false;
  return llvm::all_of(linalgOp.getDpsInputOperands(), [&](OpOperand *input) {
    AffineMap map = linalgOp.getMatchingIndexingMap(input);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
      return false;
    ArrayRef<AffineExpr> results = map.getResults();
    return llvm::is_sorted(results, [](AffineExpr a, AffineExpr b) {
      return cast<AffineDimExpr>(a).getPosition() <
             cast<AffineDimExpr>(b).getPosition();
    });
  });
}

/// One kernel: a root op with the producers fused into it.
struct Region {
  SmallVector<Operation *> members;
  bool hasReduction = false;

  /// Whether `producer` and the members are ops on the same rows, at least
  /// one of them a reduction (a row chain: see isRowOp).
  bool formsRowChainWith(Operation *producer) const {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(producer);
    if (!linalgOp || !isRowOp(producer, linalgOp.getNumLoops()))
      return false;
    bool reduces = hasReduction || ::hasReduction(producer);
    return reduces && llvm::all_of(members, [&](Operation *member) {
             return isRowOp(member, linalgOp.getNumLoops());
           });
  }
};

/// Splits the ops of `func` into regions, walking from the last op back: an
/// op no region has taken is the root of a new one, which then takes the
/// producers it can fuse: those whose every consumer is already in it, into
/// a consumer without reduction loops, elementwise ones any number, one
/// with reduction loops (a contraction feeding its bias and activation) if
/// the region has none yet and its result is not a scalar; into any
/// consumer, a generic that reads its sources by index (a lowered pad);
/// into a row chain, any op on the same rows (reductions too).
/// A producer whose result the consumer reads by index or through a
/// reshape is not fused: it is a dispatch of its own.
SmallVector<Region> formRegions(func::FuncOp func,
                                DenseMap<Operation *, unsigned> &regionOf) {
  SmallVector<Region> regions;
  SmallVector<Operation *> ops;
  for (Operation &op : func.getBody().front().without_terminator())
    if (!isCloned(&op))
      ops.push_back(&op);
  for (Operation *root : llvm::reverse(ops)) {
    if (regionOf.count(root))
      continue;
    unsigned id = regions.size();
    regions.push_back({{root}, hasReduction(root)});
    regionOf[root] = id;
    SmallVector<Operation *> worklist = {root};
    while (!worklist.empty()) {
      Operation *consumer = worklist.pop_back_val();
      bool consumerReduces = hasReduction(consumer);
      SetVector<Operation *> producers;
      SetVector<Value> leaves;
      collectProducers(consumer, producers, leaves);
      SetVector<Operation *> indexed = collectIndexedProducers(consumer);
      SetVector<Operation *> reshaped = collectReshapedProducers(consumer);
      for (Operation *producer : producers) {
        if (regionOf.count(producer) || indexed.contains(producer) ||
            reshaped.contains(producer))
          continue;
        bool rowChain = regions[id].formsRowChainWith(producer);
        if (consumerReduces && !readsByIndexOnly(producer) && !rowChain)
          continue;
        // A reduction fuses into its consumer's tiles only when its result
        // has a dimension to tile along (not a full reduction to a scalar)
        // and the consumer reads each element of it once: a consumer that
        // broadcasts it (a softmax's division by the row sum) would redo
        // the whole reduction for every element it computes, unless both
        // are ops of a row chain, which computes each row's reduction once.
        bool reduces = hasReduction(producer);
        if (reduces && !rowChain &&
            (regions[id].hasReduction ||
             llvm::any_of(producer->getResultTypes(),
                          [](Type type) {
                            return cast<ShapedType>(type).getRank() == 0;
                          }) ||
             broadcasts(consumer, producer)))
          continue;
        SetVector<Operation *> consumers;
        collectConsumers(producer, consumers);
        if (!llvm::all_of(consumers, [&](Operation *user) {
              auto it = regionOf.find(user);
              return it != regionOf.end() && it->second == id;
            }))
          continue;
        regionOf[producer] = id;
        regions[id].members.push_back(producer);
        regions[id].hasReduction |= reduces;
        worklist.push_back(producer);
      }
    }
  }
  for (Region &region : regions)
    llvm::sort(region.members, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
  return regions;
}

/// What a region reads (bindings before its outputs) and writes.
struct RegionInterface {
  SmallVector<Value> inputs;
  /// Scalar arguments of the function and sizes of tensors from outside
  /// the region that it reads (its first constants).
  SmallVector<Value> scalars;
  /// Results of members used by other regions.
  SmallVector<Value> outputs;
  /// Returned values (perhaps reshaped results of members) the region
  /// writes, with their positions in the return.
  SmallVector<std::pair<unsigned, Value>> returned;
  /// Cloned ops and members, in program order.
  SmallVector<Operation *> body;
};

RegionInterface getInterface(const Region &region, unsigned id,
                             const DenseMap<Operation *, unsigned> &regionOf,
                             func::ReturnOp ret) {
  RegionInterface interface;
  SetVector<Operation *> body;
  SetVector<Value> inputs;
  // Members and the cloned ops they read through, and what comes from
  // outside (arguments, results of other regions).
  auto isOutside = [&](Value value) {
    Operation *def = value.getDefiningOp();
    return !def || isConstantTensor(value) ||
           (!isCloned(def) && regionOf.lookup(def) != id);
  };
  // A size the host computes from sizes of tensors from outside (and
  // scalar arguments) is a constant it passes: not a reason to bind the
  // tensors, and a loop extent the plan can count workgroups over.
  std::function<bool(Value)> isHostSize = [&](Value value) {
    Operation *def = value.getDefiningOp();
    if (!def || !value.getType().isIndex() || matchPattern(def, m_Constant()))
      return false;
    if (auto dim = dyn_cast<tensor::DimOp>(def))
      return isOutside(dim.getSource());
    return isPure(def) && def->getNumRegions() == 0 &&
           llvm::all_of(def->getOperands(), [&](Value operand) {
             return isOutside(operand) || isHostSize(operand) ||
                    matchPattern(operand, m_Constant());
           });
  };
  std::function<void(Operation *)> pull = [&](Operation *op) {
    if (!body.insert(op))
      return;
    // Operands, and values a body region uses from above (constants).
    SetVector<Value> used(op->getOperands().begin(), op->getOperands().end());
    getUsedValuesDefinedAbove(op->getRegions(), used);
    for (Value operand : used) {
      if (isOutside(operand) || isHostSize(operand))
        inputs.insert(operand);
      else
        pull(operand.getDefiningOp());
    }
  };
  for (Operation *member : region.members)
    pull(member);
  for (Value input : inputs.takeVector()) {
    if (isa<RankedTensorType>(input.getType()))
      interface.inputs.push_back(input);
    else
      interface.scalars.push_back(input);
  }
  interface.body = body.takeVector();
  llvm::sort(interface.body,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (auto [index, value] : llvm::enumerate(ret.getOperands())) {
    Operation *producer = peelReshapes(value).getDefiningOp();
    if (producer && regionOf.lookup(producer) == id &&
        llvm::is_contained(region.members, producer))
      interface.returned.push_back({static_cast<unsigned>(index), value});
  }
  for (Operation *member : region.members) {
    for (Value result : member->getResults()) {
      SetVector<Operation *> consumers;
      collectConsumers(member, consumers);
      bool usedElsewhere = llvm::any_of(consumers, [&](Operation *user) {
        return !isa<func::ReturnOp>(user) && regionOf.lookup(user) != id;
      });
      // A result returned as it is is written once: other regions read
      // the returned buffer.
      bool returnedAsIs = llvm::any_of(interface.returned, [&](auto entry) {
        return entry.second == result;
      });
      if (usedElsewhere && !returnedAsIs)
        interface.outputs.push_back(result);
    }
  }
  return interface;
}

/// The regions in an order where each comes after those it reads from.
SmallVector<unsigned>
orderRegions(ArrayRef<RegionInterface> interfaces,
             const DenseMap<Operation *, unsigned> &regionOf) {
  SmallVector<unsigned> order;
  SmallVector<bool> placed(interfaces.size(), false);
  while (order.size() < interfaces.size()) {
    for (unsigned id = 0; id < interfaces.size(); ++id) {
      if (placed[id])
        continue;
      bool ready = llvm::all_of(interfaces[id].inputs, [&](Value input) {
        Operation *def = input.getDefiningOp();
        return !def || isConstantTensor(input) || placed[regionOf.lookup(def)];
      });
      if (!ready)
        continue;
      placed[id] = true;
      order.push_back(id);
    }
  }
  return order;
}

/// Whether `type` has a dynamic size after its outermost dimension: its
/// strides are known only at run time.
bool hasDynamicStrides(RankedTensorType type) {
  return llvm::any_of(type.getShape().drop_front(), ShapedType::isDynamic);
}

/// The binding of a tensor: a memref of its shape, or a flat one when its
/// strides are dynamic (a buffer of its elements, viewed at its sizes).
MemRefType getBindingType(Type type) {
  auto tensorType = cast<RankedTensorType>(type);
  Type element = getStorageType(tensorType.getElementType());
  if (hasDynamicStrides(tensorType))
    return MemRefType::get({ShapedType::kDynamic}, element);
  return MemRefType::get(tensorType.getShape(), element);
}

/// The row-major view of `binding` at `sizes`, the shape of `tensorType`.
Value viewBinding(OpBuilder &builder, Location loc, Value binding,
                  RankedTensorType tensorType, ArrayRef<OpFoldResult> sizes) {
  SmallVector<OpFoldResult> strides(sizes.size(), builder.getIndexAttr(1));
  for (int64_t dim = static_cast<int64_t>(sizes.size()) - 2; dim >= 0; --dim)
    strides[dim] = affine::makeComposedFoldedAffineApply(
        builder, loc,
        builder.getAffineSymbolExpr(0) * builder.getAffineSymbolExpr(1),
        {strides[dim + 1], sizes[dim + 1]});
  Type element = getStorageType(tensorType.getElementType());
  auto type = MemRefType::get(tensorType.getShape(), element);
  if (hasDynamicStrides(tensorType)) {
    SmallVector<int64_t> staticStrides =
        llvm::map_to_vector(strides, [](OpFoldResult stride) {
          return getConstantIntValue(stride).value_or(ShapedType::kDynamic);
        });
    type = MemRefType::get(
        tensorType.getShape(), element,
        StridedLayoutAttr::get(builder.getContext(), 0, staticStrides));
  }
  return memref::ReinterpretCastOp::create(
      builder, loc, type, binding, builder.getIndexAttr(0), sizes, strides);
}

/// The tensors a region binds, in binding order: inputs, outputs, returned.
SmallVector<Value> getBoundTensors(const RegionInterface &interface) {
  SmallVector<Value> tensors(interface.inputs);
  llvm::append_range(tensors, interface.outputs);
  for (auto [index, value] : interface.returned)
    tensors.push_back(value);
  return tensors;
}

/// A 32-bit constant of a dispatch: a scalar its region reads, or dynamic
/// dimension `dim` of its bound tensor `binding`.
struct DispatchConstant {
  Value scalar;
  unsigned binding = 0;
  int64_t dim = 0;
};

/// The constants of a region's dispatch in the one order that its kernel
/// loads them, the host passes them and its layout counts them: the scalars,
/// then the dynamic sizes of its bindings in binding order.
SmallVector<DispatchConstant>
getDispatchConstants(const RegionInterface &interface) {
  SmallVector<DispatchConstant> constants;
  for (Value scalar : interface.scalars)
    constants.push_back({scalar});
  for (auto [binding, tensor] : llvm::enumerate(getBoundTensors(interface))) {
    auto type = cast<RankedTensorType>(tensor.getType());
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        constants.push_back({Value(), unsigned(binding), dim});
  }
  return constants;
}

/// The constant `ordinal` of the dispatch as a value of `type`: the low
/// bits of the 32-bit word.
Value loadConstant(OpBuilder &builder, Location loc, int64_t ordinal,
                   Type type) {
  Value word =
      ConstantLoadOp::create(builder, loc, builder.getI32Type(), ordinal);
  if (type.isIndex())
    return arith::IndexCastUIOp::create(builder, loc, type, word);
  unsigned width = type.getIntOrFloatBitWidth();
  Type bits = builder.getIntegerType(width);
  if (width < 32)
    word = arith::TruncIOp::create(builder, loc, bits, word);
  if (isa<FloatType>(type))
    word = arith::BitcastOp::create(builder, loc, type, word);
  return word;
}

/// Builds the dispatch function `name` of a region: its inputs, then its
/// outputs and returned values as memref bindings, the tensor body between
/// to_tensor and materialize_in_destination, reading its constants
/// (getDispatchConstants); each dynamic binding is viewed at its size.
void buildDispatchFunction(OpBuilder &builder, StringRef name, Location loc,
                           const RegionInterface &interface) {
  SmallVector<Value> tensors = getBoundTensors(interface);
  SmallVector<Type> bindingTypes =
      llvm::map_to_vector(tensors, [](Value tensor) -> Type {
        return getBindingType(tensor.getType());
      });
  SmallVector<Location> bindingLocs = llvm::map_to_vector(
      tensors, [](Value tensor) { return tensor.getLoc(); });
  auto dispatch = func::FuncOp::create(
      builder, loc, name,
      FunctionType::get(builder.getContext(), bindingTypes, {}));
  Block *entry =
      builder.createBlock(&dispatch.getBody(), {}, bindingTypes, bindingLocs);
  OpBuilder body = OpBuilder::atBlockEnd(entry);

  IRMapping mapping;
  // Per bound tensor, its sizes: static, or the constant holding them.
  SmallVector<SmallVector<OpFoldResult>> sizes;
  for (Value tensor : tensors)
    sizes.push_back(getAsIndexOpFoldResult(
        builder.getContext(),
        cast<RankedTensorType>(tensor.getType()).getShape()));
  // Each binding is viewed as soon as its sizes are loaded.
  SmallVector<Value> views;
  auto viewBindingsBefore = [&](unsigned end) {
    for (unsigned index = views.size(); index < end; ++index) {
      Value binding = entry->getArgument(index);
      auto type = cast<RankedTensorType>(tensors[index].getType());
      views.push_back(type.hasStaticShape()
                          ? binding
                          : viewBinding(body, binding.getLoc(), binding, type,
                                        sizes[index]));
    }
  };
  for (auto [ordinal, constant] :
       llvm::enumerate(getDispatchConstants(interface))) {
    if (constant.scalar) {
      mapping.map(constant.scalar,
                  loadConstant(body, constant.scalar.getLoc(), ordinal,
                               constant.scalar.getType()));
      continue;
    }
    viewBindingsBefore(constant.binding);
    sizes[constant.binding][constant.dim] =
        loadConstant(body, tensors[constant.binding].getLoc(), ordinal,
                     body.getIndexType());
  }
  viewBindingsBefore(tensors.size());
  for (auto [index, input] : llvm::enumerate(interface.inputs)) {
    auto type = cast<RankedTensorType>(input.getType());
    Type element = type.getElementType();
    Value tensor = bufferization::ToTensorOp::create(
        body, input.getLoc(), type.clone(getStorageType(element)),
        views[index], /*restrict=*/true, /*writable=*/false);
    if (getStorageType(element) != element)
      tensor = convertBooleans(body, input.getLoc(), tensor, element);
    mapping.map(input, tensor);
  }
  for (Operation *op : interface.body)
    body.clone(*op, mapping);
  unsigned binding = interface.inputs.size();
  auto materialize = [&](Value tensor, Value destination) {
    Value stored = mapping.lookup(tensor);
    Type element = getElementTypeOrSelf(stored.getType());
    if (getStorageType(element) != element)
      stored = convertBooleans(body, loc, stored, getStorageType(element));
    auto op = bufferization::MaterializeInDestinationOp::create(
        body, loc, stored, destination);
    op.setRestrict(true);
    op.setWritable(true);
  };
  for (Value output : interface.outputs)
    materialize(output, views[binding++]);
  for (auto [index, value] : interface.returned) {
    Value source = peelReshapes(value);
    materialize(source, reshapeBinding(body, views[binding++], value, source));
  }
  func::ReturnOp::create(body, loc);
}

/// Sizes on the host: a dynamic dimension of a value of the old body, in
/// terms of what the host function has (its arguments, dispatch results).
class HostSizes {
public:
  HostSizes(OpBuilder &host, IRMapping &mapping)
      : host(host), mapping(mapping) {}

  /// Dimension `dim` of `tensor` (a value of the old body).
  FailureOr<Value> getDim(Value tensor, int64_t dim) {
    Location loc = tensor.getLoc();
    auto type = cast<RankedTensorType>(tensor.getType());
    if (!type.isDynamicDim(dim))
      return Value(
          arith::ConstantIndexOp::create(host, loc, type.getDimSize(dim)));
    if (isa<BlockArgument>(tensor) || mapping.contains(tensor))
      return Value(tensor::DimOp::create(host, loc,
                                         mapping.lookupOrDefault(tensor), dim));
    Operation *def = tensor.getDefiningOp();
    unsigned result = cast<OpResult>(tensor).getResultNumber();
    if (auto empty = dyn_cast<tensor::EmptyOp>(def))
      return materialize(empty.getDynamicSize(dim));
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(def))
      return getDim(dps.getDpsInitOperand(result)->get(), dim);
    // A cast keeps the size (the canonicalizer casts to shapes it infers).
    if (auto cast = dyn_cast<tensor::CastOp>(def))
      return getDim(cast.getSource(), dim);
    OpBuilder builder(def->getContext());
    builder.setInsertionPointAfter(def);
    ReifiedRankedShapedTypeDims shapes;
    if (failed(reifyResultShapes(builder, def, shapes)))
      return emitError(loc) << "halc cannot tell the size of dimension " << dim
                            << " of " << type << " before it runs";
    OpFoldResult size = shapes[result][dim];
    if (auto attr = dyn_cast<Attribute>(size))
      return Value(arith::ConstantIndexOp::create(
          host, loc, cast<IntegerAttr>(attr).getInt()));
    return materialize(cast<Value>(size));
  }

  /// A scalar of the old body (an argument, a size), rebuilt on the host.
  FailureOr<Value> materialize(Value value) {
    if (isa<BlockArgument>(value) || mapping.contains(value))
      return mapping.lookupOrDefault(value);
    Operation *def = value.getDefiningOp();
    if (auto dim = dyn_cast<tensor::DimOp>(def)) {
      std::optional<int64_t> index = dim.getConstantIndex();
      if (!index)
        return dim.emitError("halc computes sizes on the host only for a "
                             "constant dimension index");
      return getDim(dim.getSource(), *index);
    }
    if (def->getNumRegions() != 0 || !isPure(def))
      return def->emitError("halc cannot compute this size on the host");
    for (Value operand : def->getOperands()) {
      FailureOr<Value> rebuilt = materialize(operand);
      if (failed(rebuilt))
        return failure();
      mapping.map(operand, *rebuilt);
    }
    return host.clone(*def, mapping)
        ->getResult(cast<OpResult>(value).getResultNumber());
  }

private:
  OpBuilder &host;
  IRMapping &mapping;
};

/// `value` (isViewOfBuffer) rebuilt on the host: its argument or constant
/// with the same reshapes and casts, their sizes computed there.
FailureOr<Value> cloneView(OpBuilder &host, Value value, IRMapping &mapping,
                           HostSizes &sizes) {
  if (isa<BlockArgument>(value) || mapping.contains(value))
    return mapping.lookupOrDefault(value);
  Operation *def = value.getDefiningOp();
  for (auto [position, operand] : llvm::enumerate(def->getOperands())) {
    FailureOr<Value> rebuilt = position == 0
                                   ? cloneView(host, operand, mapping, sizes)
                                   : sizes.materialize(operand);
    if (failed(rebuilt))
      return failure();
    mapping.map(operand, *rebuilt);
  }
  return host.clone(*def, mapping)->getResult(0);
}

/// Replaces the body of `func` with the dispatches of its regions, in
/// `order`; the i-th region's entry point is `entryPoints[i]`. Each passes
/// the scalars its region reads and the dynamic sizes of its bindings.
LogicalResult replaceBodyWithDispatches(func::FuncOp func,
                                        ArrayRef<RegionInterface> interfaces,
                                        ArrayRef<unsigned> order,
                                        ArrayRef<SymbolRefAttr> entryPoints) {
  Block &block = func.getBody().front();
  auto ret = cast<func::ReturnOp>(block.getTerminator());
  OpBuilder builder = OpBuilder::atBlockEnd(&block);
  IRMapping mapping;
  HostSizes sizes(builder, mapping);
  SmallVector<Value> results(ret.getNumOperands());
  for (unsigned id : order) {
    const RegionInterface &interface = interfaces[id];
    // Constant tensors stay on the host, once each.
    for (Value input : interface.inputs)
      if (isConstantTensor(input) && !mapping.contains(input))
        builder.clone(*input.getDefiningOp(), mapping);
    SmallVector<Value> operands =
        llvm::map_to_vector(interface.inputs, [&](Value input) {
          return mapping.lookupOrDefault(input);
        });
    SmallVector<Value> tensors = getBoundTensors(interface);
    SmallVector<Value> constants, resultDims;
    for (const DispatchConstant &constant : getDispatchConstants(interface)) {
      FailureOr<Value> value =
          constant.scalar
              ? sizes.materialize(constant.scalar)
              : sizes.getDim(tensors[constant.binding], constant.dim);
      if (failed(value))
        return failure();
      constants.push_back(*value);
      if (!constant.scalar && constant.binding >= interface.inputs.size())
        resultDims.push_back(*value);
    }
    SmallVector<Type> types;
    for (Value output : interface.outputs)
      types.push_back(output.getType());
    for (auto [index, value] : interface.returned)
      types.push_back(value.getType());
    auto dispatch =
        DispatchOp::create(builder, func.getLoc(), types, entryPoints[id],
                           operands, constants, resultDims);
    unsigned next = 0;
    for (Value output : interface.outputs)
      mapping.map(output, dispatch.getResult(next++));
    for (auto [index, value] : interface.returned) {
      results[index] = dispatch.getResult(next++);
      mapping.map(value, results[index]);
    }
  }
  // Views of arguments and constants are rebuilt on the host: the plan
  // returns their buffers.
  for (auto [index, value] : llvm::enumerate(ret.getOperands())) {
    if (results[index])
      continue;
    FailureOr<Value> view = cloneView(builder, value, mapping, sizes);
    if (failed(view))
      return failure();
    results[index] = *view;
  }
  func::ReturnOp::create(builder, ret.getLoc(), results);
  // The old body (up to its return, with what sizing added to it), users
  // before producers.
  SmallVector<Operation *> oldOps;
  for (Operation &op : block) {
    oldOps.push_back(&op);
    if (&op == ret.getOperation())
      break;
  }
  for (Operation *op : llvm::reverse(oldOps))
    op->erase();
  return success();
}

/// Passes each distinct host value once: after CSE on the host, a size that
/// a dispatch got several times (read by its body and as a binding's size)
/// becomes one constant, and the kernel's loads are renumbered.
void dedupeConstants(func::FuncOp func, ModuleOp innerModule) {
  IRRewriter rewriter(func.getContext());
  DominanceInfo dominance;
  eliminateCommonSubExpressions(rewriter, dominance, func);
  func.walk([&](DispatchOp dispatch) {
    SmallVector<Value> unique;
    DenseMap<Value, int64_t> ordinalOf;
    SmallVector<int64_t> renumbered;
    for (Value constant : dispatch.getConstants()) {
      auto [it, inserted] = ordinalOf.try_emplace(constant, unique.size());
      if (inserted)
        unique.push_back(constant);
      renumbered.push_back(it->second);
    }
    if (unique.size() == dispatch.getConstants().size())
      return;
    StringRef name = dispatch.getEntryPoint().getLeafReference().getValue();
    auto kernel = innerModule.lookupSymbol<func::FuncOp>(name);
    auto exportOp = SymbolTable::lookupNearestSymbolFrom<ExportOp>(
        dispatch, dispatch.getEntryPoint());
    kernel.walk([&](ConstantLoadOp load) {
      load.setOrdinal(renumbered[load.getOrdinal()]);
    });
    LayoutAttr layout = exportOp.getLayout();
    exportOp.setLayoutAttr(LayoutAttr::get(
        func.getContext(), layout.getBindings(), unique.size()));
    dispatch.getConstantsMutable().assign(unique);
  });
}

struct FormDispatchesPass
    : public halc::impl::FormDispatchesPassBase<FormDispatchesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> publicFuncs;
    for (auto func : module.getOps<func::FuncOp>())
      if (func.isPublic() && !func.isDeclaration())
        publicFuncs.push_back(func);
    if (publicFuncs.empty())
      return;

    for (func::FuncOp func : publicFuncs)
      copyResultsNotFromLinalg(
          cast<func::ReturnOp>(func.getBody().front().getTerminator()));

    MLIRContext *context = module.getContext();
    std::string name =
        (module.getSymName() ? module.getSymName()->str() : "module") +
        "_linked";
    OpBuilder builder(context);
    auto executable = ExecutableOp::create(builder, module.getLoc(), name);
    SymbolTable(module).insert(executable, module.getBody()->begin());
    builder.setInsertionPointToEnd(&executable.getBody().front());
    auto innerModule = ModuleOp::create(builder, module.getLoc());

    unsigned ordinal = 0;
    for (func::FuncOp func : publicFuncs) {
      auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
      DenseMap<Operation *, unsigned> regionOf;
      SmallVector<Region> regions = formRegions(func, regionOf);
      std::vector<RegionInterface> interfaces;
      for (auto [id, region] : llvm::enumerate(regions))
        interfaces.push_back(getInterface(region, id, regionOf, ret));
      SmallVector<unsigned> order = orderRegions(interfaces, regionOf);

      SmallVector<SymbolRefAttr> entryPoints(regions.size());
      for (auto [position, id] : llvm::enumerate(order)) {
        const RegionInterface &interface = interfaces[id];
        // A function of one kernel keeps its name; several are numbered.
        std::string exportName =
            regions.size() == 1
                ? func.getName().str()
                : (func.getName() + "_dispatch_" + Twine(position)).str();
        SmallVector<BindingAccess> bindings(interface.inputs.size(),
                                            BindingAccess::ReadOnly);
        bindings.append(interface.outputs.size() + interface.returned.size(),
                        BindingAccess::ReadWrite);
        Location loc = regions[id].members.back()->getLoc();
        int64_t constants = getDispatchConstants(interface).size();
        builder.setInsertionPoint(innerModule);
        ExportOp::create(builder, loc, exportName, ordinal++,
                         LayoutAttr::get(context, bindings, constants),
                         /*workgroup_size=*/nullptr,
                         /*workgroup_count=*/nullptr,
                         /*workgroup_count_constants=*/nullptr);
        builder.setInsertionPointToEnd(innerModule.getBody());
        buildDispatchFunction(builder, exportName, loc, interface);
        entryPoints[id] =
            SymbolRefAttr::get(executable.getSymNameAttr(),
                               {FlatSymbolRefAttr::get(context, exportName)});
      }
      if (failed(
              replaceBodyWithDispatches(func, interfaces, order, entryPoints)))
        return signalPassFailure();
      dedupeConstants(func, innerModule);
    }
    // Functions that compute nothing (no results) need no executable.
    if (ordinal == 0)
      executable.erase();
  }
};

} // namespace

void mlir::halc::buildDispatchFormationPipeline(OpPassManager &pm) {
  pm.addPass(createConvertAccGemmToGemmPass());
  pm.addPass(createLowerToFusableLinalgPass());
  pm.addPass(createFoldEmptyLoopsPass());
  pm.addPass(createLinalgElementwiseOpFusionPass());
  pm.addPass(createSplitReductionsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createRecordEqualSizesPass());
  pm.addPass(createFormDispatchesPass());
}
