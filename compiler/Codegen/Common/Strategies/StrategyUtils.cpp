//===- StrategyUtils.cpp - What the strategies share ----------------------===//

#include "compiler/Codegen/Common/Strategies/StrategyUtils.h"
#include "compiler/Codegen/Common/PromoteOperands.h"

#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::halc;

int64_t mlir::halc::getWorkgroupsToFill(TargetAttr target) {
  int64_t computeUnits = target.getComputeUnits();
  return computeUnits ? int64_t(llvm::bit_floor(uint64_t(2 * computeUnits)))
                      : 256;
}

int64_t mlir::halc::chooseThreads(int64_t size, int64_t perThread,
                                  int64_t limit) {
  int64_t chunks = llvm::divideCeil(size, perThread);
  int64_t fallback = std::max<int64_t>(
      1, std::min<int64_t>(llvm::PowerOf2Ceil(chunks), limit));
  if (size % perThread != 0)
    return fallback;
  for (int64_t threads = std::min(chunks, limit); 2 * threads > fallback;
       --threads)
    if (chunks % threads == 0)
      return threads;
  return fallback;
}

linalg::LinalgOp mlir::halc::findReduction(func::FuncOp dispatch) {
  linalg::LinalgOp reduction;
  dispatch.walk([&](linalg::LinalgOp op) {
    if (op.getNumReductionLoops() > 0)
      reduction = op;
  });
  return reduction;
}

SmallVector<int64_t> mlir::halc::chooseReductionTile(func::FuncOp dispatch) {
  linalg::LinalgOp reduction = findReduction(dispatch);
  if (!reduction)
    return {};
  SmallVector<int64_t> ranges = reduction.getStaticLoopRanges();
  SmallVector<unsigned> reductions;
  reduction.getReductionDims(reductions);
  SmallVector<int64_t> steps(reductions.size(), 1);
  int64_t size = ranges[reductions.back()];
  for (int64_t candidate : {4, 2})
    if (size % candidate == 0) {
      steps.back() = candidate;
      break;
    }
  return steps;
}

std::optional<int64_t>
mlir::halc::getWorkgroupMemoryBytes(linalg::LinalgOp root,
                                    LoweringConfigAttr config) {
  int64_t bytes = 0;
  for (int64_t operand : config.getPromoteOperands()) {
    OpOperand *input = root.getDpsInputOperand(operand);
    Type element = getElementTypeOrSelf(input->get().getType());
    if (!root.getMatchingIndexingMap(input).isProjectedPermutation() ||
        !element.isIntOrFloat())
      return std::nullopt;
    bytes += computeProduct(getPromotedShape(root, operand, config)) *
             llvm::divideCeil(element.getIntOrFloatBitWidth(), 8);
  }
  return bytes;
}

bool mlir::halc::fitsWorkgroupMemory(linalg::LinalgOp root,
                                     LoweringConfigAttr config,
                                     TargetAttr target, int64_t otherBytes) {
  std::optional<int64_t> bytes = getWorkgroupMemoryBytes(root, config);
  return bytes && *bytes + otherBytes <= target.getMaxSharedMemoryBytes();
}
