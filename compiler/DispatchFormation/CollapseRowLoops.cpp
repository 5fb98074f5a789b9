//===- CollapseRowLoops.cpp - Row reductions on one or two loops of rows --===//
//
// A softmax over attention scores (8x12x128x128) or a layer norm imported
// with its kept unit dimension (8x128x1x768) reduces rows that span three
// loops; FormDispatchRegions makes a row chain, one dispatch a softmax or
// layer norm, only of ops with one or two loops of rows (workgroup y and
// z). Merging the loops of rows, as upstream's collapseOpIterationDims
// does, and dropping those of one iteration (dropUnitDims) brings them to
// that form; the reshapes this leaves between the ops of a chain cancel.
//
//===----------------------------------------------------------------------===//

#include "compiler/DispatchFormation/Passes.h"
#include "compiler/DispatchFormation/Reshapes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::halc {
#define GEN_PASS_DEF_COLLAPSEROWLOOPSPASS
#include "compiler/DispatchFormation/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

bool isReshape(Operation *op) {
  return isa_and_nonnull<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op);
}

/// The ops that read `op`'s results, through reshapes.
SmallVector<Operation *> getUsersThroughReshapes(Operation *op) {
  SmallVector<Operation *> users, worklist = {op};
  while (!worklist.empty())
    for (Operation *user : worklist.pop_back_val()->getUsers())
      (isReshape(user) ? worklist : users).push_back(user);
  return users;
}

/// Whether `op` works on rows of three loops or more: a generic whose
/// loops are all parallel but the innermost, which may be its one
/// reduction, each operand read through a projection of its loops; not the
/// epilogue of a contraction, which stays in the contraction's shape, nor
/// a result the function returns and other ops read (a layer norm's mean),
/// which a dispatch would write twice in two shapes.
bool isRowGeneric(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.hasIndexSemantics() || generic.getNumDpsInits() != 1 ||
      generic.getNumLoops() < 3 || generic.getNumReductionLoops() > 1)
    return false;
  SmallVector<utils::IteratorType> iterators = generic.getIteratorTypesArray();
  if (generic.getNumReductionLoops() == 1 &&
      iterators.back() != utils::IteratorType::reduction)
    return false;
  SmallVector<Operation *> users = getUsersThroughReshapes(op);
  bool returned = llvm::any_of(
      users, [](Operation *user) { return isa<func::ReturnOp>(user); });
  return llvm::all_of(generic.getIndexingMapsArray(),
                      [](AffineMap map) {
                        return map.isProjectedPermutation(
                            /*allowZeroInResults=*/true);
                      }) &&
         llvm::none_of(
             generic.getDpsInputs(),
             [](Value input) {
               auto producer = input.getDefiningOp<linalg::LinalgOp>();
               return producer && linalg::isaContractionOpInterface(producer);
             }) &&
         !(returned && users.size() > 1);
}

bool isRowReduction(Operation *op) {
  return isRowGeneric(op) &&
         cast<linalg::GenericOp>(op).getNumReductionLoops() == 1;
}

/// The row generics next to `op` (reading its result or read by it,
/// through reshapes).
SmallVector<Operation *> getRowNeighbours(linalg::GenericOp op) {
  SmallVector<Operation *> neighbours = getUsersThroughReshapes(op);
  for (Value input : op.getDpsInputs())
    neighbours.push_back(peelReshapes(input).getDefiningOp());
  llvm::erase_if(neighbours,
                 [](Operation *other) { return !isRowGeneric(other); });
  return neighbours;
}

/// Would-be row chains: each a row reduction with the row generics
/// connected to it through row generics next to a row reduction (a
/// softmax's ops, a layer norm's), in program order.
SmallVector<SmallVector<linalg::GenericOp>> collectRowChains(Operation *root) {
  auto isChained = [](Operation *op) {
    return isRowReduction(op) ||
           llvm::any_of(getRowNeighbours(cast<linalg::GenericOp>(op)),
                        isRowReduction);
  };
  SmallVector<SmallVector<linalg::GenericOp>> chains;
  llvm::SmallPtrSet<Operation *, 16> seen;
  root->walk([&](linalg::GenericOp op) {
    if (!isRowReduction(op) || seen.contains(op))
      return;
    SmallVector<linalg::GenericOp> chain;
    SmallVector<Operation *> worklist = {op};
    seen.insert(op);
    while (!worklist.empty()) {
      auto next = cast<linalg::GenericOp>(worklist.pop_back_val());
      chain.push_back(next);
      for (Operation *neighbour : getRowNeighbours(next))
        if (isChained(neighbour) && seen.insert(neighbour).second)
          worklist.push_back(neighbour);
    }
    llvm::sort(chain, [](linalg::GenericOp a, linalg::GenericOp b) {
      return a->isBeforeInBlock(b);
    });
    chains.push_back(std::move(chain));
  });
  return chains;
}

