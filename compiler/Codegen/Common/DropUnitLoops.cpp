//===- DropUnitLoops.cpp - Contractions without loops of one --------------===//
//
// A matmul by a vector (4096x4096 times 4096x1) has a parallel loop of one
// iteration: as a contraction it gets a handful of workgroups, each thread
// running a long serial dot product. Without that loop it is a reduction of
// the rows of A (a matvec) or of the columns of B (a vecmat), which the
// reduction strategies spread over the lanes of subgroups at memory speed.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"

namespace mlir::halc {
#define GEN_PASS_DEF_DROPUNITLOOPSPASS
#include "compiler/Codegen/Common/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Whether `op` is a static contraction of bindings' values with a
/// parallel loop of one iteration whose result goes straight to a binding
/// (an input computed in the dispatch, such as an im2col matrix, would need
/// its producer collapsed too).
bool hasUnitLoopToDrop(linalg::LinalgOp op) {
  if (!linalg::isaContractionOpInterface(op) || !op->hasOneUse() ||
      !op.hasPureTensorSemantics() ||
      !isa<bufferization::MaterializeInDestinationOp>(*op->user_begin()) ||
      llvm::any_of(op.getDpsInputs(), [](Value input) {
        return !input.getDefiningOp<bufferization::ToTensorOp>();
      }))
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic))
    return false;
  for (auto [range, iterator] :
       llvm::zip_equal(ranges, op.getIteratorTypesArray()))
    if (range == 1 && iterator == utils::IteratorType::parallel)
      return true;
  return false;
}

/// Puts the reduction loop of `op` (one parallel and one reduction loop)
/// outside when an input runs along the parallel loop in its rows (a
/// vecmat's B): the columns of that input are then reduced, each lane
/// reading neighbouring elements.
FailureOr<linalg::GenericOp> reduceAlongColumns(RewriterBase &rewriter,
                                                linalg::GenericOp op) {
  if (op.getNumLoops() != 2 || op.getNumReductionLoops() != 1 ||
      op.getIteratorTypesArray()[1] != utils::IteratorType::reduction)
    return op;
  AffineExpr parallel = getAffineDimExpr(0, op.getContext());
  if (llvm::none_of(op.getDpsInputOperands(), [&](OpOperand *input) {
        AffineMap map = op.getMatchingIndexingMap(input);
        return map.getNumResults() > 0 && map.getResults().back() == parallel;
      }))
    return op;
  return linalg::interchangeGenericOp(rewriter, op, {1, 0});
}

/// Rewrites `op` without its loops of one iteration, reading its inputs from
/// collapsed bindings and writing its result to one.
LogicalResult dropUnitLoops(RewriterBase &rewriter, linalg::LinalgOp op) {
  auto write =
      cast<bufferization::MaterializeInDestinationOp>(*op->user_begin());
  FailureOr<linalg::GenericOp> generic = toGeneric(rewriter, op);
  if (failed(generic))
    return failure();
  FailureOr<linalg::DropUnitDimsResult> dropped =
      linalg::dropUnitDims(rewriter, *generic, linalg::ControlDropUnitDims());
  if (failed(dropped))
    return failure();
  rewriter.replaceOp(*generic, dropped->replacements);
  auto result = cast<linalg::GenericOp>(dropped->resultOp.getOperation());
  // Inputs collapsed from bindings read the bindings collapsed.
  for (OpOperand *input : result.getDpsInputOperands())
    if (auto collapse = input->get().getDefiningOp<tensor::CollapseShapeOp>()) {
      rewriter.setInsertionPoint(collapse);
      Value read = collapseBindingRead(rewriter, collapse.getSrc(),
                                       collapse.getReassociationIndices());
      rewriter.replaceOp(collapse, read);
    }
  if (failed(reduceAlongColumns(rewriter, result)))
    return failure();
  // The result goes to the binding collapsed as it is.
  auto expand = write.getSource().getDefiningOp<tensor::ExpandShapeOp>();
  if (!expand)
    return success();
  rewriter.setInsertionPoint(write);
  Value destination = collapseBinding(
      rewriter, cast<TypedValue<MemRefType>>(write.getDest()),
      expand.getReassociationIndices());
  rewriter.modifyOpInPlace(write, [&] {
    write.getSourceMutable().set(expand.getSrc());
    write.getDestMutable().set(destination);
  });
  return success();
}

struct DropUnitLoopsPass
    : public halc::impl::DropUnitLoopsPassBase<DropUnitLoopsPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> contractions;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (hasUnitLoopToDrop(op))
        contractions.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    // A contraction that cannot lose its unit loops keeps them.
    for (linalg::LinalgOp op : contractions)
      (void)dropUnitLoops(rewriter, op);
  }
};

} // namespace
