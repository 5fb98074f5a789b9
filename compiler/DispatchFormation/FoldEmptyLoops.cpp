//===- FoldEmptyLoops.cpp - Linalg ops that run no iteration --------------===//

#include "compiler/DispatchFormation/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::halc {
#define GEN_PASS_DEF_FOLDEMPTYLOOPSPASS
#include "compiler/DispatchFormation/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// A linalg op with a loop of static extent 0 leaves its inits as they are.
struct FoldEmptyLoop : public OpInterfaceRewritePattern<linalg::LinalgOp> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() ||
        !llvm::is_contained(op.getStaticLoopRanges(), 0))
      return failure();
    rewriter.replaceOp(op, op.getDpsInits());
    return success();
  }
};

struct FoldEmptyLoopsPass
    : public halc::impl::FoldEmptyLoopsPassBase<FoldEmptyLoopsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldEmptyLoop>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
