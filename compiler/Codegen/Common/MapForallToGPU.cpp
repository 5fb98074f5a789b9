//===- MapForallToGPU.cpp - scf.forall to workgroup and thread ids --------===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

namespace mlir::halc {
#define GEN_PASS_DEF_MAPFORALLTOGPUPASS
#include "compiler/Codegen/Common/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

std::optional<gpu::Dimension> blockDim(Attribute mapping) {
  if (auto block = dyn_cast<gpu::GPUBlockMappingAttr>(mapping))
    if (block.getBlock() <= gpu::MappingId::DimZ)
      return static_cast<gpu::Dimension>(block.getBlock());
  return std::nullopt;
}

std::optional<gpu::Dimension> threadDim(Attribute mapping) {
  if (auto thread = dyn_cast<gpu::GPUThreadMappingAttr>(mapping))
    if (thread.getThread() <= gpu::MappingId::DimZ)
      return static_cast<gpu::Dimension>(thread.getThread());
  if (auto warp = dyn_cast<gpu::GPUWarpMappingAttr>(mapping))
    if (warp.getWarp() <= gpu::MappingId::DimZ)
      return static_cast<gpu::Dimension>(warp.getWarp());
  return std::nullopt;
}

/// The largest trip count of a loop from `lb` to `ub` by `step`.
std::optional<int64_t> maxTripCount(OpFoldResult lb, OpFoldResult ub,
                                    OpFoldResult step) {
  std::optional<int64_t> lower = getConstantIntValue(lb);
  std::optional<int64_t> stride = getConstantIntValue(step);
  FailureOr<int64_t> upper = ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB, ValueBoundsConstraintSet::Variable(ub),
      /*stopCondition=*/nullptr, /*closedUB=*/true);
  if (!lower || !stride || *stride <= 0 || failed(upper))
    return std::nullopt;
  return llvm::divideCeil(*upper - *lower, *stride);
}

Value andCondition(OpBuilder &builder, Location loc, Value lhs, Value rhs) {
  return lhs ? arith::AndIOp::create(builder, loc, lhs, rhs).getResult() : rhs;
}

/// The block under a new guard before `op` where `inRange` (threads without
/// an iteration skip it), else before `op`: where a thread loop's body goes.
Operation *getBodyInsertionPoint(RewriterBase &rewriter, Operation *op,
                                 Value inRange) {
  if (!inRange)
    return op;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  auto ifOp = scf::IfOp::create(rewriter, op->getLoc(), inRange,
                                /*withElseRegion=*/false);
  return ifOp.thenBlock()->getTerminator();
}

/// A copy of `forall`'s body at induction variables `ivs` before the
/// forall, under a guard where `inRange`; for all rounds of a loop that runs
/// in rounds but the last, which takes the body itself (loops nested in it
/// are mapped after it).
void cloneForallBody(RewriterBase &rewriter, scf::ForallOp forall,
                     ValueRange ivs, Value inRange) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(getBodyInsertionPoint(rewriter, forall, inRange));
  IRMapping mapping;
  mapping.map(forall.getInductionVars(), ivs);
  for (Operation &op : forall.getBody()->without_terminator())
    rewriter.clone(op, mapping);
}

/// Replaces `forall` by its body at induction variables `ivs`, under a
/// guard where `inRange`.
void inlineForallBody(RewriterBase &rewriter, scf::ForallOp forall,
                      ValueRange ivs, Value inRange) {
  Block *body = forall.getBody();
  Operation *terminator = body->getTerminator();
  rewriter.inlineBlockBefore(
      body, getBodyInsertionPoint(rewriter, forall, inRange), ivs);
  rewriter.eraseOp(terminator);
  rewriter.eraseOp(forall);
}

/// The position of a `linear_dim_i` thread mapping (i), if `mapping` is one.
std::optional<unsigned> linearDim(Attribute mapping) {
  auto thread = dyn_cast<gpu::GPUThreadMappingAttr>(mapping);
  if (!thread || !thread.isLinearMapping())
    return std::nullopt;
  return thread.getRelativeIndex();
}

