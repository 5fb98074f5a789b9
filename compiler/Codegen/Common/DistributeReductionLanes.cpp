//===- DistributeReductionLanes.cpp - A reduction shared by lanes ---------===//
//
// TileAndDistribute gives each thread of a forall marked halc.reduction_lanes
// a whole reduction: a serial loop that reads the accumulator from its output
// and writes it back each step. Here the forall gains the lanes as a new
// dimension, x for a row's reduction (the forall then holds rows on y and z)
// and y for a column's (the forall holds columns on x): each lane runs the
// loop over a strided share (lane * step, by lanes * step) into a private
// accumulator that starts at the combiner's identity. Neighbouring threads
// read neighbouring elements: loads are coalesced. Lanes that fill whole
// subgroups along x are combined by gpu.subgroup_reduce; lanes beyond one
// subgroup, along y, or on a target without one fixed subgroup size are
// combined through workgroup memory. Lane 0 alone writes the output and runs
// what follows the loop.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::halc {
#define GEN_PASS_DEF_DISTRIBUTEREDUCTIONLANESPASS
#include "compiler/Codegen/Common/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

using vector::CombiningKind;

/// The steps of a lane's loop over several reductions the target's compiler
/// unrolls together.
constexpr int64_t kUnrolledSteps = 4;

std::optional<gpu::AllReduceOperation> getSubgroupOperation(CombiningKind kind) {
  using O = gpu::AllReduceOperation;
  switch (kind) {
  case CombiningKind::ADD:
    return O::ADD;
  case CombiningKind::MUL:
    return O::MUL;
  case CombiningKind::MINUI:
    return O::MINUI;
  case CombiningKind::MINSI:
    return O::MINSI;
  case CombiningKind::MINNUMF:
    return O::MINNUMF;
  case CombiningKind::MAXUI:
    return O::MAXUI;
  case CombiningKind::MAXSI:
    return O::MAXSI;
  case CombiningKind::MAXNUMF:
    return O::MAXNUMF;
  case CombiningKind::AND:
    return O::AND;
  case CombiningKind::OR:
    return O::OR;
  case CombiningKind::XOR:
    return O::XOR;
  case CombiningKind::MINIMUMF:
    return O::MINIMUMF;
  case CombiningKind::MAXIMUMF:
    return O::MAXIMUMF;
  }
  return std::nullopt;
}

/// The value `kind` leaves unchanged, of `type`.
TypedAttr getIdentity(CombiningKind kind, Type type) {
  if (auto floatType = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    switch (kind) {
    case CombiningKind::ADD:
      return FloatAttr::get(type, llvm::APFloat::getZero(semantics));
    case CombiningKind::MUL:
      return FloatAttr::get(type, llvm::APFloat::getOne(semantics));
    case CombiningKind::MINNUMF:
    case CombiningKind::MINIMUMF:
      return FloatAttr::get(type, llvm::APFloat::getInf(semantics));
    case CombiningKind::MAXNUMF:
    case CombiningKind::MAXIMUMF:
      return FloatAttr::get(type, llvm::APFloat::getInf(semantics, true));
    default:
      return {};
    }
  }
  if (!type.isIntOrFloat())
    return {};
  unsigned width = type.getIntOrFloatBitWidth();
  switch (kind) {
  case CombiningKind::ADD:
  case CombiningKind::OR:
  case CombiningKind::XOR:
  case CombiningKind::MAXUI:
    return IntegerAttr::get(type, llvm::APInt::getZero(width));
  case CombiningKind::MUL:
    return IntegerAttr::get(type, llvm::APInt(width, 1));
  case CombiningKind::AND:
  case CombiningKind::MINUI:
    return IntegerAttr::get(type, llvm::APInt::getAllOnes(width));
  case CombiningKind::MINSI:
    return IntegerAttr::get(type, llvm::APInt::getSignedMaxValue(width));
  case CombiningKind::MAXSI:
    return IntegerAttr::get(type, llvm::APInt::getSignedMinValue(width));
  default:
    return {};
  }
}

