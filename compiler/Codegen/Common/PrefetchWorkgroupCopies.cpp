//===- PrefetchWorkgroupCopies.cpp - Copies loaded a step ahead -----------===//
//
// A staged matmul's K loop copies a step's tiles to workgroup memory, waits
// at a barrier and computes from them: each thread waits for its global
// loads at every step. Here the loads of step k + 1 are issued before the
// math of step k (upstream's scf pipeliner, two stages), and their values
// carried in registers to the next step's stores; each thread's short loop
// through the step's workgroup memory is unrolled. A gathered operand's
// copy (an im2col matrix's, element by element) is unrolled into the step
// first, so that its loads run ahead too (ResNet-50 at batch 8 on an H100:
// 4.8 -> 4.2 ms through Vulkan). The last step has no
// next one: its math follows the loop, or (where the target's compiler
// prefers it) runs in the loop with the loads ahead clamped to it.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::halc {
#define GEN_PASS_DEF_PREFETCHWORKGROUPCOPIESPASS
#include "compiler/Codegen/Common/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The most steps of a thread's loop over workgroup memory that are
/// unrolled (a 32-deep workgroup step read 4 at a time).
constexpr uint64_t kMaxUnrolledSteps = 8;

/// The most elements a thread's loop nest of scalar copies (a gathered
/// operand's, an im2col matrix's) may have for it to be unrolled, so that
/// its loads too run a step ahead.
constexpr int64_t kMaxUnrolledCopies = 16;

bool isWorkgroupMemory(Value buffer) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  return type && gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type);
}

/// Whether `loop` is a thread's steps through what its workgroup copied:
/// it reads workgroup memory and has no barrier or loop inside.
bool isThreadStepLoop(scf::ForOp loop) {
  bool reads = false;
  WalkResult walk = loop.getBody()->walk([&](Operation *op) {
    if (isa<gpu::BarrierOp, LoopLikeOpInterface>(op))
      return WalkResult::interrupt();
    if (auto load = dyn_cast<vector::LoadOp>(op))
      reads |= isWorkgroupMemory(load.getBase());
    return WalkResult::advance();
  });
  return reads && !walk.wasInterrupted();
}

/// Whether every memory effect of `op` and of what it nests is `allowed`
/// (false where they are not known).
bool hasOnlyEffects(
    Operation *op,
    function_ref<bool(const MemoryEffects::EffectInstance &)> allowed) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  return effects && llvm::all_of(*effects, allowed);
}

/// Whether `op` (with what it nests) only computes, or reads memory other
/// than workgroup memory, which a step's copies have not written yet.
bool canRunStepAhead(Operation *op) {
  return hasOnlyEffects(op, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Read>(e.getEffect()) && e.getValue() &&
           !isWorkgroupMemory(e.getValue());
  });
}

/// Whether the body of `loop` writes only workgroup memory (its barriers
/// aside, which order the workgroup's accesses): its global reads can then
/// move a step ahead.
bool writesOnlyWorkgroupMemory(scf::ForOp loop) {
  return llvm::all_of(loop.getBody()->without_terminator(), [](Operation &op) {
    return isa<gpu::BarrierOp>(op) ||
           hasOnlyEffects(&op, [](const MemoryEffects::EffectInstance &e) {
             return !isa<MemoryEffects::Write>(e.getEffect()) ||
                    (e.getValue() && isWorkgroupMemory(e.getValue()));
           });
  });
}

/// Whether `op` or an op it nests reads a value `loop` carries (its
/// accumulators), which a step ahead does not have yet.
bool readsCarriedValue(Operation *op, scf::ForOp loop) {
  WalkResult walk = op->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands())
      if (auto arg = dyn_cast<BlockArgument>(operand);
          arg && arg.getOwner() == loop.getBody() &&
          arg != loop.getInductionVar())
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// The value a store to workgroup memory writes, if `op` is one.
Value getStoredToWorkgroup(Operation *op) {
  if (auto store = dyn_cast<vector::StoreOp>(op))
    return isWorkgroupMemory(store.getBase()) ? store.getValueToStore()
                                              : Value();
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return isWorkgroupMemory(store.getMemRef()) ? store.getValueToStore()
                                                : Value();
  return {};
}

/// The ops of `loop`'s body that compute the values its copies store to
/// workgroup memory before its first barrier (`barrier`), where all of
/// them can run a step ahead.
SetVector<Operation *> getStepAheadOps(scf::ForOp loop, Operation *barrier) {
  Block *body = loop.getBody();
  SetVector<Operation *> ahead;
  for (Operation &op : llvm::make_range(body->begin(), barrier->getIterator())) {
    Value stored = getStoredToWorkgroup(&op);
    Operation *producer = stored ? stored.getDefiningOp() : nullptr;
    if (!producer || producer->getBlock() != body)
      continue;
    BackwardSliceOptions options;
    options.inclusive = true;
    options.omitUsesFromAbove = false;
    options.filter = [&](Operation *candidate) {
      return candidate->getBlock() == body;
    };
    SetVector<Operation *> slice;
    if (failed(getBackwardSlice(producer, &slice, options)))
      continue;
    if (llvm::all_of(slice, [&](Operation *candidate) {
          return canRunStepAhead(candidate) &&
                 !readsCarriedValue(candidate, loop);
        }))
      ahead.insert_range(slice);
  }
  return ahead;
}