/// The induction variables of iteration `linear` of `forall`, whose loop i
/// maps to linear dimension dims[i] and has at most counts[i] iterations:
/// each loop's iteration is `linear` divided by the counts of the faster
/// loops, modulo its own count. Where a loop's end is dynamic (an edge
/// tile), `inRange` also requires the iteration to fall before it.
SmallVector<Value> getLinearIteration(RewriterBase &rewriter,
                                      scf::ForallOp forall, Value linear,
                                      ArrayRef<unsigned> dims,
                                      ArrayRef<int64_t> counts,
                                      Value &inRange) {
  Location loc = forall.getLoc();
  auto constant = [&](int64_t value) {
    return arith::ConstantIndexOp::create(rewriter, loc, value).getResult();
  };
  unsigned rank = forall.getRank();
  SmallVector<Value> ivs(rank);
  for (auto [i, lb, ub, step] :
       llvm::enumerate(forall.getMixedLowerBound(), forall.getMixedUpperBound(),
                       forall.getMixedStep())) {
    int64_t faster = 1;
    for (unsigned j = 0; j < rank; ++j)
      if (dims[j] < dims[i])
        faster *= counts[j];
    // One op a statement: the IR is the same whichever order a C++
    // compiler evaluates arguments in.
    Value count = constant(counts[i]);
    Value divisor = constant(faster);
    Value quotient = arith::DivUIOp::create(rewriter, loc, linear, divisor);
    Value iteration = arith::RemUIOp::create(rewriter, loc, quotient, count);
    Value stride = getValueOrCreateConstantIndexOp(rewriter, loc, step);
    Value offset = arith::MulIOp::create(rewriter, loc, iteration, stride);
    Value lower = getValueOrCreateConstantIndexOp(rewriter, loc, lb);
    ivs[i] = arith::AddIOp::create(rewriter, loc, lower, offset);
    if (!getConstantIntValue(ub)) {
      Value upper = getValueOrCreateConstantIndexOp(rewriter, loc, ub);
      Value below = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::slt, ivs[i], upper);
      inRange = andCondition(rewriter, loc, inRange, below);
    }
  }
  return ivs;
}

/// Replaces `forall`, whose loops map to linear dimensions of the workgroup
/// (a copy spread over all its threads, whatever their shape), by its body:
/// the thread's linear id, x fastest, is split into one iteration of each
/// loop (linear_dim_0 fastest) by the loops' largest trip counts; threads
/// past the last iteration, or past an edge tile's end, skip it. A loop of
/// a multiple of the threads' iterations runs in rounds, the body once per
/// round at the linear id plus the threads of the rounds before.
LogicalResult mapLinearForall(RewriterBase &rewriter, scf::ForallOp forall,
                              ArrayRef<int64_t> workgroupSize) {
  Location loc = forall.getLoc();
  unsigned rank = forall.getRank();
  SmallVector<int64_t> counts(rank);
  SmallVector<unsigned> dims(rank);
  int64_t iterations = 1;
  for (auto [i, attr, lb, ub, step] : llvm::enumerate(
           forall.getMapping()->getValue(), forall.getMixedLowerBound(),
           forall.getMixedUpperBound(), forall.getMixedStep())) {
    std::optional<unsigned> dim = linearDim(attr);
    if (!dim || *dim >= rank)
      return forall.emitOpError("mixes or uses unsupported GPU mappings");
    std::optional<int64_t> count = maxTripCount(lb, ub, step);
    if (!count)
      return forall.emitOpError("spreads a loop without a bound on its "
                                "trip count over the workgroup's threads");
    dims[i] = *dim;
    counts[i] = *count;
    iterations *= *count;
  }
  int64_t threads = workgroupSize[0] * workgroupSize[1] * workgroupSize[2];
  if (iterations > threads && iterations % threads != 0)
    return forall.emitOpError("has ")
           << iterations << " iterations, not a multiple of the " << threads
           << " threads of the workgroup";
  rewriter.setInsertionPoint(forall);
  auto constant = [&](int64_t value) {
    return arith::ConstantIndexOp::create(rewriter, loc, value).getResult();
  };
  Value threadLinear =
      gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::z);
  for (unsigned d : {1u, 0u}) {
    Value id =
        gpu::ThreadIdOp::create(rewriter, loc, static_cast<gpu::Dimension>(d));
    Value size = constant(workgroupSize[d]);
    Value scaled = arith::MulIOp::create(rewriter, loc, threadLinear, size);
    threadLinear = arith::AddIOp::create(rewriter, loc, scaled, id);
  }
  for (int64_t round = 0; round * threads < iterations; ++round) {
    Value linear = round ? arith::AddIOp::create(rewriter, loc, threadLinear,
                                                 constant(round * threads))
                               .getResult()
                         : threadLinear;
    Value inRange;
    if (iterations < threads)
      inRange = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                      linear, constant(iterations));
    SmallVector<Value> ivs =
        getLinearIteration(rewriter, forall, linear, dims, counts, inRange);
    if ((round + 1) * threads < iterations)
      cloneForallBody(rewriter, forall, ivs, inRange);
    else
      inlineForallBody(rewriter, forall, ivs, inRange);
  }
  return success();
}