/// The kind of reduction `op` makes of its operands, for the ops a
/// vectorized reduction step combines an accumulator with.
std::optional<CombiningKind> getCombiningKind(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<CombiningKind>>(op)
      .Case([](vector::MultiDimReductionOp op) { return op.getKind(); })
      .Case([](vector::ContractionOp op) { return op.getKind(); })
      .Case([](arith::AddFOp) { return CombiningKind::ADD; })
      .Case([](arith::AddIOp) { return CombiningKind::ADD; })
      .Case([](arith::MulFOp) { return CombiningKind::MUL; })
      .Case([](arith::MulIOp) { return CombiningKind::MUL; })
      .Case([](arith::MaxNumFOp) { return CombiningKind::MAXNUMF; })
      .Case([](arith::MinNumFOp) { return CombiningKind::MINNUMF; })
      .Case([](arith::MaximumFOp) { return CombiningKind::MAXIMUMF; })
      .Case([](arith::MinimumFOp) { return CombiningKind::MINIMUMF; })
      .Case([](arith::MaxSIOp) { return CombiningKind::MAXSI; })
      .Case([](arith::MinSIOp) { return CombiningKind::MINSI; })
      .Case([](arith::MaxUIOp) { return CombiningKind::MAXUI; })
      .Case([](arith::MinUIOp) { return CombiningKind::MINUI; })
      .Case([](arith::AndIOp) { return CombiningKind::AND; })
      .Case([](arith::OrIOp) { return CombiningKind::OR; })
      .Case([](arith::XOrIOp) { return CombiningKind::XOR; })
      .Default([](Operation *) { return std::nullopt; });
}

/// The reduction of one thread: the serial loop, and the accumulator it
/// reads and writes back each step, combined by `kind`.
struct ThreadReduction {
  scf::ForOp loop;
  CombiningKind kind;
  vector::TransferReadOp accRead;
  vector::TransferWriteOp accWrite;
};

/// The reduction of `forall`'s body in the shape TileAndDistribute and
/// vectorization leave it (one loop, directly in the forall, whose step
/// writes back the accumulator combined from what it read there: by a
/// multi-reduction, a contraction (a sum of products), or by one arith op
/// when a step reduces one element; one element, or a vector of them, each
/// its own reduction: a column of several rows), or none.
std::optional<ThreadReduction> findThreadReduction(scf::ForallOp forall) {
  std::optional<ThreadReduction> found;
  bool unique = true;
  forall.walk([&](vector::TransferWriteOp write) {
    auto loop = dyn_cast<scf::ForOp>(write->getParentOp());
    Operation *combine = write.getVector().getDefiningOp();
    std::optional<CombiningKind> kind =
        combine ? getCombiningKind(combine) : std::nullopt;
    if (!loop || !kind)
      return;
    for (Value operand : combine->getOperands()) {
      auto read = operand.getDefiningOp<vector::TransferReadOp>();
      if (!read || read.getBase() != write.getBase() ||
          read.getIndices() != write.getIndices() ||
          read->getParentOp() != loop)
        continue;
      unique &= !found;
      found = ThreadReduction{loop, *kind, read, write};
      return;
    }
  });
  auto writesInLoop = [](scf::ForOp loop) {
    int64_t writes = 0;
    loop.walk([&](Operation *op) {
      writes += isa<vector::TransferWriteOp, vector::StoreOp, memref::StoreOp>(op);
    });
    return writes;
  };
  // A step that writes anything else (a second accumulator) is not one
  // reduction.
  if (!found || !unique || writesInLoop(found->loop) != 1 ||
      found->loop->getParentOp() != forall ||
      found->loop.getNumResults() != 0 ||
      !found->accWrite.getVector().hasOneUse())
    return std::nullopt;
  auto memref = dyn_cast<MemRefType>(found->accRead.getBase().getType());
  if (!memref || !memref.hasStaticShape() ||
      !getSubgroupOperation(found->kind) ||
      !getIdentity(found->kind, memref.getElementType()))
    return std::nullopt;
  return found;
}