/// Gives the ops after the step-ahead ones that read a pure step-ahead op
/// (an index both a load and its store use) a copy of their own: only the
/// loaded values cross to the next step.
void cloneSharedIndices(RewriterBase &rewriter, Block *body,
                        const SetVector<Operation *> &ahead) {
  // A use in a region (a guarded load's) is its ancestor op's in the body.
  auto isAhead = [&](Operation *user) {
    return ahead.contains(body->findAncestorOpInBlock(*user));
  };
  // The value a store writes (a select of a gathered element or zero) is
  // computed ahead too: its condition does not cross.
  auto isStored = [](Operation *op) {
    return op->getNumResults() == 1 &&
           llvm::any_of(op->getUsers(), [&](Operation *user) {
             return getStoredToWorkgroup(user) == op->getResult(0);
           });
  };
  for (Operation *op : ahead) {
    if (!isPure(op) || isStored(op) || llvm::all_of(op->getUsers(), isAhead))
      continue;
    rewriter.setInsertionPointAfter(op);
    Operation *copy = rewriter.clone(*op);
    rewriter.replaceUsesWithIf(op->getResults(), copy->getResults(),
                               [&](OpOperand &use) {
                                 return !isAhead(use.getOwner());
                               });
  }
}

/// Makes the step-ahead ops of `loop` (static bounds) read its induction
/// variable clamped to its last step's value: ahead of the last step they
/// then load that step again, in bounds, and no load needs a guard (their
/// values go unused). Returns the step-ahead ops with the clamp first; empty
/// where the loop's bounds are not static.
SetVector<Operation *> clampToLastStep(RewriterBase &rewriter, scf::ForOp loop,
                                       const SetVector<Operation *> &ahead) {
  std::optional<APInt> trips = loop.getStaticTripCount();
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!trips || trips->isZero() || !lower || !step)
    return {};
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  Value last = arith::ConstantIndexOp::create(
      rewriter, loc, *lower + (trips->getSExtValue() - 1) * *step);
  Block *body = loop.getBody();
  rewriter.setInsertionPointToStart(body);
  Value iv = loop.getInductionVar();
  auto clamped = arith::MinSIOp::create(rewriter, loc, iv, last);
  rewriter.replaceUsesWithIf(iv, clamped, [&](OpOperand &use) {
    return ahead.contains(body->findAncestorOpInBlock(*use.getOwner()));
  });
  SetVector<Operation *> clampedAhead;
  clampedAhead.insert(clamped);
  clampedAhead.insert_range(ahead);
  return clampedAhead;
}

/// Turns the linalg ops of `loop`'s body before `barrier` that copy a few
/// elements to workgroup memory one by one (a gathered operand's, whose
/// reads compute their indices: an im2col matrix) into unrolled loads and
/// stores in the body, whose loads can then run a step ahead like those of
/// vector copies.
LogicalResult unrollScalarCopies(RewriterBase &rewriter, scf::ForOp loop,
                                 Operation *barrier) {
  SmallVector<linalg::LinalgOp> copies;
  for (Operation &op :
       llvm::make_range(loop.getBody()->begin(), barrier->getIterator())) {
    auto copy = dyn_cast<linalg::LinalgOp>(op);
    if (!copy || !copy.hasPureBufferSemantics() || copy.hasDynamicShape() ||
        copy.getNumDpsInits() != 1 ||
        !isWorkgroupMemory(copy.getDpsInits().front()))
      continue;
    if (computeProduct(copy.getStaticLoopRanges()) <= kMaxUnrolledCopies)
      copies.push_back(copy);
  }
  for (linalg::LinalgOp copy : copies) {
    rewriter.setInsertionPoint(copy);
    FailureOr<linalg::LinalgLoops> nest =
        linalg::linalgOpToLoops(rewriter, copy);
    if (failed(nest))
      return copy->emitError("could not unroll a thread's copies");
    rewriter.eraseOp(copy);
    // Innermost first: each unrolled loop's body is then straight-line.
    for (Operation *nested : llvm::reverse(*nest))
      if (auto forOp = dyn_cast<scf::ForOp>(nested);
          forOp && failed(loopUnrollFull(forOp)))
        return forOp.emitError("could not unroll a thread's copies");
  }
  return success();
}