/// Replaces `forall` by its body with each induction variable computed from
/// a GPU id; threads that have no iteration skip the body. A subgroup loop's
/// iterations go to subgroups: along x, to each `subgroupSize` threads.
LogicalResult mapForall(RewriterBase &rewriter, scf::ForallOp forall,
                        ArrayRef<int64_t> workgroupSize,
                        int64_t subgroupSize) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  if (!mapping || static_cast<int64_t>(mapping->size()) != forall.getRank())
    return forall.emitOpError("has no GPU mapping for each of its loops");
  if (linearDim(mapping->getValue().front()))
    return mapLinearForall(rewriter, forall, workgroupSize);
  bool isBlock = blockDim(mapping->getValue().front()).has_value();
  bool isSubgroup = isSubgroupLoop(forall);
  // The threads, or subgroups, along each dimension and the id of each.
  SmallVector<int64_t> workers(workgroupSize);
  if (isSubgroup) {
    std::optional<SmallVector<int64_t>> grid =
        getSubgroupGrid(workgroupSize, subgroupSize);
    if (!grid)
      return forall.emitOpError("spreads a loop over subgroups, which needs "
                                "one subgroup size that divides the "
                                "workgroup's x");
    workers = *grid;
  }
  Location loc = forall.getLoc();
  rewriter.setInsertionPoint(forall);
  auto getWorkerId = [&](gpu::Dimension dim) -> Value {
    Value id = gpu::ThreadIdOp::create(rewriter, loc, dim);
    if (!isSubgroup || dim != gpu::Dimension::x)
      return id;
    return arith::DivUIOp::create(
        rewriter, loc, id,
        arith::ConstantIndexOp::create(rewriter, loc, subgroupSize));
  };

  SmallVector<Value> ivs;
  Value inRange;
  SmallVector<bool> usedDims(3, false);
  for (auto [attr, lb, ub, step] :
       llvm::zip(mapping->getValue(), forall.getMixedLowerBound(),
                 forall.getMixedUpperBound(), forall.getMixedStep())) {
    std::optional<gpu::Dimension> dim =
        isBlock ? blockDim(attr) : threadDim(attr);
    if (!dim)
      return forall.emitOpError("mixes or uses unsupported GPU mappings");
    usedDims[static_cast<unsigned>(*dim)] = true;
    Value id = isBlock ? gpu::BlockIdOp::create(rewriter, loc, *dim).getResult()
                       : getWorkerId(*dim);
    Value lower = getValueOrCreateConstantIndexOp(rewriter, loc, lb);
    Value upper = getValueOrCreateConstantIndexOp(rewriter, loc, ub);
    Value stride = getValueOrCreateConstantIndexOp(rewriter, loc, step);
    Value offset = arith::MulIOp::create(rewriter, loc, id, stride);
    Value iv = arith::AddIOp::create(rewriter, loc, lower, offset);
    ivs.push_back(iv);
    if (isBlock)
      continue;
    // Edge tiles have fewer iterations: bound them by the largest count.
    int64_t threads = workers[static_cast<unsigned>(*dim)];
    std::optional<int64_t> maxCount = maxTripCount(lb, ub, step);
    if (!maxCount || *maxCount > threads)
      return forall.emitOpError("may need more threads than the ")
             << threads << " the workgroup has along this dimension";
    if (*maxCount < threads || !getConstantIntValue(ub))
      inRange = andCondition(
          rewriter, loc, inRange,
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, iv,
                                upper));
  }
  // Threads along a dimension the loop does not use would repeat its work.
  for (unsigned d = 0; d < 3 && !isBlock; ++d) {
    if (usedDims[d] || workers[d] == 1)
      continue;
    Value id = getWorkerId(static_cast<gpu::Dimension>(d));
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    inRange = andCondition(rewriter, loc, inRange,
                           arith::CmpIOp::create(
                               rewriter, loc, arith::CmpIPredicate::eq, id,
                               zero));
  }

  inlineForallBody(rewriter, forall, ivs, inRange);
  return success();
}

