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

/// Replaces `forall` by its body with each induction variable computed from
/// a GPU id; threads that have no iteration skip the body.
LogicalResult mapForall(RewriterBase &rewriter, scf::ForallOp forall,
                        ArrayRef<int64_t> workgroupSize) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  if (!mapping || static_cast<int64_t>(mapping->size()) != forall.getRank())
    return forall.emitOpError("has no GPU mapping for each of its loops");
  bool isBlock = blockDim(mapping->getValue().front()).has_value();
  Location loc = forall.getLoc();
  rewriter.setInsertionPoint(forall);

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
    Value id = isBlock
                   ? gpu::BlockIdOp::create(rewriter, loc, *dim).getResult()
                   : gpu::ThreadIdOp::create(rewriter, loc, *dim).getResult();
    Value lower = getValueOrCreateConstantIndexOp(rewriter, loc, lb);
    Value upper = getValueOrCreateConstantIndexOp(rewriter, loc, ub);
    Value stride = getValueOrCreateConstantIndexOp(rewriter, loc, step);
    Value offset = arith::MulIOp::create(rewriter, loc, id, stride);
    Value iv = arith::AddIOp::create(rewriter, loc, lower, offset);
    ivs.push_back(iv);
    if (isBlock)
      continue;
    // Edge tiles have fewer iterations: bound them by the largest count.
    int64_t threads = workgroupSize[static_cast<unsigned>(*dim)];
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
    if (usedDims[d] || workgroupSize[d] == 1)
      continue;
    Value id = gpu::ThreadIdOp::create(rewriter, loc,
                                       static_cast<gpu::Dimension>(d));
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    inRange = andCondition(rewriter, loc, inRange,
                           arith::CmpIOp::create(
                               rewriter, loc, arith::CmpIPredicate::eq, id,
                               zero));
  }

  Block *body = forall.getBody();
  Operation *insertBefore = forall;
  if (inRange) {
    auto ifOp = scf::IfOp::create(rewriter, loc, inRange,
                                  /*withElseRegion=*/false);
    insertBefore = ifOp.thenBlock()->getTerminator();
  }
  Operation *terminator = body->getTerminator();
  rewriter.inlineBlockBefore(body, insertBefore, ivs);
  rewriter.eraseOp(terminator);
  rewriter.eraseOp(forall);
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

/// Puts a barrier between thread loops that run one after another in a
/// workgroup (the stages of a row chain, the copies to workgroup memory and
/// the op reading them): a later one reads what an earlier one wrote to
/// workgroup memory. A serial loop whose body runs such loops (a matmul's K
/// steps) ends its body with a barrier too: the next step's copies overwrite
/// what this step reads. Every thread reaches them: the loops are siblings
/// in the workgroup's code, outside any guard of theirs.
void separateThreadLoops(RewriterBase &rewriter, func::FuncOp dispatch) {
  SmallVector<scf::ForallOp> later;
  SetVector<Operation *> stepLoops;
  dispatch.walk([&](scf::ForallOp forall) {
    if (!isThreadLoop(forall))
      return;
    for (Operation *op = forall->getPrevNode(); op; op = op->getPrevNode()) {
      if (isThreadLoop(op)) {
        later.push_back(forall);
        if (isa<scf::ForOp>(forall->getParentOp()))
          stepLoops.insert(forall->getParentOp());
        return;
      }
    }
  });
  for (scf::ForallOp forall : later) {
    rewriter.setInsertionPoint(forall);
    gpu::BarrierOp::create(rewriter, forall.getLoc());
  }
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
  for (scf::ForallOp forall : foralls)
    if (failed(mapForall(rewriter, forall, *workgroupSize)))
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