/// Makes the step of `found` accumulate in `accVectorType` (f32) in
/// `privateAcc`: the elements it combines are extended first.
void widenStep(RewriterBase &rewriter, ThreadReduction found,
               Value privateAcc, VectorType accVectorType) {
  Operation *combine = found.accWrite.getVector().getDefiningOp();
  Location loc = combine->getLoc();
  rewriter.setInsertionPoint(combine);
  SmallVector<Value> indices(found.accRead.getIndices());
  SmallVector<bool> inBounds = found.accRead.getInBoundsValues();
  Value acc = vector::TransferReadOp::create(
      rewriter, loc, accVectorType, privateAcc, indices, std::optional<Value>(),
      ArrayRef<bool>(inBounds));
  auto extend = [&](Value elements) -> Value {
    auto type = cast<VectorType>(elements.getType());
    return arith::ExtFOp::create(
        rewriter, loc,
        VectorType::get(type.getShape(), accVectorType.getElementType()),
        elements);
  };
  Value elements = combine->getOperand(0) == found.accRead.getResult()
                       ? combine->getOperand(1)
                       : combine->getOperand(0);
  Value result;
  if (auto contract = dyn_cast<vector::ContractionOp>(combine)) {
    Value lhs = extend(contract.getLhs());
    Value rhs = extend(contract.getRhs());
    result = vector::ContractionOp::create(
        rewriter, loc, lhs, rhs, acc, contract.getIndexingMaps(),
        contract.getIteratorTypes(), contract.getKind());
  } else if (auto reduction = dyn_cast<vector::MultiDimReductionOp>(combine))
    result = vector::MultiDimReductionOp::create(
        rewriter, loc, extend(elements), acc, reduction.getReductionMask(),
        found.kind);
  else
    result = vector::makeArithReduction(rewriter, loc, found.kind, acc,
                                        extend(elements));
  rewriter.setInsertionPoint(found.accWrite);
  vector::TransferWriteOp::create(rewriter, loc, result, privateAcc, indices,
                                  ArrayRef<bool>(inBounds));
  rewriter.eraseOp(found.accWrite);
  rewriter.eraseOp(combine);
  rewriter.eraseOp(found.accRead);
}

