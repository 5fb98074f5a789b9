//===- FuseElementwiseOps.cpp - Elementwise fusion that keeps contractions ===//

#include "compiler/DispatchFormation/LoadTime.h"
#include "compiler/DispatchFormation/Passes.h"
#include "compiler/DispatchFormation/Reshapes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::halc {
#define GEN_PASS_DEF_FUSEELEMENTWISEOPSPASS
#include "compiler/DispatchFormation/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

bool isContraction(Operation *op) {
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
  return linalgOp && linalg::isaContractionOpInterface(linalgOp);
}

/// Whether `operand`'s owner reduces and reads it broadcast along one of
/// its parallel loops: what the fused body would compute again and again.
bool readsBroadcastIntoReduction(OpOperand *operand) {
  auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
  if (!consumer || consumer.getNumReductionLoops() == 0)
    return false;
  AffineMap map = consumer.getMatchingIndexingMap(operand);
  SmallVector<unsigned> parallel;
  consumer.getParallelDims(parallel);
  return llvm::any_of(
      parallel, [&](unsigned loop) { return !map.isFunctionOfDim(loop); });
}

/// Whether `op` is an elementwise op (every loop parallel).
bool isElementwise(Operation *op) {
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
  return linalgOp && linalgOp.getNumLoops() == linalgOp.getNumParallelLoops();
}

/// Whether `op` is part of a contraction's epilogue: an elementwise op
/// that reads, reshaped or not, a contraction's result or another
/// epilogue op's (a bias, an activation, a residual). It joins the
/// contraction's dispatch only in the contraction's own shape, so no
/// reshape is moved across it.
bool isEpilogue(Operation *op) {
  SmallVector<Operation *> worklist = {op};
  llvm::SmallPtrSet<Operation *, 8> visited;
  while (!worklist.empty()) {
    Operation *next = worklist.pop_back_val();
    if (!isElementwise(next) || !visited.insert(next).second)
      continue;
    for (Value input : cast<linalg::LinalgOp>(next).getDpsInputs()) {
      Operation *source = peelReshapes(input).getDefiningOp();
      if (isContraction(source))
        return true;
      worklist.push_back(source);
    }
  }
  return false;
}

/// Whether `operand` of an elementwise op reads a contraction's result
/// through an expand_shape (a projection split into heads, 1024 rows into
/// 8x128), or so reads the result of the contraction's epilogue that only
/// it reads (a residual added after the bias), into which it then fuses.
bool readsExpandedContraction(OpOperand *operand) {
  auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
  auto expand = operand->get().getDefiningOp<tensor::ExpandShapeOp>();
  if (!consumer || consumer.getNumReductionLoops() != 0 || !expand)
    return false;
  Operation *source = expand.getSrc().getDefiningOp();
  return isContraction(source) ||
         (isEpilogue(source) && source->hasOneUse() && expand->hasOneUse());
}

struct FuseElementwiseOpsPass
    : public halc::impl::FuseElementwiseOpsPassBase<FuseElementwiseOpsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    linalg::ControlFusionFn fuseProducer = [](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      return producer && producer->hasOneUse() &&
             !readsBroadcastIntoReduction(fused) &&
             !staysApartFromCall(producer, fused->getOwner());
    };
    linalg::ControlFusionFn moveReshape = [](OpOperand *fused) {
      Operation *producer = fused->get().getDefiningOp();
      Operation *consumer = fused->getOwner();
      return producer && producer->hasOneUse() && !isContraction(producer) &&
             !isContraction(consumer) && !isEpilogue(producer) &&
             !isEpilogue(consumer);
    };
    // An epilogue that reads its contraction expanded is collapsed to the
    // contraction's shape instead, so that it can join its dispatch.
    linalg::ControlFusionFn collapseEpilogue = [](OpOperand *fused) {
      return !isContraction(fused->getOwner()) &&
             readsExpandedContraction(fused);
    };
    linalg::populateElementwiseOpsFusionPatterns(patterns, fuseProducer);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, moveReshape);
    linalg::populateFoldReshapeOpsByCollapsingPatterns(patterns,
                                                       collapseEpilogue);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, fuseProducer);
    if (failed(applyPatternsGreedily(
            getOperation(), std::move(patterns),
            GreedyRewriteConfig().setUseTopDownTraversal())))
      signalPassFailure();
  }
};

} // namespace
