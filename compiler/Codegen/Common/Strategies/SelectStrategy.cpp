//===- SelectStrategy.cpp - The strategy of each dispatch -----------------===//
//
// A dispatch with a contraction runs it on cooperative matrices, else
// staged through workgroup memory, where its shape allows; a row chain (a
// softmax) and a reduction along rows share each row among lanes; a
// reduction of columns (a contraction of few rows among them) shares each
// column; an elementwise op that reads across rows is a transpose; the
// rest, and whatever the strategies above refuse, gets thread tiles.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/Strategies/StrategyUtils.h"

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Whether the dispatch has a contraction (a matmul-like op).
bool hasContraction(func::FuncOp dispatch) {
  return dispatch
      .walk([&](linalg::LinalgOp op) {
        return linalg::isaContractionOpInterface(op) ? WalkResult::interrupt()
                                                     : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether `config` tiles a reduction loop of `op` across the steps of its
/// workgroups.
bool stepsThroughReduction(linalg::LinalgOp op, LoweringConfigAttr config) {
  for (auto [tile, iterator] :
       llvm::zip_equal(config.getWorkgroupTile(), op.getIteratorTypesArray()))
    if (tile != 0 && iterator == utils::IteratorType::reduction)
      return true;
  return false;
}

} // namespace

LoweringConfigAttr mlir::halc::chooseLoweringConfig(linalg::LinalgOp root,
                                                    func::FuncOp dispatch,
                                                    TargetAttr target) {
  bool contraction = hasContraction(dispatch);
  if (contraction) {
    // halc-reduce-few-rows ordered the contraction for its columns' lanes.
    if (hasFewRows(root) && getLanes(root, dispatch) == Lanes::AlongColumn)
      if (LoweringConfigAttr config = chooseColumnLanesConfig(root, target))
        return config;
    if (LoweringConfigAttr config = chooseCooperativeMatrixConfig(root, target))
      return config;
    if (LoweringConfigAttr config = chooseStagedContractionConfig(root, target))
      return config;
  } else if (isRowChain(root, dispatch)) {
    return chooseRowLanesConfig(root, dispatch, target, /*rowChain=*/true);
  }
  bool reduction = root.getNumReductionLoops() > 0;
  if (!contraction && !reduction)
    if (LoweringConfigAttr config = chooseTransposeConfig(root, target))
      return config;
  // A contraction the strategies above refuse is a reduction of rows or
  // columns where lanes can share it: a matvec or vecmat (once
  // halc-drop-unit-loops has run), a matmul of few rows whose B is read
  // transposed (a fully connected layer's weights, N x K).
  if (reduction) {
    Lanes lanes = getLanes(root, dispatch);
    if (lanes == Lanes::AlongRow)
      return chooseRowLanesConfig(root, dispatch, target, /*rowChain=*/false);
    if (lanes == Lanes::AlongColumn)
      if (LoweringConfigAttr config = chooseColumnLanesConfig(root, target))
        return config;
  }
  return chooseThreadTilesConfig(root, dispatch, target, contraction);
}

LoweringConfigAttr mlir::halc::chooseEpilogueContractionConfig(
    linalg::LinalgOp contraction, func::FuncOp dispatch, TargetAttr target) {
  if (LoweringConfigAttr config =
          chooseCooperativeMatrixConfig(contraction, target, /*epilogue=*/true))
    return config;
  if (LoweringConfigAttr config =
          chooseStagedContractionConfig(contraction, target))
    return config;
  if (getLanes(contraction, dispatch) == Lanes::AlongRow)
    return chooseRowLanesConfig(contraction, dispatch, target,
                                /*rowChain=*/false);
  return {};
}

LogicalResult mlir::halc::verifyStrategy(linalg::LinalgOp op,
                                         func::FuncOp dispatch,
                                         LoweringConfigAttr config) {
  Strategy strategy = config.getStrategy();
  auto mismatch = [&]() {
    return op->emitError("lowering_config has strategy ")
           << stringifyStrategy(strategy) << ", but ";
  };
  if (config.getWorkgroupTile().size() != op.getNumLoops())
    return op->emitError("lowering_config has ")
           << config.getWorkgroupTile().size()
           << " workgroup_tile entries but the op has " << op.getNumLoops()
           << " loops";
  for (int64_t operand : config.getPromoteOperands())
    if (operand >= op.getNumDpsInputs())
      return mismatch() << "promote_operands names operand " << operand
                        << " of an op with " << op.getNumDpsInputs()
                        << " inputs";
  bool steps = stepsThroughReduction(op, config);
  switch (strategy) {
  case Strategy::ThreadTiles:
    if (steps)
      return mismatch() << "its workgroup_tile steps through a reduction "
                           "loop, which only a contraction staged in "
                           "workgroup memory does";
    return success();
  case Strategy::Transpose:
    if (op.getNumReductionLoops() > 0)
      return mismatch() << "the op has reduction loops";
    return success();
  case Strategy::RowLanes:
  case Strategy::ColumnLanes:
    if (steps)
      return mismatch() << "its workgroup_tile steps through a reduction "
                           "loop that its lanes share; a workgroup does one "
                           "or the other";
    if (strategy == Strategy::ColumnLanes) {
      if (getLanes(op, dispatch) != Lanes::AlongColumn)
        return mismatch() << "the op is not a reduction of an outer loop, "
                             "read along whole rows of 32 columns, that "
                             "lanes can share";
      return success();
    }
    if (getLanes(op, dispatch) != Lanes::AlongRow && !isRowChain(op, dispatch))
      return mismatch() << "the op is neither a reduction of its innermost "
                           "loop that lanes can share nor the end of a row "
                           "chain";
    return success();
  case Strategy::StagedContraction:
  case Strategy::CooperativeMatrix:
    if (!linalg::isaContractionOpInterface(op) ||
        op.getNumReductionLoops() != 1)
      return mismatch() << "the op is not a contraction with one reduction "
                           "loop";
    if (strategy == Strategy::CooperativeMatrix &&
        !isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op.getOperation()))
      return mismatch() << "cooperative matrices run a linalg.matmul or "
                           "linalg.batch_matmul only";
    if (!steps)
      return mismatch() << "its workgroup_tile does not step through the "
                           "contraction's reduction loop";
    return success();
  }
  llvm_unreachable("a strategy without a check");
}
