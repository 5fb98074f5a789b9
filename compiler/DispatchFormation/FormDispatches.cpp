//===- FormDispatches.cpp - Functions to dispatches of one executable -----===//

#include "compiler/DispatchFormation/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
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
    auto type = MemRefType::get(collapse.getSrcType().getShape(),
                                collapse.getSrcType().getElementType());
    view = memref::ExpandShapeOp::create(builder, loc, type, binding,
                                         collapse.getReassociationIndices());
  } else {
    auto expand = cast<tensor::ExpandShapeOp>(reshape);
    view = memref::CollapseShapeOp::create(builder, loc, binding,
                                           expand.getReassociationIndices());
  }
  return reshapeBinding(builder, view, reshape->getOperand(0), source);
}

/// Makes every returned value the result of a linalg op: an argument or a
/// reshape returned as is gets a `linalg.copy`, so that each written binding
/// is the destination of the op a dispatch tiles.
void copyResultsNotFromLinalg(func::ReturnOp ret) {
  OpBuilder builder(ret);
  llvm::SmallPtrSet<Value, 4> seen;
  for (OpOperand &operand : ret->getOpOperands()) {
    Value value = peelReshapes(operand.get());
    bool fromLinalg = value.getDefiningOp<linalg::LinalgOp>() != nullptr;
    if (fromLinalg && seen.insert(value).second)
      continue;
    auto type = cast<RankedTensorType>(value.getType());
    Value empty = tensor::EmptyOp::create(builder, value.getLoc(),
                                          type.getShape(),
                                          type.getElementType());
    auto copy = linalg::CopyOp::create(builder, value.getLoc(), value, empty);
    operand.set(copy->getResult(0));
  }
}