/// Combines the lanes' results `total` (a scalar, or a vector of
/// reductions) through workgroup memory, laid out as the workgroup's threads
/// with the lanes' dimension `lanesDim` shrunk to one slot per `perSlot`
/// lanes (a subgroup that combined its lanes already, or each lane), each
/// slot the shape of `total`: the first lane of each slot stores, a barrier,
/// and lane 0 folds the slots of its reduction (the value of the other lanes
/// is unused). Every thread must reach the barrier: the caller ensures that
/// no guard skips one.
Value combineThroughWorkgroupMemory(RewriterBase &rewriter, Location loc,
                                    Value total, Value lane, Value isLaneZero,
                                    unsigned lanesDim, CombiningKind kind,
                                    int64_t lanes, int64_t perSlot,
                                    ArrayRef<int64_t> workgroupSize) {
  MLIRContext *context = rewriter.getContext();
  int64_t slots = lanes / perSlot;
  Type type = total.getType();
  // Indexed [z][y][x] by thread id, the lanes' dimension by slot.
  SmallVector<int64_t> shape = {workgroupSize[2], workgroupSize[1],
                                workgroupSize[0]};
  unsigned lanesAxis = 2 - lanesDim;
  shape[lanesAxis] = slots;
  // A vector's elements are a dimension before x: the threads along x of
  // one element are neighbours in memory (no two in one bank).
  auto vectorType = dyn_cast<VectorType>(type);
  if (vectorType)
    shape.insert(shape.begin() + 2, vectorType.getNumElements());
  auto workgroup =
      gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup);
  auto sharedType = MemRefType::get(shape, getElementTypeOrSelf(type),
                                    MemRefLayoutAttrInterface(), workgroup);
  Value shared;
  {
    OpBuilder::InsertionGuard guard(rewriter);
    auto dispatch = lane.getParentBlock()->getParentOp()
                        ->getParentOfType<func::FuncOp>();
    rewriter.setInsertionPointToStart(&dispatch.getBody().front());
    shared = memref::AllocOp::create(rewriter, loc, sharedType);
  }
  SmallVector<Value> indices;
  for (gpu::Dimension dim :
       {gpu::Dimension::z, gpu::Dimension::y, gpu::Dimension::x})
    indices.push_back(gpu::ThreadIdOp::create(rewriter, loc, dim));
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  // A vector goes element by element.
  auto elementAt = [&](SmallVector<Value> at, int64_t element) {
    at.insert(at.begin() + 2,
              arith::ConstantIndexOp::create(rewriter, loc, element));
    return at;
  };
  auto store = [&](Value value, SmallVector<Value> at) {
    if (!vectorType)
      return (void)memref::StoreOp::create(rewriter, loc, value, shared, at);
    Value flat = vector::ShapeCastOp::create(
        rewriter, loc,
        VectorType::get({vectorType.getNumElements()},
                        vectorType.getElementType()),
        value);
    for (int64_t i = 0; i < vectorType.getNumElements(); ++i)
      memref::StoreOp::create(rewriter, loc,
                              vector::ExtractOp::create(rewriter, loc, flat, i),
                              shared, elementAt(at, i));
  };
  auto load = [&](SmallVector<Value> at) -> Value {
    if (!vectorType)
      return memref::LoadOp::create(rewriter, loc, shared, at);
    SmallVector<Value> elements;
    for (int64_t i = 0; i < vectorType.getNumElements(); ++i)
      elements.push_back(
          memref::LoadOp::create(rewriter, loc, shared, elementAt(at, i)));
    return vector::FromElementsOp::create(rewriter, loc, vectorType, elements);
  };
  Value slotSize = arith::ConstantIndexOp::create(rewriter, loc, perSlot);
  Value isFirstOfSlot = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(rewriter, loc, lane, slotSize), zero);
  auto firstOfSlot = scf::IfOp::create(rewriter, loc, isFirstOfSlot,
                                       /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(firstOfSlot.thenBlock()->getTerminator());
    SmallVector<Value> at = indices;
    at[lanesAxis] = arith::DivUIOp::create(rewriter, loc, lane, slotSize);
    store(total, at);
  }
  gpu::BarrierOp::create(rewriter, loc);
  TypedAttr identityAttr = getIdentity(kind, getElementTypeOrSelf(type));
  if (vectorType)
    identityAttr = DenseElementsAttr::get(vectorType, identityAttr);
  Value identity = arith::ConstantOp::create(rewriter, loc, identityAttr);
  auto fold = scf::IfOp::create(rewriter, loc, TypeRange{type}, isLaneZero,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(fold.elseBlock());
  scf::YieldOp::create(rewriter, loc, identity);
  rewriter.setInsertionPointToStart(fold.thenBlock());
  auto slotLoop = scf::ForOp::create(
      rewriter, loc, zero, arith::ConstantIndexOp::create(rewriter, loc, slots),
      one, ValueRange{identity});
  rewriter.setInsertionPointToStart(slotLoop.getBody());
  SmallVector<Value> at = indices;
  at[lanesAxis] = slotLoop.getInductionVar();
  Value loaded = load(at);
  scf::YieldOp::create(
      rewriter, loc,
      vector::makeArithReduction(rewriter, loc, kind,
                                 slotLoop.getRegionIterArg(0), loaded));
  rewriter.setInsertionPointAfter(slotLoop);
  scf::YieldOp::create(rewriter, loc, slotLoop.getResult(0));
  return fold.getResult(0);
}

