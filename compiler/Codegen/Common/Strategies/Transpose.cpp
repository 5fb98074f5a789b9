//===- Transpose.cpp - Transposes through workgroup memory ----------------===//

#include "compiler/Codegen/Common/Strategies/StrategyUtils.h"

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The side of a transpose's square tile.
constexpr int64_t kTransposeTile = 32;

} // namespace

/// For an elementwise `root` that reads an input across its rows (a
/// transpose: the input's innermost dimension is the root's next-to-last
/// loop, its innermost loop another dimension of the input), a workgroup
/// of 32x32 elements of the last two loops (one along any loop before),
/// whose input tile is promoted: the threads copy it to workgroup memory
/// along the input's rows and write the output along its own, both
/// coalesced. Null when there is no such input, the two loops have fewer
/// than 32 elements, or the target's workgroups are smaller than 256.
LoweringConfigAttr mlir::halc::chooseTransposeConfig(linalg::LinalgOp root,
                                                     TargetAttr target) {
  unsigned loops = root.getNumLoops();
  if (loops < 2 || loops > 3 || root.getNumReductionLoops() > 0)
    return {};
  SmallVector<int64_t> promoted;
  for (OpOperand *input : root.getDpsInputOperands()) {
    AffineMap map = root.getMatchingIndexingMap(input);
    if (map.isPermutation() && map.getDimPosition(loops - 1) == loops - 2)
      promoted.push_back(input->getOperandNumber());
  }
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  auto isLarge = [](int64_t extent) {
    return !ShapedType::isDynamic(extent) && extent >= kTransposeTile;
  };
  int64_t rows = kTransposeTile / 4;
  if (promoted.empty() || !isLarge(ranges[loops - 1]) ||
      !isLarge(ranges[loops - 2]) ||
      target.getMaxWorkgroupInvocations() < kTransposeTile * rows ||
      target.getMaxWorkgroupSize()[0] < kTransposeTile ||
      target.getMaxWorkgroupSize()[1] < rows)
    return {};
  SmallVector<int64_t> workgroupTile(loops, 1);
  workgroupTile[loops - 1] = kTransposeTile;
  workgroupTile[loops - 2] = kTransposeTile;
  return LoweringConfigAttr::get(root.getContext(), Strategy::Transpose,
                                 workgroupTile, {kTransposeTile, rows, 1},
                                 /*reductionTile=*/{}, /*reductionLanes=*/0,
                                 promoted, /*subgroupMatrix=*/{});
}
