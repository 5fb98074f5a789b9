//===- FormDispatchRegions.cpp - Ops grouped into future dispatches -------===//

#include "compiler/DispatchFormation/HostSizes.h"
#include "compiler/DispatchFormation/LoadTime.h"
#include "compiler/DispatchFormation/Passes.h"
#include "compiler/DispatchFormation/Reshapes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

#include <functional>

namespace mlir::halc {
#define GEN_PASS_DEF_FORMDISPATCHREGIONSPASS
#include "compiler/DispatchFormation/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

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

/// Whether `producer` is a prologue of `consumer`: an elementwise op (a
/// cast, a dequantization: parallel loops, one result written in order, its
/// inputs read in order or broadcast) whose result the contraction
/// `consumer` reads as an operand, not as its accumulator. It fuses: each step
/// of the contraction computes it on the slice it reads
/// (halc-tile-and-distribute), and the operand is read from memory in its
/// narrower type. Not an op on another contraction's result (a bias and
/// GELU between two matmuls): that contraction's epilogue computes it once
/// an element, not once for every tile that reads it; nor one on a
/// reduction's (a layer norm's normalization, a softmax's division), which
/// ends a row chain, one dispatch with the reductions.
bool isPrologue(Operation *producer, Operation *consumer) {
  auto elementwise = dyn_cast<linalg::GenericOp>(producer);
  auto contraction = dyn_cast<linalg::LinalgOp>(consumer);
  if (!elementwise || !contraction ||
      !linalg::isaContractionOpInterface(contraction) ||
      elementwise.getNumResults() != 1 ||
      elementwise.getNumReductionLoops() != 0 ||
      !llvm::all_of(elementwise.getIndexingMapsArray(),
                    [](AffineMap map) {
                      // Read in order (all loops, or some: a broadcast), not
                      // transposed: its slice of a K step is then a slice of
                      // each input.
                      return map.isProjectedPermutation() &&
                             llvm::is_sorted(
                                 map.getResults(),
                                 [](AffineExpr a, AffineExpr b) {
                                   return cast<AffineDimExpr>(a).getPosition() <
                                          cast<AffineDimExpr>(b).getPosition();
                                 });
                    }) ||
      !elementwise.getIndexingMapsArray().back().isIdentity() ||
      llvm::any_of(elementwise.getDpsInputs(), [](Value input) {
        auto op = peelReshapes(input).getDefiningOp<linalg::LinalgOp>();
        return op && (linalg::isaContractionOpInterface(op) ||
                      op.getNumReductionLoops() > 0);
      }))
    return false;
  Value result = elementwise->getResult(0);
  return llvm::none_of(contraction.getDpsInits(),
                       [&](Value init) { return init == result; }) &&
         llvm::any_of(contraction.getDpsInputs(),
                      [&](Value input) { return input == result; });
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
/// a value per row; the row's alone, a vector scaling each row). A chain of
/// such ops over the same loops (a softmax, a layer norm) is one dispatch: each
/// workgroup takes whole rows and runs the ops in turn, its threads sharing
/// every row. Rows have one or two loops (workgroup dimensions y and z).
bool isRowOp(Operation *op, unsigned loops) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || linalgOp.getNumLoops() != loops || loops < 2 || loops > 3 ||
      linalgOp.getNumParallelLoops() < loops - 1 ||
      linalgOp.getNumDpsInits() != 1 || linalgOp.hasIndexSemantics())
    return false;
  AffineMap all = AffineMap::getMultiDimIdentityMap(loops, op->getContext());
  bool reduces = linalgOp.getNumReductionLoops() == 1;
  if (reduces &&
      linalgOp.getIteratorTypesArray().back() != utils::IteratorType::reduction)
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
/// into a contraction, an elementwise prologue of an operand (isPrologue),
/// without its own producers;
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
        if (staysApartFromCall(producer, consumer))
          continue;
        bool rowChain = regions[id].formsRowChainWith(producer);
        bool prologue = consumerReduces && isPrologue(producer, consumer);
        if (consumerReduces && !readsByIndexOnly(producer) && !rowChain &&
            !prologue)
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
        // A prologue, computed a K step at a time, reads bindings: what
        // produces its inputs (a transpose) runs before, a dispatch of its
        // own.
        if (!prologue)
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

/// What a region reads from above and what it yields.
struct RegionInterface {
  /// Tensors from outside: arguments, constants, other regions' results.
  SmallVector<Value> inputs;
  /// Scalar arguments of the function and sizes of tensors from outside
  /// the region that it reads: the host computes them.
  SmallVector<Value> scalars;
  /// Results of members used by other regions.
  SmallVector<Value> outputs;
  /// Returned values (perhaps reshaped results of members) the region
  /// writes.
  SmallVector<Value> returned;
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
  // Returned values of members, reshaped in the region as they are
  // returned.
  for (Value value : ret.getOperands()) {
    Operation *producer = peelReshapes(value).getDefiningOp();
    if (!producer || !llvm::is_contained(region.members, producer))
      continue;
    interface.returned.push_back(value);
    if (value.getDefiningOp() != producer)
      pull(value.getDefiningOp());
  }
  for (Value input : inputs.takeVector()) {
    if (isa<RankedTensorType>(input.getType()))
      interface.inputs.push_back(input);
    else
      interface.scalars.push_back(input);
  }
  interface.body = body.takeVector();
  llvm::sort(interface.body,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (Operation *member : region.members) {
    for (Value result : member->getResults()) {
      SetVector<Operation *> consumers;
      collectConsumers(member, consumers);
      bool usedElsewhere = llvm::any_of(consumers, [&](Operation *user) {
        return !isa<func::ReturnOp>(user) && regionOf.lookup(user) != id;
      });
      // A result returned as it is is written once: other regions read
      // the returned buffer.
      if (usedElsewhere && !llvm::is_contained(interface.returned, result))
        interface.outputs.push_back(result);
    }
  }
  return interface;
}

/// Replaces the ops of `func`'s regions with `halc.dispatch.region` ops,
/// each where its root stood.
LogicalResult formDispatchRegions(func::FuncOp func) {
  Block &block = func.getBody().front();
  auto ret = cast<func::ReturnOp>(block.getTerminator());
  copyResultsNotFromLinalg(ret);
  DenseMap<Operation *, unsigned> regionOf;
  SmallVector<Region> regions = formRegions(func, regionOf);
  std::vector<RegionInterface> interfaces;
  for (auto [id, region] : llvm::enumerate(regions))
    interfaces.push_back(getInterface(region, id, regionOf, ret));
  // In the order of their roots, each after those it reads from.
  SmallVector<unsigned> order =
      llvm::to_vector(llvm::seq<unsigned>(0, regions.size()));
  llvm::sort(order, [&](unsigned a, unsigned b) {
    return regions[a].members.back()->isBeforeInBlock(
        regions[b].members.back());
  });
  // What each region yields, to replace once all are built.
  IRMapping yielded;
  SmallVector<std::pair<Value, Value>> replacements;
  for (unsigned id : order) {
    const RegionInterface &interface = interfaces[id];
    Operation *root = regions[id].members.back();
    OpBuilder host(root->getContext());
    host.setInsertionPointAfter(root);
    HostSizes sizes(host, yielded);
    SmallVector<Value> results(interface.outputs);
    llvm::append_range(results, interface.returned);
    SmallVector<Value> resultDims;
    for (Value result : results) {
      auto type = cast<RankedTensorType>(result.getType());
      for (int64_t dim = 0; dim < type.getRank(); ++dim) {
        if (!type.isDynamicDim(dim))
          continue;
        FailureOr<Value> size = sizes.getDim(result, dim);
        if (failed(size))
          return failure();
        resultDims.push_back(*size);
      }
    }
    auto region = DispatchRegionOp::create(
        host, root->getLoc(), ValueRange(results).getTypes(), resultDims);
    OpBuilder body = OpBuilder::atBlockEnd(&region.getBody().emplaceBlock());
    // Tensors from earlier regions are their results; sizes the host has
    // after the root (a returned reshape's) are computed before it.
    IRMapping mapping;
    for (Value input : interface.inputs)
      mapping.map(input, yielded.lookupOrDefault(input));
    for (Value scalar : interface.scalars) {
      OpBuilder::InsertionGuard guard(host);
      host.setInsertionPoint(region);
      FailureOr<Value> value = sizes.materialize(scalar);
      if (failed(value))
        return failure();
      mapping.map(scalar, *value);
    }
    for (Operation *op : interface.body)
      body.clone(*op, mapping);
    YieldOp::create(body, root->getLoc(),
                    llvm::map_to_vector(results, [&](Value result) {
                      return mapping.lookup(result);
                    }));
    for (auto [result, replacement] :
         llvm::zip_equal(results, region.getResults())) {
      yielded.map(result, replacement);
      replacements.emplace_back(result, replacement);
    }
  }
  for (auto [result, replacement] : replacements)
    result.replaceAllUsesWith(replacement);
  // The members, and what the host computed from them or for them alone,
  // users before producers.
  SmallVector<Operation *> old;
  for (Operation &op : block.without_terminator())
    if (!isa<DispatchRegionOp>(op))
      old.push_back(&op);
  for (Operation *op : llvm::reverse(old))
    if (regionOf.count(op) || op->use_empty())
      op->erase();
  return success();
}

struct FormDispatchRegionsPass
    : public halc::impl::FormDispatchRegionsPassBase<FormDispatchRegionsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func.isPublic() || func.isDeclaration())
      return;
    if (failed(formDispatchRegions(func)))
      signalPassFailure();
  }
};

} // namespace