/// Whether MapForallToGPU maps `forall`, given `lanes` along `lanesDim`, to
/// the workgroup's threads without a guard: each dimension has as many
/// iterations as the workgroup has threads along it, and the workgroup has
/// no other threads.
bool runsUnguarded(scf::ForallOp forall, unsigned lanesDim, int64_t lanes,
                   ArrayRef<int64_t> workgroupSize) {
  SmallVector<int64_t> used(3, 1);
  used[lanesDim] = lanes;
  for (auto [attr, lb, ub, step] :
       llvm::zip(forall.getMappingAttr().getValue(),
                 forall.getMixedLowerBound(), forall.getMixedUpperBound(),
                 forall.getMixedStep())) {
    std::optional<int64_t> lower = getConstantIntValue(lb);
    std::optional<int64_t> upper = getConstantIntValue(ub);
    std::optional<int64_t> stride = getConstantIntValue(step);
    if (!lower || !upper || !stride)
      return false;
    auto dim = static_cast<unsigned>(
        cast<gpu::GPUThreadMappingAttr>(attr).getThread());
    used[dim] = llvm::divideCeil(*upper - *lower, *stride);
  }
  return ArrayRef<int64_t>(used) == workgroupSize;
}

/// Whether no step of `loop` reads a buffer that a step writes: each step
/// computes elements of its own (a reduction reads its accumulator back).
bool stepsAreIndependent(scf::ForOp loop) {
  llvm::SmallPtrSet<Value, 4> read, written;
  WalkResult walk = loop.getBody()->walk([&](Operation *op) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()
                 ? WalkResult::advance()
                 : WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &effect : instances) {
      Value buffer = effect.getValue();
      if (!buffer)
        continue;
      if (isa<MemoryEffects::Write>(effect.getEffect()))
        written.insert(getViewedBuffer(buffer));
      else if (isa<MemoryEffects::Read>(effect.getEffect()))
        read.insert(getViewedBuffer(buffer));
    }
    return WalkResult::advance();
  });
  return !walk.wasInterrupted() &&
         llvm::none_of(written, [&](Value v) { return read.contains(v); });
}

/// The serial loop over a row that is the whole work of `forall`'s thread
/// and reduces nothing (the elementwise root of a row chain), or none.
scf::ForOp findRowLoop(scf::ForallOp forall) {
  scf::ForOp loop;
  for (Operation &op : forall.getBody()->without_terminator()) {
    if (auto found = dyn_cast<scf::ForOp>(op)) {
      if (loop || found.getNumResults() != 0)
        return {};
      loop = found;
      continue;
    }
    // Anything else the thread does besides the loop each lane would redo.
    if (!isPure(&op))
      return {};
  }
  return loop && stepsAreIndependent(loop) ? loop : scf::ForOp();
}

/// Whether `forall`'s thread runs no loop: an epilogue applied to the
/// outputs of the reduction before it (a contraction's bias), which lane 0
/// wrote and so applies.
bool isEpilogueStage(scf::ForallOp forall) {
  return !forall.getBody()
              ->walk(
                  [](LoopLikeOpInterface) { return WalkResult::interrupt(); })
              .wasInterrupted();
}

/// Makes lane `lane` of `lanes` run every lanes-th step of `loop`: steps
/// of neighbouring lanes are neighbours in memory.
void strideOverLanes(RewriterBase &rewriter, scf::ForOp loop, Value lane,
                     int64_t lanes) {
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  Value start = arith::AddIOp::create(
      rewriter, loc, loop.getLowerBound(),
      arith::MulIOp::create(rewriter, loc, lane, loop.getStep()));
  Value stride = arith::MulIOp::create(
      rewriter, loc, loop.getStep(),
      arith::ConstantIndexOp::create(rewriter, loc, lanes));
  rewriter.modifyOpInPlace(loop, [&] {
    loop.setLowerBound(start);
    loop.setStep(stride);
  });
}

/// Whether `lane` is lane 0, compared at the start of `body`.
Value createIsLaneZero(RewriterBase &rewriter, Location loc, Value lane,
                       Block *body) {
  rewriter.setInsertionPointToStart(body);
  return arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::eq, lane,
      arith::ConstantIndexOp::create(rewriter, loc, 0));
}

