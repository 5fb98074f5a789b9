//===- ThreadTiles.cpp - A tile of the output a thread --------------------===//
//
// The strategy: the innermost (up to three) parallel loops of the tiled op are
// distributed over workgroup dimensions x, y, z; each thread of a workgroup
// computes `perThread` consecutive elements along each of them; reductions
// run serially inside each thread. Tiles that divide the loops evenly are
// preferred: a thread's work then has a static shape and is vectorized.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/Strategies/StrategyUtils.h"

#include <tuple>

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Elements per thread along workgroup dimension `dim` of a loop of `size`:
/// four consecutive ones where they divide evenly (a vector of four), along
/// x for an elementwise op, along x and y for a contraction (a 4x4 block of
/// outputs); else one.
int64_t elementsPerThread(bool elementwise, bool contraction, unsigned dim,
                          int64_t size) {
  bool blocked = (elementwise && dim == 0) || (contraction && dim < 2);
  if (!blocked || ShapedType::isDynamic(size))
    return 1;
  return size % 4 == 0 ? 4 : 1;
}

} // namespace

LoweringConfigAttr mlir::halc::chooseThreadTilesConfig(linalg::LinalgOp root,
                                                       func::FuncOp dispatch,
                                                       TargetAttr target,
                                                       bool contraction) {
  bool elementwise = !contraction && root.getNumReductionLoops() == 0;
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  SmallVector<unsigned> allParallel;
  root.getParallelDims(allParallel);
  // The innermost three parallel loops go to workgroups, but a dynamic one
  // (a batch) always does: a thread's tile must have a static bound. Where
  // dynamic loops take places, the largest static loops fill the rest: a
  // thread takes the smallest whole (a convolution's 4 columns, not its 128
  // channels, which lavapipe computed wrongly from one thread).
  SmallVector<unsigned> parallel;
  for (unsigned loop : allParallel)
    if (ShapedType::isDynamic(ranges[loop]))
      parallel.push_back(loop);
  SmallVector<unsigned> candidates =
      llvm::to_vector(llvm::reverse(allParallel));
  // Largest first; of equal ones, the inner first.
  if (!parallel.empty())
    llvm::sort(candidates, [&](unsigned a, unsigned b) {
      return std::tie(ranges[a], a) > std::tie(ranges[b], b);
    });
  for (unsigned loop : candidates)
    if (parallel.size() < 3 && !llvm::is_contained(parallel, loop))
      parallel.push_back(loop);
  llvm::sort(parallel);

  // A workgroup of four subgroups, at least 64 threads, within the limit.
  int64_t budget = std::min<int64_t>(
      target.getMaxWorkgroupInvocations(),
      std::max<int64_t>(64, 4 * target.getPreferredSubgroupSize()));
  ArrayRef<int64_t> maxSize = target.getMaxWorkgroupSize();

  SmallVector<int64_t> workgroupTile(ranges.size(), 0);
  SmallVector<int64_t> workgroupSize = {1, 1, 1};
  // x is the innermost parallel loop, y the next, z the one after.
  for (unsigned dim = 0; dim < 3 && dim < parallel.size(); ++dim) {
    unsigned loop = parallel[parallel.size() - 1 - dim];
    int64_t size = ranges[loop];
    int64_t perThread = elementsPerThread(elementwise, contraction, dim, size);
    // A dynamic extent (a batch) is taken as large: full workgroups, the
    // last one guarded.
    if (ShapedType::isDynamic(size))
      size = kDynamicExtentStandIn;
    int64_t limit = std::min(budget, maxSize[dim]);
    // Contractions keep the tile closer to square: x gets at most 16 threads.
    if (contraction && dim == 0 && parallel.size() > 1)
      limit = std::min<int64_t>(limit, 16);
    int64_t threads = chooseThreads(size, perThread, limit);
    workgroupSize[dim] = threads;
    workgroupTile[loop] = threads * perThread;
    budget /= threads;
  }
  return LoweringConfigAttr::get(root.getContext(), Strategy::ThreadTiles,
                                 workgroupTile, workgroupSize,
                                 chooseReductionTile(dispatch),
                                 /*reductionLanes=*/0, /*promoteOperands=*/{},
                                 /*subgroupMatrix=*/{});
}