/// A constant tensor: a read-only buffer of the plan, bound like an
/// argument (a dense constant would be a global of the kernel otherwise).
bool isConstantTensor(Value value) {
  return isa<RankedTensorType>(value.getType()) &&
         value.getDefiningOp<arith::ConstantOp>();
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

/// One kernel: a root op with the producers fused into it.
struct Region {
  SmallVector<Operation *> members;
  bool hasReduction = false;
};

/// Splits the ops of `func` into regions, walking from the last op back: an
/// op no region has taken is the root of a new one, which then takes the
/// producers it can fuse: those whose every consumer is already in it, into
/// a consumer without reduction loops, elementwise ones any number, one
/// with reduction loops (a contraction feeding its bias and activation) if
/// the region has none yet and its result is not a scalar; into any
/// consumer, a generic that reads its sources by index (a lowered pad).
/// A producer whose result the consumer reads by index is not fused.
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
      for (Operation *producer : producers) {
        if (regionOf.count(producer) || indexed.contains(producer))
          continue;
        if (consumerReduces && !readsByIndexOnly(producer))
          continue;
        // A reduction fuses into its consumer's tiles only when its result
        // has a dimension to tile along (not a full reduction to a scalar).
        bool reduces = hasReduction(producer);
        if (reduces && (regions[id].hasReduction ||
                        llvm::any_of(producer->getResultTypes(), [](Type type) {
                          return cast<ShapedType>(type).getRank() == 0;
                        })))
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
  std::function<void(Operation *)> pull = [&](Operation *op) {
    if (!body.insert(op))
      return;
    // Operands, and values a body region uses from above (constants).
    SetVector<Value> used(op->getOperands().begin(), op->getOperands().end());
    getUsedValuesDefinedAbove(op->getRegions(), used);
    for (Value operand : used) {
      Operation *def = operand.getDefiningOp();
      if (!def || isConstantTensor(operand) ||
          (!isCloned(def) && regionOf.lookup(def) != id))
        inputs.insert(operand);
      else
        pull(def);
    }
  };
  for (Operation *member : region.members)
    pull(member);
  interface.body = body.takeVector();
  llvm::sort(interface.body, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  interface.inputs = inputs.takeVector();
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
      bool returnedAsIs = llvm::any_of(
          interface.returned, [&](auto entry) { return entry.second == result; });
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

MemRefType toMemRef(Type type) {
  auto tensorType = cast<RankedTensorType>(type);
  return MemRefType::get(tensorType.getShape(), tensorType.getElementType());
}

/// Builds the dispatch function `name` of a region: its inputs, then its
/// outputs and returned values as memref bindings, the tensor body between
/// to_tensor and materialize_in_destination.
void buildDispatchFunction(OpBuilder &builder, StringRef name, Location loc,
                           const RegionInterface &interface) {
  SmallVector<Type> bindingTypes;
  SmallVector<Location> bindingLocs;
  for (Value input : interface.inputs) {
    bindingTypes.push_back(toMemRef(input.getType()));
    bindingLocs.push_back(input.getLoc());
  }
  for (Value output : interface.outputs) {
    bindingTypes.push_back(toMemRef(output.getType()));
    bindingLocs.push_back(output.getLoc());
  }
  for (auto [index, value] : interface.returned) {
    bindingTypes.push_back(toMemRef(value.getType()));
    bindingLocs.push_back(value.getLoc());
  }
  auto dispatch = func::FuncOp::create(
      builder, loc, name,
      FunctionType::get(builder.getContext(), bindingTypes, {}));
  Block *entry = builder.createBlock(&dispatch.getBody(), {}, bindingTypes,
                                     bindingLocs);
  OpBuilder body = OpBuilder::atBlockEnd(entry);

  IRMapping mapping;
  for (auto [index, input] : llvm::enumerate(interface.inputs)) {
    Value tensor = bufferization::ToTensorOp::create(
        body, input.getLoc(), input.getType(), entry->getArgument(index),
        /*restrict=*/true, /*writable=*/false);
    mapping.map(input, tensor);
  }
  for (Operation *op : interface.body)
    body.clone(*op, mapping);
  unsigned binding = interface.inputs.size();
  auto materialize = [&](Value tensor, Value destination) {
    auto op = bufferization::MaterializeInDestinationOp::create(
        body, loc, mapping.lookup(tensor), destination);
    op.setRestrict(true);
    op.setWritable(true);
  };
  for (Value output : interface.outputs)
    materialize(output, entry->getArgument(binding++));
  for (auto [index, value] : interface.returned) {
    Value source = peelReshapes(value);
    materialize(source, reshapeBinding(body, entry->getArgument(binding++),
                                       value, source));
  }
  func::ReturnOp::create(body, loc);
}

/// Replaces the body of `func` with the dispatches of its regions, in
/// `order`; the i-th region's entry point is `entryPoints[i]`.
void replaceBodyWithDispatches(func::FuncOp func,
                               ArrayRef<RegionInterface> interfaces,
                               ArrayRef<unsigned> order,
                               ArrayRef<SymbolRefAttr> entryPoints) {
  Block &block = func.getBody().front();
  auto ret = cast<func::ReturnOp>(block.getTerminator());
  SmallVector<Operation *> oldOps =
      llvm::map_to_vector(block, [](Operation &op) { return &op; });
  OpBuilder builder = OpBuilder::atBlockEnd(&block);
  IRMapping mapping;
  SmallVector<Value> results(ret.getNumOperands());
  for (unsigned id : order) {
    const RegionInterface &interface = interfaces[id];
    // Constant tensors stay on the host, once each.
    for (Value input : interface.inputs)
      if (isConstantTensor(input) && !mapping.contains(input))
        builder.clone(*input.getDefiningOp(), mapping);
    SmallVector<Value> operands = llvm::map_to_vector(
        interface.inputs, [&](Value input) { return mapping.lookupOrDefault(input); });
    SmallVector<Type> types;
    for (Value output : interface.outputs)
      types.push_back(output.getType());
    for (auto [index, value] : interface.returned)
      types.push_back(value.getType());
    auto dispatch = DispatchOp::create(builder, func.getLoc(), types,
                                       entryPoints[id], operands);
    unsigned next = 0;
    for (Value output : interface.outputs)
      mapping.map(output, dispatch.getResult(next++));
    for (auto [index, value] : interface.returned) {
      results[index] = dispatch.getResult(next++);
      mapping.map(value, results[index]);
    }
  }
  func::ReturnOp::create(builder, ret.getLoc(), results);
  // Users before producers: the old return first.
  for (Operation *op : llvm::reverse(oldOps))
    op->erase();
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
      SmallVector<RegionInterface> interfaces;
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
        builder.setInsertionPoint(innerModule);
        ExportOp::create(builder, loc, exportName, ordinal++,
                         LayoutAttr::get(context, bindings, /*constants=*/0),
                         /*workgroup_size=*/nullptr,
                         /*workgroup_count=*/nullptr);
        builder.setInsertionPointToEnd(innerModule.getBody());
        buildDispatchFunction(builder, exportName, loc, interface);
        entryPoints[id] = SymbolRefAttr::get(
            executable.getSymNameAttr(),
            {FlatSymbolRefAttr::get(context, exportName)});
      }
      replaceBodyWithDispatches(func, interfaces, order, entryPoints);
    }
  }
};

} // namespace

void mlir::halc::buildDispatchFormationPipeline(OpPassManager &pm) {
  pm.addPass(createLowerToFusableLinalgPass());
  pm.addPass(createLinalgElementwiseOpFusionPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createFormDispatchesPass());
}