/// Moves what follows the insertion point in its block into an scf.if on
/// `isLaneZero`; returns the block it runs in.
Block *guardRestOnLaneZero(RewriterBase &rewriter, Location loc,
                           Value isLaneZero) {
  auto guard = scf::IfOp::create(rewriter, loc, isLaneZero,
                                 /*withElseRegion=*/false);
  Block *then = guard.thenBlock();
  Block *body = guard->getBlock();
  for (Operation &op : llvm::make_early_inc_range(
           llvm::make_range(std::next(guard->getIterator()), body->end())))
    if (!op.hasTrait<OpTrait::IsTerminator>())
      rewriter.moveOpBefore(&op, then->getTerminator());
  return then;
}

/// Replaces `forall` by a forall with the lanes as a new leading dimension,
/// mapped to x or y (`lanesDim`), around the same body; returns the lane.
Value addLanesDimension(RewriterBase &rewriter, scf::ForallOp forall,
                        int64_t lanes, unsigned lanesDim) {
  Location loc = forall.getLoc();
  MLIRContext *context = forall.getContext();
  SmallVector<OpFoldResult> lbs = {rewriter.getIndexAttr(0)};
  SmallVector<OpFoldResult> ubs = {rewriter.getIndexAttr(lanes)};
  SmallVector<OpFoldResult> steps = {rewriter.getIndexAttr(1)};
  llvm::append_range(lbs, forall.getMixedLowerBound());
  llvm::append_range(ubs, forall.getMixedUpperBound());
  llvm::append_range(steps, forall.getMixedStep());
  SmallVector<Attribute> mapping = {gpu::GPUThreadMappingAttr::get(
      context, lanesDim ? gpu::MappingId::DimY : gpu::MappingId::DimX)};
  llvm::append_range(mapping, forall.getMappingAttr().getValue());
  rewriter.setInsertionPoint(forall);
  auto shared = scf::ForallOp::create(rewriter, loc, lbs, ubs, steps,
                                      ValueRange(), rewriter.getArrayAttr(mapping));
  Block *body = shared.getBody();
  rewriter.eraseOp(body->getTerminator());
  SmallVector<Value> ivs(body->getArguments().drop_front());
  rewriter.inlineBlockBefore(forall.getBody(), body, body->end(), ivs);
  rewriter.eraseOp(forall);
  return body->getArgument(0);
}

