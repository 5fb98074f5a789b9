//===- ReduceFewRows.cpp - Contractions of a few rows as column reductions ===//
//
// Tiles of a staged contraction are at least 16 rows: a matmul of 8 rows
// computes twice what it needs and reads B once per tile of columns from
// mostly idle workgroups. With K outside N it is a reduction of the columns
// of B, which the column strategy reads once at memory speed.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/Passes.h"
#include "compiler/Codegen/Common/Strategies/Strategies.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"

namespace mlir::halc {
#define GEN_PASS_DEF_REDUCEFEWROWSPASS
#include "compiler/Codegen/Common/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The loops (m, n, k) of `op` when it is a static 2-D contraction
/// `A[m, k] B[k, n] -> C[m, n]` with at most kMaxFewRows rows, without a
/// lowering config of the input's (which wins, for the op as it is).
std::optional<std::array<unsigned, 3>> getFewRowLoops(linalg::LinalgOp op) {
  if (op->hasAttr(kLoweringConfigAttrName) ||
      !linalg::isaContractionOpInterface(op) || op.getNumLoops() != 3 ||
      op.getNumReductionLoops() != 1 || op.getNumDpsInputs() != 2 ||
      op.hasDynamicShape())
    return std::nullopt;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (!llvm::all_of(maps, [](AffineMap map) {
        return map.isProjectedPermutation() && map.getNumResults() == 2;
      }))
    return std::nullopt;
  unsigned m = maps[2].getDimPosition(0), n = maps[2].getDimPosition(1);
  unsigned k = 3 - m - n;
  // A reads (m, k) and B (k, n): B along its rows.
  if (maps[0].getDimPosition(0) != m || maps[0].getDimPosition(1) != k ||
      maps[1].getDimPosition(0) != k || maps[1].getDimPosition(1) != n ||
      op.getStaticLoopRanges()[m] > kMaxFewRows)
    return std::nullopt;
  return std::array<unsigned, 3>{m, n, k};
}

struct ReduceFewRowsPass
    : public halc::impl::ReduceFewRowsPassBase<ReduceFewRowsPass> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::LinalgOp, std::array<unsigned, 3>>> ops;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (std::optional<std::array<unsigned, 3>> loops = getFewRowLoops(op))
        ops.push_back({op, *loops});
    });
    IRRewriter rewriter(&getContext());
    for (auto [op, loops] : ops) {
      FailureOr<linalg::GenericOp> generic = toGeneric(rewriter, op);
      if (failed(generic))
        continue;
      // interchangeGenericOp's permutation: new loop i is old loop perm[i].
      auto [m, n, k] = loops;
      SmallVector<unsigned> order = {m, k, n};
      (void)linalg::interchangeGenericOp(rewriter, *generic, order);
    }
  }
};

} // namespace