/// The groups of loops of rows of a chain's ops (`loops` each) to merge:
/// all of them where every operand of every op reads them together, else
/// two groups (rows on two loops) that all read so (a mask indexed by the
/// query and key positions of scores per batch and head); none where
/// neither works.
SmallVector<ReassociationIndices>
chooseRowGroups(ArrayRef<linalg::GenericOp> chain, int64_t loops) {
  int64_t rows = loops - 1;
  auto seq = [](int64_t begin, int64_t end) {
    return llvm::to_vector<2>(llvm::seq<int64_t>(begin, end));
  };
  auto preserved = [&](ArrayRef<ReassociationIndices> groups) {
    return llvm::all_of(chain, [&](linalg::GenericOp op) {
      return linalg::areDimSequencesPreserved(op.getIndexingMapsArray(),
                                              groups);
    });
  };
  SmallVector<ReassociationIndices> all = {seq(0, rows)};
  if (preserved(all))
    return all;
  for (int64_t split = rows - 1; split > 0; --split) {
    SmallVector<ReassociationIndices> groups;
    if (split > 1)
      groups.push_back(seq(0, split));
    if (rows - split > 1)
      groups.push_back(seq(split, rows));
    if (preserved(groups))
      return groups;
  }
  return {};
}

/// The loops of rows of `op` (a row generic) that may go where they have
/// one iteration: all but the last loop of rows where every one has one (a
/// reduction of one row keeps it), and not the row.
SmallVector<unsigned> keepRowLoops(Operation *op) {
  auto generic = cast<linalg::GenericOp>(op);
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  unsigned rows = ranges.size() - 1;
  auto loops = llvm::to_vector(llvm::seq<unsigned>(0, rows));
  if (llvm::all_of(ArrayRef(ranges).take_front(rows),
                   [](int64_t range) { return range == 1; }))
    loops.pop_back();
  return loops;
}

struct CollapseRowLoopsPass
    : public halc::impl::CollapseRowLoopsPassBase<CollapseRowLoopsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (SmallVector<linalg::GenericOp> &chain :
         collectRowChains(getOperation())) {
      // Loops of rows of one iteration, and operands' dimensions of one
      // read at 0 (a row's sum kept as 8x128x1), go.
      linalg::ControlDropUnitDims control;
      control.controlFn = keepRowLoops;
      for (linalg::GenericOp &op : chain) {
        rewriter.setInsertionPoint(op);
        FailureOr<linalg::DropUnitDimsResult> dropped =
            linalg::dropUnitDims(rewriter, op, control);
        if (failed(dropped))
          continue;
        rewriter.replaceOp(op, dropped->replacements);
        op = cast<linalg::GenericOp>(dropped->resultOp.getOperation());
      }
      // The ops of the chain's rows (and row) merge their loops of rows
      // alike; ops on fewer loops stay as they are.
      int64_t loops = 0;
      for (linalg::GenericOp op : chain)
        loops = std::max<int64_t>(loops, op.getNumLoops());
      if (loops < 4)
        continue;
      SmallVector<linalg::GenericOp> rowsOps =
          llvm::filter_to_vector(chain, [&](linalg::GenericOp op) {
            return op.getNumLoops() == loops;
          });
      SmallVector<ReassociationIndices> groups =
          chooseRowGroups(rowsOps, loops);
      if (groups.empty())
        continue;
      for (linalg::GenericOp op : rowsOps) {
        rewriter.setInsertionPoint(op);
        FailureOr<linalg::CollapseResult> collapsed =
            linalg::collapseOpIterationDims(op, groups, rewriter);
        if (succeeded(collapsed))
          rewriter.replaceOp(op, collapsed->results);
      }
    }
  }
};

} // namespace