/// Rewrites `forall` (marked with `lanes`) as described at the top, or, when
/// its thread's work is a loop over a row that reduces nothing (the root of
/// a row chain), spreads that loop's steps over the lanes, or, when it runs
/// no loop (an epilogue), gives it to lane 0; an error when its work is none
/// of these (the strategy shares what halc cannot). The lanes go to
/// x unless the forall uses x (a column's reduction: y). `subgroupSize` is the
/// target's one subgroup size, 0 when subgroup operations cannot combine lanes;
/// `unrollsMarkedLoops`, whether its compiler unrolls a loop halc marks.
LogicalResult distribute(RewriterBase &rewriter, scf::ForallOp forall,
                         int64_t lanes, int64_t subgroupSize,
                         bool unrollsMarkedLoops,
                         ArrayRef<int64_t> workgroupSize) {
  std::optional<ThreadReduction> found = findThreadReduction(forall);
  scf::ForOp rowLoop = found ? scf::ForOp() : findRowLoop(forall);
  bool epilogue = !found && !rowLoop && isEpilogueStage(forall);
  if (!found && !rowLoop && !epilogue)
    return forall.emitOpError("is shared among ")
           << lanes << " reduction lanes, but a thread's work is neither a "
           << "serial reduction nor a loop over a row";
  bool usesX = llvm::any_of(forall.getMappingAttr(), [](Attribute attr) {
    return cast<gpu::GPUThreadMappingAttr>(attr).getThread() ==
           gpu::MappingId::DimX;
  });
  unsigned lanesDim = usesX ? 1 : 0;
  if (workgroupSize[lanesDim] != lanes)
    return forall.emitOpError("has ")
           << lanes << " reduction lanes but the workgroup has "
           << workgroupSize[lanesDim] << " threads along "
           << (lanesDim ? "y" : "x");
  if (rowLoop) {
    Value lane = addLanesDimension(rewriter, forall, lanes, lanesDim);
    strideOverLanes(rewriter, rowLoop, lane, lanes);
    return success();
  }
  if (epilogue) {
    Location loc = forall.getLoc();
    Value lane = addLanesDimension(rewriter, forall, lanes, lanesDim);
    Value isLaneZero =
        createIsLaneZero(rewriter, loc, lane, lane.getParentBlock());
    guardRestOnLaneZero(rewriter, loc, isLaneZero);
    return success();
  }
  // Subgroup operations combine one element's lanes along x that fill
  // whole subgroups.
  scf::ForOp loop = found->loop;
  Value accumulator = found->accRead.getBase();
  auto accType = cast<MemRefType>(accumulator.getType());
  auto vectorType = cast<VectorType>(found->accRead.getType());
  bool scalar = vectorType.getNumElements() == 1;
  bool useSubgroups =
      scalar && !usesX && subgroupSize > 0 && lanes % subgroupSize == 0;
  int64_t perSlot = useSubgroups ? subgroupSize : 1;
  bool viaWorkgroupMemory = lanes > perSlot;
  if (viaWorkgroupMemory &&
      !runsUnguarded(forall, lanesDim, lanes, workgroupSize))
    return forall.emitOpError("shares each reduction among ")
           << lanes << " lanes through workgroup memory, but some "
           << "threads of a workgroup would skip the barrier: the "
           << "workgroup tile must fill the workgroup";
  Location loc = forall.getLoc();
  Value lane = addLanesDimension(rewriter, forall, lanes, lanesDim);
  Block *body = lane.getParentBlock();
  CombiningKind kind = found->kind;

  // What writes to the output before the loop (its initial value) is lane
  // 0's alone.
  Value isLaneZero;
  auto onLaneZero = [&](Operation *op) {
    rewriter.setInsertionPoint(op);
    auto guard = scf::IfOp::create(rewriter, op->getLoc(), isLaneZero,
                                   /*withElseRegion=*/false);
    rewriter.moveOpBefore(op, guard.thenBlock()->getTerminator());
  };
  isLaneZero = createIsLaneZero(rewriter, loc, lane, body);
  for (Operation &op : llvm::make_early_inc_range(*body)) {
    if (&op == loop.getOperation())
      break;
    if (isa<vector::TransferWriteOp, memref::StoreOp>(op))
      onLaneZero(&op);
  }

  // The lane's accumulator, from the identity; its strided share. An f16
  // sum or product accumulates in f32: an f16 accumulator stops growing
  // once it is large next to each step.
  Type element = accType.getElementType();
  bool widen = element.isF16() && found->accRead->hasOneUse() &&
               (kind == CombiningKind::ADD || kind == CombiningKind::MUL);
  Type accElement = widen ? rewriter.getF32Type() : element;
  auto accVectorType = VectorType::get(vectorType.getShape(), accElement);
  rewriter.setInsertionPoint(loop);
  auto privateAcc = memref::AllocaOp::create(
      rewriter, loc, MemRefType::get(accType.getShape(), accElement));
  Value identity = arith::ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(accVectorType, getIdentity(kind, accElement)));
  SmallVector<Value> indices(found->accRead.getIndices());
  SmallVector<bool> inBounds = found->accRead.getInBoundsValues();
  vector::TransferWriteOp::create(rewriter, loc, identity, privateAcc, indices,
                                  ArrayRef<bool>(inBounds));
  strideOverLanes(rewriter, loop, lane, lanes);
  // Several reductions a thread (a column of several rows) load little a
  // step: the target's compiler unrolls the loop four steps at a time, more
  // loads in flight (its trip count depends on the lane, so LLVM would not
  // on its own: 16 rows ran 1.8x faster through CUDA on an H100). SPIR-V
  // has no such count for halc's version; NVIDIA's Vulkan driver unrolls
  // the loop anyway.
  if (!scalar && unrollsMarkedLoops)
    loop->setAttr(kUnrollAttrName, rewriter.getI64IntegerAttr(kUnrolledSteps));
  if (widen) {
    widenStep(rewriter, *found, privateAcc, accVectorType);
  } else {
    rewriter.modifyOpInPlace(found->accRead, [&] {
      found->accRead.getBaseMutable().assign(privateAcc);
    });
    rewriter.modifyOpInPlace(found->accWrite, [&] {
      found->accWrite.getBaseMutable().assign(privateAcc);
    });
  }

  // The lanes' accumulators combined; lane 0 adds the output's initial value
  // and runs the rest.
  rewriter.setInsertionPointAfter(loop);
  Value partial = vector::TransferReadOp::create(
      rewriter, loc, accVectorType, privateAcc, indices, std::optional<Value>(),
      ArrayRef<bool>(inBounds));
  SmallVector<int64_t> zeros(vectorType.getRank(), 0);
  Value total = scalar
                    ? vector::ExtractOp::create(rewriter, loc, partial, zeros)
                    : partial;
  if (useSubgroups)
    total = gpu::SubgroupReduceOp::create(
        rewriter, loc, total, *getSubgroupOperation(kind), /*uniform=*/false);
  if (viaWorkgroupMemory)
    total = combineThroughWorkgroupMemory(rewriter, loc, total, lane,
                                          isLaneZero, lanesDim, kind, lanes,
                                          perSlot, workgroupSize);
  Block *then = guardRestOnLaneZero(rewriter, loc, isLaneZero);
  rewriter.setInsertionPointToStart(then);
  Value initial = vector::TransferReadOp::create(
      rewriter, loc, vectorType, accumulator, indices, std::optional<Value>(),
      ArrayRef<bool>(inBounds));
  Value initialValue =
      scalar ? vector::ExtractOp::create(rewriter, loc, initial, zeros)
             : initial;
  if (widen)
    initialValue = arith::ExtFOp::create(
        rewriter, loc, scalar ? accElement : Type(accVectorType), initialValue);
  Value combined =
      vector::makeArithReduction(rewriter, loc, kind, initialValue, total);
  if (widen)
    combined = arith::TruncFOp::create(
        rewriter, loc, scalar ? element : Type(vectorType), combined);
  if (scalar)
    combined = vector::BroadcastOp::create(rewriter, loc, vectorType, combined);
  vector::TransferWriteOp::create(rewriter, loc, combined, accumulator, indices,
                                  ArrayRef<bool>(inBounds));
  return success();
}