/// After bufferization every write must sit in a thread loop; one outside
/// would run in every thread of every workgroup.
LogicalResult verifyWritesAreDistributed(func::FuncOp dispatch,
                                         ArrayRef<int64_t> workgroupSize) {
  if (llvm::all_of(workgroupSize, [](int64_t s) { return s == 1; }))
    return success();
  WalkResult walk = dispatch.walk([&](Operation *op) {
    if (!isa<linalg::LinalgOp, memref::CopyOp>(op) || isInThreadLoop(op))
      return WalkResult::advance();
    op->emitError("'") << op->getName()
                       << "' writes memory outside the thread loops of "
                          "dispatch @"
                       << dispatch.getName();
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

/// The memory that a thread loop reads and writes: the buffers (workgroup
/// allocations, bindings) its accesses view; `unknown` where an op writes
/// memory it does not name.
struct BufferAccesses {
  SmallPtrSet<Value, 4> reads, writes;
  bool unknown = false;

  explicit BufferAccesses(Operation *loop) {
    loop->walk([&](Operation *op) {
      auto effects = dyn_cast<MemoryEffectOpInterface>(op);
      if (!effects)
        return;
      SmallVector<MemoryEffects::EffectInstance> instances;
      effects.getEffects(instances);
      for (const MemoryEffects::EffectInstance &effect : instances) {
        bool write = isa<MemoryEffects::Write>(effect.getEffect());
        Value buffer = effect.getValue();
        if (!buffer) {
          unknown |= write;
          continue;
        }
        (write ? writes : reads).insert(getViewedBuffer(buffer));
      }
    });
  }

  /// Whether running `later` after this without a barrier is a race: one
  /// writes what the other reads or writes.
  bool conflictsWith(const BufferAccesses &later) const {
    if (unknown || later.unknown)
      return true;
    auto overlaps = [](const SmallPtrSet<Value, 4> &a,
                       const SmallPtrSet<Value, 4> &b) {
      return llvm::any_of(a, [&](Value v) { return b.contains(v); });
    };
    return overlaps(writes, later.reads) || overlaps(writes, later.writes) ||
           overlaps(reads, later.writes);
  }
};

/// Puts a barrier between thread loops that run one after another in a
/// workgroup where a later one reads what an earlier one wrote, or
/// overwrites what it read (the stages of a row chain; the copies to
/// workgroup memory and the op reading them; not two copies to different
/// buffers). A serial loop whose body runs such loops (a matmul's
/// K steps) ends its body with a barrier too: the next step's copies
/// overwrite what this step reads. Every thread reaches them: the loops are
/// siblings in the workgroup's code, outside any guard of theirs.
void separateThreadLoops(RewriterBase &rewriter, func::FuncOp dispatch) {
  SmallVector<scf::ForallOp> later;
  SetVector<Operation *> stepLoops;
  dispatch.walk([&](scf::ForallOp forall) {
    if (!isThreadLoop(forall))
      return;
    BufferAccesses accesses(forall);
    // The thread loops since the last barrier that this one must wait for.
    for (Operation *op = forall->getPrevNode(); op; op = op->getPrevNode()) {
      if (isa<gpu::BarrierOp>(op))
        return;
      if (!isThreadLoop(op))
        continue;
      if (isa<scf::ForOp>(forall->getParentOp()))
        stepLoops.insert(forall->getParentOp());
      if (BufferAccesses(op).conflictsWith(accesses)) {
        rewriter.setInsertionPoint(forall);
        gpu::BarrierOp::create(rewriter, forall.getLoc());
        return;
      }
    }
  });
  for (Operation *loop : stepLoops) {
    Block *body = cast<scf::ForOp>(loop).getBody();
    rewriter.setInsertionPoint(body->getTerminator());
    gpu::BarrierOp::create(rewriter, loop->getLoc());
  }
}

LogicalResult mapDispatch(ExportOp exportOp, func::FuncOp dispatch) {
  std::optional<ArrayRef<int64_t>> workgroupSize = exportOp.getWorkgroupSize();
  if (!workgroupSize)
    return exportOp.emitOpError("has no workgroup_size");
  if (failed(verifyWritesAreDistributed(dispatch, *workgroupSize)))
    return failure();
  IRRewriter rewriter(dispatch.getContext());
  separateThreadLoops(rewriter, dispatch);
  SmallVector<scf::ForallOp> foralls;
  dispatch.walk<WalkOrder::PreOrder>(
      [&](scf::ForallOp forall) { foralls.push_back(forall); });
  int64_t subgroupSize = exportOp->getParentOfType<ExecutableOp>()
                             .getTargetAttr()
                             .getFixedSubgroupSize();
  for (scf::ForallOp forall : foralls)
    if (failed(mapForall(rewriter, forall, *workgroupSize, subgroupSize)))
      return failure();
  return success();
}

struct MapForallToGPUPass
    : public halc::impl::MapForallToGPUPassBase<MapForallToGPUPass> {
  void runOnOperation() override {
    if (failed(forEachDispatch(getOperation(), mapDispatch)))
      signalPassFailure();
  }
};

} // namespace
