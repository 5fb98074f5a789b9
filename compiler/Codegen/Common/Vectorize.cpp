//===- Vectorize.cpp - Vectorize the work of each thread ------------------===//
//
// A thread's tile of a linalg op with a static shape becomes vector ops, so
// that its operands live in registers: a contraction's accumulator stays in
// registers across the serial K loop instead of going through memory each
// step. Tiles with dynamic shapes (partial tiles at the edges) stay scalar
// loops; the tiling heuristic prefers tiles that divide the loops evenly.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/CooperativeMatrices.h"
#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::halc {
#define GEN_PASS_DEF_VECTORIZEPASS
#include "compiler/Codegen/Common/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The most iterations a vectorized op may have: an 8x8 accumulator with 8x4
/// and 4x8 slices of its operands (8x8x4 iterations) takes 128 of a thread's
/// registers; larger shapes spill.
constexpr int64_t kMaxVectorElements = 256;

/// After tiling every linalg op is one thread's work (in a thread loop, or
/// the whole of a one-thread dispatch), or a subgroup's, whose vectors
/// become cooperative matrices of any size (halc-lower-vectors).
bool shouldVectorize(linalg::LinalgOp op) {
  if (op.hasDynamicShape())
    return false;
  if (isSubgroupLoop(op->getParentOfType<scf::ForallOp>()))
    return succeeded(linalg::vectorizeOpPrecondition(op));
  return computeProduct(op.getStaticLoopRanges()) <= kMaxVectorElements &&
         succeeded(linalg::vectorizeOpPrecondition(op));
}

/// Marks the vector.contract that `op`, a subgroup's contraction on
/// cooperative matrices (its lowering config's strategy), became, for
/// halc-lower-vectors.
void markSubgroupMatrix(linalg::LinalgOp op, ValueRange replacements) {
  auto config = op->getAttrOfType<LoweringConfigAttr>(kLoweringConfigAttrName);
  if (!config || config.getStrategy() != Strategy::CooperativeMatrix ||
      replacements.empty())
    return;
  auto write = replacements.front().getDefiningOp<vector::TransferWriteOp>();
  if (auto contract = write ? write.getVector().getDefiningOp<
                                  vector::ContractionOp>()
                            : nullptr)
    contract->setAttr(kSubgroupMatrixAttrName,
                      DenseI64ArrayAttr::get(op.getContext(),
                                             config.getSubgroupMatrix()));
}

LogicalResult vectorizeDispatch(ExportOp, func::FuncOp dispatch) {
  SmallVector<linalg::LinalgOp> candidates;
  dispatch.walk([&](linalg::LinalgOp op) {
    if (shouldVectorize(op))
      candidates.push_back(op);
  });
  IRRewriter rewriter(dispatch.getContext());
  for (linalg::LinalgOp op : candidates) {
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::VectorizationResult> result = linalg::vectorize(
        rewriter, op, /*inputVectorSizes=*/{}, /*inputScalableVecDims=*/{},
        /*vectorizeNDExtract=*/false, /*flatten1DDepthwiseConv=*/false,
        /*assumeDynamicDimsMatchVecSizes=*/false,
        /*createNamedContraction=*/true);
    if (failed(result))
      return op->emitError("passed the vectorization precondition but could "
                           "not be vectorized");
    markSubgroupMatrix(op, result->replacements);
    rewriter.replaceOp(op, result->replacements);
  }

  // Read vectors straight from the tensors that slices were taken of (and
  // from those padded: reads past their edges give the padding), and turn
  // multiply-reduce chains into contractions.
  RewritePatternSet patterns(dispatch.getContext());
  tensor::populateFoldTensorSubsetIntoVectorTransferPatterns(patterns);
  linalg::populatePadOpVectorizationPatterns(patterns);
  vector::populateVectorReductionToContractPatterns(patterns);
  vector::TransferReadOp::getCanonicalizationPatterns(patterns,
                                                      dispatch.getContext());
  vector::TransferWriteOp::getCanonicalizationPatterns(patterns,
                                                       dispatch.getContext());
  return applyPatternsGreedily(dispatch, std::move(patterns));
}

struct VectorizePass : public halc::impl::VectorizePassBase<VectorizePass> {
  void runOnOperation() override {
    if (failed(forEachDispatch(getOperation(), vectorizeDispatch)))
      signalPassFailure();
  }
};

} // namespace