LogicalResult distributeDispatch(ExportOp exportOp, func::FuncOp dispatch,
                                 TargetAttr target) {
  IRRewriter rewriter(dispatch.getContext());
  SmallVector<scf::ForallOp> marked;
  dispatch.walk([&](scf::ForallOp forall) {
    if (forall->hasAttr(kReductionLanesAttrName))
      marked.push_back(forall);
  });
  for (scf::ForallOp forall : marked) {
    int64_t lanes =
        forall->getAttrOfType<IntegerAttr>(kReductionLanesAttrName).getInt();
    forall->removeAttr(kReductionLanesAttrName);
    if (failed(distribute(
            rewriter, forall, lanes, target.getFixedSubgroupSize(),
            target.getUnrollsMarkedLoops(), *exportOp.getWorkgroupSize())))
      return failure();
  }
  return success();
}

struct DistributeReductionLanesPass
    : public halc::impl::DistributeReductionLanesPassBase<
          DistributeReductionLanesPass> {
  void runOnOperation() override {
    ExecutableOp executable = getOperation();
    TargetAttr target = getTargetForLowering(executable);
    if (!target)
      return signalPassFailure();
    if (failed(forEachDispatch(
            executable, [&](ExportOp exportOp, func::FuncOp dispatch) {
              return distributeDispatch(exportOp, dispatch, target);
            })))
      signalPassFailure();
  }
};

} // namespace