/// Pipelines `loop` in two stages: the step-ahead ops (stage 0) run after
/// the first barrier of the next step's body, everything else (stage 1) in
/// its order. Where `peelLastStep`, the last step's math follows the loop
/// (its stores and compute, without loads ahead); else the loop runs it
/// too, its loads ahead clamped to the last step (clampToLastStep): half
/// the code, which some compilers schedule better, others worse.
LogicalResult prefetchCopies(RewriterBase &rewriter, scf::ForOp loop,
                             bool peelLastStep) {
  Block *body = loop.getBody();
  auto barriers = body->getOps<gpu::BarrierOp>();
  if (barriers.empty() || !writesOnlyWorkgroupMemory(loop))
    return success();
  Operation *barrier = *barriers.begin();
  if (failed(unrollScalarCopies(rewriter, loop, barrier)))
    return failure();
  SetVector<Operation *> ahead = getStepAheadOps(loop, barrier);
  if (llvm::none_of(ahead, [](Operation *op) { return !isPure(op); }))
    return success();
  cloneSharedIndices(rewriter, body, ahead);
  scf::PipeliningOption options;
  if (!peelLastStep) {
    ahead = clampToLastStep(rewriter, loop, ahead);
    if (ahead.empty())
      return success();
    // Ahead of the last step the clamped loads need no guard.
    options.peelEpilogue = false;
    options.predicateFn = [](RewriterBase &, Operation *op, Value) {
      return op;
    };
  }
  options.getScheduleFn =
      [&](scf::ForOp, std::vector<std::pair<Operation *, unsigned>> &order) {
        auto afterBarrier = std::next(barrier->getIterator());
        for (Operation &op : llvm::make_range(body->begin(), afterBarrier))
          if (!ahead.contains(&op))
            order.emplace_back(&op, 1);
        for (Operation *op : ahead)
          order.emplace_back(op, 0);
        for (Operation &op : llvm::make_range(afterBarrier,
                                              body->getTerminator()->getIterator()))
          if (!ahead.contains(&op))
            order.emplace_back(&op, 1);
      };
  bool modified = false;
  rewriter.setInsertionPoint(loop);
  if (succeeded(scf::pipelineForLoop(rewriter, loop, options, &modified)) ||
      !modified)
    return success();
  return loop.emitError("could not load the copies of a step ahead");
}

LogicalResult prefetchWorkgroupCopies(ExportOp exportOp,
                                      func::FuncOp dispatch) {
  // Measured on an H100: NVIDIA's SPIR-V compiler runs a K loop with its
  // last step peeled up to 28% faster (a 3x3 56x56x64 layer), LLVM's NVPTX
  // backend the loop without it up to 26x faster (a 1x1 56x56 64->256
  // layer): the target description says which its compiler prefers.
  TargetAttr target = exportOp->getParentOfType<ExecutableOp>().getTargetAttr();
  bool peelLastStep = target.getPeelsPrefetchedLoops();
  // Workgroup memory is the kernel's for its whole run: allocating it once,
  // at the entry, lets the pipeliner copy a loop's body without a second
  // buffer.
  Block &entry = dispatch.front();
  dispatch.walk([&](memref::AllocOp alloc) {
    if (isWorkgroupMemory(alloc) && alloc->getNumOperands() == 0)
      alloc->moveBefore(&entry, entry.begin());
  });
  SmallVector<scf::ForOp> loops;
  dispatch.walk([&](scf::ForOp loop) { loops.push_back(loop); });
  IRRewriter rewriter(dispatch.getContext());
  for (scf::ForOp loop : loops)
    if (failed(prefetchCopies(rewriter, loop, peelLastStep)))
      return failure();
  // A thread's steps through what a workgroup step copied are unrolled:
  // the GPU's compiler then issues the reads of workgroup memory for the
  // next steps while the FMAs of this one run (rolled, NVIDIA's SPIR-V
  // compiler ran a 4096^3 matmul 21% slower). Where the target's compiler
  // unrolls a marked loop (Vulkan drivers, LLVM) the module stays a
  // fraction of the size and compiles in a fraction of the time; else
  // (Metal: SPIRV-Cross drops the mark) halc unrolls it.
  SmallVector<scf::ForOp> threadSteps;
  dispatch.walk([&](scf::ForOp loop) {
    std::optional<APInt> trips = loop.getStaticTripCount();
    if (trips && trips->getZExtValue() <= kMaxUnrolledSteps &&
        isThreadStepLoop(loop))
      threadSteps.push_back(loop);
  });
  MLIRContext *context = dispatch.getContext();
  for (scf::ForOp loop : threadSteps) {
    if (target.getUnrollsMarkedLoops())
      loop->setAttr(kUnrollAttrName, UnitAttr::get(context));
    else if (failed(loopUnrollFull(loop)))
      return loop.emitError("could not unroll a thread's steps");
  }
  return success();
}

struct PrefetchWorkgroupCopiesPass
    : public halc::impl::PrefetchWorkgroupCopiesPassBase<
          PrefetchWorkgroupCopiesPass> {
  void runOnOperation() override {
    if (failed(forEachDispatch(getOperation(), prefetchWorkgroupCopies)))
      signalPassFailure();
  }
};

} // namespace
