//===- TileAndDistribute.cpp - Tile to workgroups and threads -------------===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/EdgeTiles.h"
#include "compiler/Codegen/Common/Passes.h"
#include "compiler/Codegen/Common/PromoteOperands.h"
#include "compiler/Codegen/Common/Strategies/Strategies.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::halc {
#define GEN_PASS_DEF_TILEANDDISTRIBUTEPASS
#include "compiler/Codegen/Common/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The loops tiled across workgroups and the GPU dimension each maps to:
/// the innermost tiled loop to x, the next to y, then z.
struct Distribution {
  SmallVector<unsigned> loops;
  SmallVector<gpu::MappingId> dims;

  SmallVector<Attribute> blockMapping(MLIRContext *context) const {
    return llvm::map_to_vector(dims, [&](gpu::MappingId id) -> Attribute {
      return gpu::GPUBlockMappingAttr::get(context, id);
    });
  }
  /// Threads, or subgroups where each iteration is a subgroup's work (a
  /// contraction on cooperative matrices).
  SmallVector<Attribute> threadMapping(MLIRContext *context,
                                       bool subgroups) const {
    return llvm::map_to_vector(dims, [&](gpu::MappingId id) -> Attribute {
      if (subgroups)
        return gpu::GPUWarpMappingAttr::get(context, id);
      return gpu::GPUThreadMappingAttr::get(context, id);
    });
  }
};

std::optional<int64_t> getConstantHolding(OpFoldResult size);

/// The ordinal of the dispatch constant holding dimension `index` of
/// `shaped`, through the ops it was computed by.
std::optional<int64_t> getDimConstant(Value shaped, int64_t index) {
  Operation *def = shaped.getDefiningOp();
  if (auto toTensor = dyn_cast_if_present<bufferization::ToTensorOp>(def))
    return getDimConstant(toTensor.getBuffer(), index);
  if (auto view = dyn_cast_if_present<memref::ReinterpretCastOp>(def))
    return getConstantHolding(view.getMixedSizes()[index]);
  if (auto expand = dyn_cast_if_present<tensor::ExpandShapeOp>(def))
    return getConstantHolding(expand.getMixedOutputShape()[index]);
  if (auto empty = dyn_cast_if_present<tensor::EmptyOp>(def))
    return empty.getType().isDynamicDim(index)
               ? getConstantHolding(empty.getDynamicSize(index))
               : std::nullopt;
  if (auto dps = dyn_cast_if_present<DestinationStyleOpInterface>(def))
    return getDimConstant(
        dps.getDpsInitOperand(cast<OpResult>(shaped).getResultNumber())->get(),
        index);
  return std::nullopt;
}

/// The ordinal of the dispatch constant that `size` (a loop extent) is,
/// looking through the sizes of the tensors and views it was read from.
std::optional<int64_t> getConstantHolding(OpFoldResult size) {
  auto value = dyn_cast<Value>(size);
  if (!value)
    return std::nullopt;
  if (auto load = value.getDefiningOp<ConstantLoadOp>())
    return load.getOrdinal();
  if (auto cast = value.getDefiningOp<arith::IndexCastUIOp>())
    return getConstantHolding(cast.getIn());
  auto dim = value.getDefiningOp<ShapedDimOpInterface>();
  std::optional<int64_t> index =
      dim ? getConstantIntValue(dim.getDimension()) : std::nullopt;
  return index ? getDimConstant(dim.getShapedValue(), *index) : std::nullopt;
}

/// Whether the lanes of `config` share rows: the innermost loop is whole in
/// each workgroup, and every op on it (the reductions of a row chain, then
/// its elementwise root) is split among the lanes in turn.
bool sharesRows(LoweringConfigAttr config) {
  return config.getStrategy() == Strategy::RowLanes;
}

FailureOr<Distribution> planDistribution(linalg::LinalgOp root,
                                         LoweringConfigAttr config) {
  SmallVector<utils::IteratorType> iterators = root.getIteratorTypesArray();
  Distribution plan;
  for (auto [loop, tile] : llvm::enumerate(config.getWorkgroupTile())) {
    if (tile == 0)
      continue;
    // A tiled reduction loop is the workgroup's serial loop (stepThrough).
    if (iterators[loop] == utils::IteratorType::reduction)
      continue;
    plan.loops.push_back(loop);
  }
  // The lanes of each reduction take x when they share rows (the innermost
  // loop is whole in a workgroup), else y (a column: the tiled loops keep
  // x, coalesced).
  SmallVector<gpu::MappingId> free = {gpu::MappingId::DimX,
                                      gpu::MappingId::DimY,
                                      gpu::MappingId::DimZ};
  if (config.getStrategy() == Strategy::RowLanes ||
      config.getStrategy() == Strategy::ColumnLanes)
    free.erase(free.begin() + (sharesRows(config) ? 0 : 1));
  if (plan.loops.size() > free.size())
    return root->emitError("lowering_config tiles ")
           << plan.loops.size() << " loops across workgroups; at most "
           << free.size() << " map to workgroup dimensions";
  for (size_t i = 0; i < plan.loops.size(); ++i)
    plan.dims.push_back(free[plan.loops.size() - 1 - i]);
  return plan;
}

/// Tiles `op` with `tilingOptions` and fuses its producers into the new
/// loops, those that initialize its destination too where
/// `fuseDestinations` (not for a serial loop: an accumulator's initial value
/// is set once, before it); replaces the uses of `op`. Ops tiled before
/// (earlier stages of a workgroup) are loops by now: they are not fused.
FailureOr<scf::SCFTileAndFuseResult>
tileAndFuse(RewriterBase &rewriter, Operation *op,
            const scf::SCFTilingOptions &tilingOptions,
            bool fuseDestinations = true) {
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(tilingOptions);
  options.setFusionControlFn(
      [fuseDestinations](tensor::ExtractSliceOp, OpResult producer,
                         bool destination)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (destination && !fuseDestinations)
          return std::nullopt;
        // An earlier stage's loop (a contraction's K loop, which its
        // epilogue reads) is not recomputed per tile.
        if (isa<LoopLikeOpInterface>(producer.getOwner()))
          return std::nullopt;
        // A padded input is read through transfers that give zeros past
        // its edges (halc-vectorize), not computed per tile.
        if (isa<tensor::PadOp>(producer.getOwner()))
          return std::nullopt;
        return scf::SCFTileAndFuseOptions::ControlFnResult{};
      });
  FailureOr<scf::SCFTileAndFuseResult> result =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(op), options);
  if (failed(result))
    return op->emitError("could not be tiled for the GPU");
  for (OpResult res : op->getResults())
    if (Value replacement = result->replacements.lookup(res))
      rewriter.replaceAllUsesWith(res, replacement);
  return result;
}

/// Canonicalizes, resolving `tensor.dim` of tiled ops so that the untiled
/// originals they still refer to become dead, and folding reshapes of empty
/// tensors into empty tensors (so that results still go straight into their
/// bindings).
LogicalResult canonicalizeTiledLoops(func::FuncOp dispatch) {
  MLIRContext *context = dispatch.getContext();
  RewritePatternSet patterns(context);
  for (Dialect *dialect : context->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : context->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, context);
  memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
  tensor::populateFoldTensorEmptyPatterns(patterns);
  return applyPatternsGreedily(dispatch, std::move(patterns));
}

/// The first op among `ops` with reduction loops (outside a row chain, a
/// dispatch has at most one).
linalg::LinalgOp findReduction(ArrayRef<Operation *> ops) {
  for (Operation *op : ops)
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
      if (linalgOp.getNumReductionLoops() > 0)
        return linalgOp;
  return nullptr;
}

/// Computes the producer that `operand` reads a slice of (fused into a
/// larger tile: a workgroup's, a thread's) on that slice alone, where the
/// slice is a step of a serial loop: an im2col matrix or a padded input is
/// then computed a step at a time, never whole.
LogicalResult computeProducerPerStep(RewriterBase &rewriter,
                                     OpOperand &operand) {
  auto slice = operand.get().getDefiningOp<tensor::ExtractSliceOp>();
  auto producer = slice ? dyn_cast<OpResult>(slice.getSource()) : OpResult();
  if (!producer || !isa<TilingInterface>(producer.getOwner()) ||
      isa<tensor::PadOp>(producer.getOwner()))
    return success();
  rewriter.setInsertionPoint(slice);
  FailureOr<TilingResult> tiled =
      tensor::replaceExtractSliceWithTiledProducer(rewriter, slice, producer);
  if (failed(tiled))
    return operand.getOwner()->emitError("could not compute operand ")
           << operand.getOperandNumber() << "'s producer a step at a time";
  rewriter.replaceOp(slice, tiled->tiledValues.front());
  return success();
}

/// Tiles `op` by `tileSizes` into a serial scf.for nest (its accumulator
/// carried through the loops) and replaces its uses; the producers fused
/// into its inputs are computed a step at a time.
FailureOr<scf::SCFTilingResult> tileInSerialLoops(RewriterBase &rewriter,
                                                  linalg::LinalgOp op,
                                                  ArrayRef<int64_t> tileSizes) {
  scf::SCFTilingOptions options;
  options.setTileSizes(getAsIndexOpFoldResult(op.getContext(), tileSizes));
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(tiled))
    return op->emitError("could not tile the reduction loops");
  rewriter.replaceOp(op, tiled->replacements);
  for (OpOperand *input :
       cast<linalg::LinalgOp>(tiled->tiledOps.front()).getDpsInputOperands())
    if (failed(computeProducerPerStep(rewriter, *input)))
      return failure();
  return tiled;
}

/// Tiles the reduction loops of `op` by the config's `reduction_tile` into a
/// serial `scf.for` nest; in a row chain (`sharesRows`), an op without
/// reduction loops (the root) has its row tiled so, and the elementwise
/// producers of either are fused into the loop, not the one that
/// initializes an accumulator (a fill, which must run once, before it).
/// Errors are reported on `root`, which carries the config.
LogicalResult tileSerially(RewriterBase &rewriter, linalg::LinalgOp op,
                           linalg::LinalgOp root, LoweringConfigAttr config) {
  ArrayRef<int64_t> steps = config.getReductionTile();
  unsigned reductionLoops = op ? op.getNumReductionLoops() : 0;
  bool rowOfChain = sharesRows(config) && op && reductionLoops == 0;
  if (steps.size() > (rowOfChain ? 1 : reductionLoops))
    return root->emitError("lowering_config has ")
           << steps.size() << " reduction_tile entries but the dispatch has "
           << reductionLoops << " reduction loops";
  SmallVector<int64_t> tileSizes;
  unsigned next = 0;
  for (utils::IteratorType iterator : op.getIteratorTypesArray()) {
    bool tiled = iterator == utils::IteratorType::reduction && next < steps.size();
    tileSizes.push_back(tiled ? steps[next++] : 0);
  }
  if (rowOfChain)
    tileSizes.back() = steps.front();
  if (!sharesRows(config))
    return tileInSerialLoops(rewriter, op, tileSizes);
  scf::SCFTilingOptions options;
  options.setTileSizes(getAsIndexOpFoldResult(op.getContext(), tileSizes));
  rewriter.setInsertionPoint(op);
  return tileAndFuse(rewriter, op, options, /*fuseDestinations=*/false);
}

/// The workgroup tile of `config` on `root`'s reduction loops (the steps of
/// the workgroup's serial loop over them), zero on its parallel loops: all
/// zero when the config tiles no reduction loop.
SmallVector<int64_t> getWorkgroupSteps(linalg::LinalgOp root,
                                       LoweringConfigAttr config) {
  SmallVector<int64_t> steps(config.getWorkgroupTile());
  for (auto [step, iterator] :
       llvm::zip_equal(steps, root.getIteratorTypesArray()))
    if (iterator == utils::IteratorType::parallel)
      step = 0;
  return steps;
}

/// The extent of each loop of a workgroup's tile of `root` under `config`
/// once padded to a whole tile: its workgroup tile (or its whole extent
/// where untiled), a reduction loop rounded up to whole `steps`.
SmallVector<int64_t> getPaddedRanges(linalg::LinalgOp root,
                                     LoweringConfigAttr config,
                                     ArrayRef<int64_t> steps) {
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  for (auto [loop, range] : llvm::enumerate(ranges)) {
    int64_t tile = config.getWorkgroupTile()[loop];
    if (steps[loop])
      range = llvm::alignTo(range, steps[loop]);
    else if (tile)
      range = tile;
  }
  return ranges;
}

/// Runs a workgroup's tile of the root over its reduction loops in `steps`
/// (a matmul's K), an scf.for whose accumulator starts as the op that
/// initializes it (a fill), which is returned in `init` when it is a linalg
/// op; returns the op of one step.
FailureOr<linalg::LinalgOp> stepThrough(RewriterBase &rewriter,
                                        linalg::LinalgOp tiledRoot,
                                        ArrayRef<int64_t> steps,
                                        linalg::LinalgOp &init) {
  FailureOr<scf::SCFTilingResult> tiled =
      tileInSerialLoops(rewriter, tiledRoot, steps);
  if (failed(tiled))
    return failure();
  auto loop = cast<scf::ForOp>(tiled->loops.front().getOperation());
  init = loop.getInitArgs().front().getDefiningOp<linalg::LinalgOp>();
  return cast<linalg::LinalgOp>(tiled->tiledOps.front());
}

/// Thread tiling of `op`, an op writing `root`'s result (the fill of its
/// accumulator), from `rootOptions`, the thread tiling of `root`: the tiles
/// of the loops that index the result.
scf::SCFTilingOptions getResultThreadOptions(linalg::LinalgOp op,
                                             linalg::LinalgOp root,
                                             ArrayRef<int64_t> rootThreadTile,
                                             scf::SCFTilingOptions rootOptions) {
  AffineMap result = root.getMatchingIndexingMap(root.getDpsInitOperand(0));
  SmallVector<int64_t> tile;
  for (unsigned dim = 0; dim < result.getNumResults(); ++dim)
    tile.push_back(rootThreadTile[result.getDimPosition(dim)]);
  tile.resize(op.getNumLoops(), 0);
  return rootOptions.setTileSizes(getAsIndexOpFoldResult(op.getContext(), tile));
}

/// The ops the threads of a workgroup run in turn when lanes share rows: the
/// reductions in the workgroup's `body` (a row chain's, in order), then
/// `root` unless it is one of them; each is tiled to the threads on its own,
/// with the elementwise ops that feed it.
SmallVector<Operation *> getRowStages(Block &body, Operation *root) {
  SmallVector<Operation *> stages;
  for (Operation &op : body)
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
      if (linalgOp.getNumReductionLoops() > 0)
        stages.push_back(&op);
  if (!llvm::is_contained(stages, root))
    stages.push_back(root);
  return stages;
}

/// `tile`, one entry per loop of `root`, as one per loop of `epilogue`,
/// whose loops are the dimensions of `root`'s result (in order: an error
/// otherwise, as the loops would map to other GPU dimensions).
FailureOr<SmallVector<int64_t>> getEpilogueTile(linalg::LinalgOp root,
                                                linalg::LinalgOp epilogue,
                                                ArrayRef<int64_t> tile) {
  AffineMap result = root.getMatchingIndexingMap(root.getDpsInitOperand(0));
  SmallVector<int64_t> epilogueTile;
  for (unsigned dim = 0; dim < result.getNumResults(); ++dim) {
    if (dim > 0 && result.getDimPosition(dim) < result.getDimPosition(dim - 1))
      return root->emitError("writes its result in another order than its "
                             "loops; halc cannot tile its epilogue with it");
    epilogueTile.push_back(tile[result.getDimPosition(dim)]);
  }
  return epilogueTile;
}

/// Where the configured op is a contraction whose result the dispatch's
/// result producer applies an epilogue to (getEpilogueContraction), that
/// epilogue, rewritten to update the accumulator in place (its init, what
/// the contraction's fill writes first, is the result): the tiles of both
/// then live in the result's. An epilogue that changes the element type
/// stays as it is: the accumulator is a temporary, whose reads
/// halc-lower-vectors forwards from registers; so does one of a
/// contraction on cooperative matrices (`subgroups`), whose accumulator is
/// in workgroup memory. Null where the configured op writes the result
/// itself.
FailureOr<linalg::LinalgOp> prepareEpilogue(RewriterBase &rewriter,
                                            func::FuncOp dispatch,
                                            linalg::LinalgOp root,
                                            bool subgroups) {
  linalg::LinalgOp producer = getResultProducer(dispatch);
  if (!producer)
    return failure();
  if (producer == root)
    return linalg::LinalgOp();
  if (getEpilogueContraction(producer) != root)
    return root->emitError("has the lowering_config, but the dispatch's "
                           "result is written by '")
           << producer->getName()
           << "', which is not an elementwise epilogue of it";
  // An accumulator of another element type, or one of cooperative
  // matrices (in workgroup memory), stays a temporary of its own.
  if (subgroups || getElementTypeOrSelf(producer->getResult(0).getType()) !=
                       getElementTypeOrSelf(root->getResult(0).getType()))
    return producer;
  FailureOr<linalg::GenericOp> generic = toGeneric(rewriter, producer);
  if (failed(generic))
    return producer->emitError("could not be written as a linalg.generic");
  Value accumulator = root->getResult(0);
  auto fill = root.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  fill.getOutputsMutable()[0].set(generic->getDpsInits()[0]);
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  unsigned accumulatorIndex = 0;
  for (OpOperand *input : generic->getDpsInputOperands()) {
    if (input->get() == accumulator) {
      accumulatorIndex = input->getOperandNumber();
      continue;
    }
    inputs.push_back(input->get());
    maps.push_back(generic->getMatchingIndexingMap(input));
  }
  maps.push_back(
      generic->getMatchingIndexingMap(generic->getDpsInitOperand(0)));
  auto inPlace = linalg::GenericOp::create(
      rewriter, generic->getLoc(), generic->getResultTypes(), inputs,
      accumulator, maps, generic->getIteratorTypesArray());
  Region &region = inPlace.getRegion();
  rewriter.inlineRegionBefore(generic->getRegion(), region, region.end());
  Block &body = region.front();
  // The accumulator's element is what the init's block argument holds now.
  BlockArgument element = body.getArgument(accumulatorIndex);
  rewriter.replaceAllUsesWith(element,
                              body.getArgument(generic->getNumDpsInputs()));
  body.eraseArgument(accumulatorIndex);
  rewriter.replaceOp(*generic, inPlace->getResults());
  return cast<linalg::LinalgOp>(inPlace.getOperation());
}

LogicalResult tileAndDistribute(ExportOp exportOp, func::FuncOp dispatch) {
  if (failed(canonicalizeTiledLoops(dispatch)))
    return dispatch.emitError("cleanup before tiling did not converge");
  linalg::LinalgOp root = getConfiguredRoot(dispatch);
  if (!root)
    return failure();
  auto config = root->getAttrOfType<LoweringConfigAttr>(kLoweringConfigAttrName);
  if (failed(verifyStrategy(root, dispatch, config)))
    return failure();
  FailureOr<Distribution> plan = planDistribution(root, config);
  if (failed(plan))
    return failure();
  MLIRContext *context = dispatch.getContext();
  IRRewriter rewriter(context);
  bool subgroups = config.getStrategy() == Strategy::CooperativeMatrix;
  FailureOr<linalg::LinalgOp> epilogue =
      prepareEpilogue(rewriter, dispatch, root, subgroups);
  if (failed(epilogue))
    return failure();
  rewriter.setInsertionPoint(root);
  SmallVector<int64_t> workgroupCount = {1, 1, 1};
  SmallVector<int64_t> workgroupCountConstants = {-1, -1, -1};
  // The ops each thread runs: all of the dispatch's when it is not tiled.
  SmallVector<Operation *> tiledOps;
  dispatch.walk([&](linalg::LinalgOp op) { tiledOps.push_back(op); });
  // The ops each stage of the threads' work is tiled from, in order.
  SmallVector<linalg::LinalgOp> tiledStages;

  if (!plan->loops.empty()) {
    // Workgroups: one tile of `workgroup_tile` each (of its parallel loops;
    // the workgroup steps through the reduction loops it tiles).
    SmallVector<int64_t> workgroupTile(config.getWorkgroupTile());
    SmallVector<int64_t> workgroupSteps = getWorkgroupSteps(root, config);
    for (auto [tile, step] : llvm::zip_equal(workgroupTile, workgroupSteps))
      if (step)
        tile = 0;
    // With an epilogue, the workgroups tile it, the contraction fused in.
    linalg::LinalgOp tiled = *epilogue ? *epilogue : root;
    if (*epilogue) {
      FailureOr<SmallVector<int64_t>> epilogueTile =
          getEpilogueTile(root, *epilogue, workgroupTile);
      if (failed(epilogueTile))
        return failure();
      workgroupTile = *epilogueTile;
    }
    scf::SCFTilingOptions workgroupOptions;
    workgroupOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
        .setTileSizes(getAsIndexOpFoldResult(context, workgroupTile))
        .setMapping(plan->blockMapping(context));
    FailureOr<scf::SCFTileAndFuseResult> workgroups =
        tileAndFuse(rewriter, tiled, workgroupOptions);
    if (failed(workgroups))
      return failure();
    auto forall = cast<scf::ForallOp>(workgroups->loops.front().getOperation());
    for (auto [dim, lb, ub, step] :
         llvm::zip(plan->dims, forall.getMixedLowerBound(),
                   forall.getMixedUpperBound(), forall.getMixedStep())) {
      auto axis = static_cast<unsigned>(dim);
      std::optional<int64_t> lower = getConstantIntValue(lb);
      std::optional<int64_t> upper = getConstantIntValue(ub);
      std::optional<int64_t> stride = getConstantIntValue(step);
      if (lower && upper && stride) {
        workgroupCount[axis] = llvm::divideCeil(*upper - *lower, *stride);
        continue;
      }
      // A dynamic extent: the host divides the constant that holds it.
      std::optional<int64_t> constant =
          lower && *lower == 0 && stride ? getConstantHolding(ub)
                                         : std::nullopt;
      if (!constant)
        return root->emitError("has a loop whose extent is not a constant of "
                               "the dispatch; halc cannot count its "
                               "workgroups");
      workgroupCount[axis] = *stride;
      workgroupCountConstants[axis] = *constant;
    }

    // Threads: each thread of the workgroup takes a tile of
    // workgroup_tile / workgroup_size consecutive elements along each loop;
    // on cooperative matrices each subgroup does (x has workgroup_size[0]
    // / subgroup size of them).
    SmallVector<int64_t> workers(config.getWorkgroupSize());
    if (subgroups) {
      std::optional<SmallVector<int64_t>> grid = getSubgroupGrid(
          workers, exportOp->getParentOfType<ExecutableOp>()
                       .getTargetAttr()
                       .getFixedSubgroupSize());
      if (!grid)
        return root->emitError("lowering_config has a subgroup_matrix, which "
                               "needs one subgroup size that divides "
                               "workgroup_size[0]");
      workers = *grid;
    }
    SmallVector<int64_t> threadTile(root.getNumLoops(), 0);
    for (auto [loop, dim] : llvm::zip(plan->loops, plan->dims))
      threadTile[loop] = llvm::divideCeil(config.getWorkgroupTile()[loop],
                                          workers[static_cast<unsigned>(dim)]);
    SmallVector<Attribute> threadMapping =
        plan->threadMapping(context, subgroups);
    scf::SCFTilingOptions threadOptions;
    threadOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp)
        .setTileSizes(getAsIndexOpFoldResult(context, threadTile))
        .setMapping(threadMapping);
    auto tiledRoot = cast<linalg::LinalgOp>(workgroups->tiledAndFusedOps.front());
    // The epilogue runs last, each thread on its block of the accumulator.
    std::optional<std::pair<Operation *, scf::SCFTilingOptions>> epilogueStage;
    if (*epilogue) {
      FailureOr<SmallVector<int64_t>> epilogueTile =
          getEpilogueTile(root, *epilogue, threadTile);
      if (failed(epilogueTile))
        return failure();
      scf::SCFTilingOptions epilogueOptions = threadOptions;
      epilogueOptions.setTileSizes(
          getAsIndexOpFoldResult(context, *epilogueTile));
      // After cooperative matrices, all the threads read the accumulator
      // from workgroup memory, neighbours along its rows.
      if (subgroups) {
        SmallVector<Attribute> mapping;
        SmallVector<int64_t> tile = spreadOverThreads(
            context, tiledRoot.getStaticLoopRanges(),
            computeProduct(config.getWorkgroupSize()), mapping);
        epilogueOptions.setTileSizes(getAsIndexOpFoldResult(context, tile))
            .setMapping(mapping);
      }
      epilogueStage.emplace(tiledRoot, epilogueOptions);
      auto contraction =
          llvm::find_if(workgroups->tiledAndFusedOps, [](Operation *op) {
            return op->hasAttr(kLoweringConfigAttrName);
          });
      if (contraction == workgroups->tiledAndFusedOps.end())
        return root->emitError("was not fused into the tiles of its "
                               "epilogue");
      tiledRoot = cast<linalg::LinalgOp>(*contraction);
      if (subgroups) {
        auto fill = tiledRoot.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
        if (!fill)
          return root->emitError("has no fill of its accumulator in the "
                                 "tiles of its epilogue");
        rewriter.setInsertionPoint(fill);
        Value accumulator = createAllocTensor(
            rewriter, fill.getLoc(),
            cast<RankedTensorType>(fill.getResult(0).getType()),
            gpu::AddressSpace::Workgroup);
        fill.getOutputsMutable()[0].set(accumulator);
      }
    }
    SmallVector<Operation *> stages = {tiledRoot};
    SmallVector<scf::SCFTilingOptions, 2> stageOptions = {threadOptions};
    bool staged = config.getStrategy() == Strategy::StagedContraction ||
                  config.getStrategy() == Strategy::CooperativeMatrix;
    if (staged) {
      // A staged tile at an edge is computed whole, padded.
      SmallVector<int64_t> paddedRanges =
          getPaddedRanges(root, config, workgroupSteps);
      if (paddedRanges != tiledRoot.getStaticLoopRanges()) {
        FailureOr<linalg::LinalgOp> padded =
            padToTile(rewriter, tiledRoot, paddedRanges, threadTile,
                      threadMapping,
                      subgroups ? computeProduct(config.getWorkgroupSize())
                                : 0);
        if (failed(padded))
          return failure();
        tiledRoot = *padded;
      }
      // The accumulator's fill runs first, tiled as the threads' results.
      linalg::LinalgOp init;
      FailureOr<linalg::LinalgOp> step =
          stepThrough(rewriter, tiledRoot, workgroupSteps, init);
      if (failed(step))
        return failure();
      tiledRoot = *step;
      stages = {tiledRoot};
      if (init) {
        stages.insert(stages.begin(), init);
        stageOptions.insert(stageOptions.begin(),
                            getResultThreadOptions(init, root, threadTile,
                                                   threadOptions));
      }
    }
    if (sharesRows(config)) {
      // A producer fused along two paths (a softmax's max, through the exp
      // that the sum and the division both read) is one op again.
      DominanceInfo dominance(dispatch);
      eliminateCommonSubExpressions(rewriter, dominance, forall);
      stages = getRowStages(*forall.getBody(), tiledRoot);
      stageOptions.assign(stages.size(), threadOptions);
    }
    // Copies of promoted inputs run just before the op, each on its own
    // thread loop.
    size_t rootStage =
        llvm::find(stages, tiledRoot.getOperation()) - stages.begin();
    for (int64_t operand : config.getPromoteOperands()) {
      FailureOr<linalg::CopyOp> copy = promoteOperand(
          rewriter, tiledRoot, root, operand, config,
          exportOp->getParentOfType<ExecutableOp>().getTargetAttr());
      if (failed(copy))
        return failure();
      stages.insert(stages.begin() + rootStage, *copy);
      stageOptions.insert(stageOptions.begin() + rootStage,
                          getCopyThreadOptions(*copy, root, operand, config));
      ++rootStage;
    }
    if (epilogueStage) {
      stages.push_back(epilogueStage->first);
      stageOptions.push_back(epilogueStage->second);
    }
    tiledOps.clear();
    for (auto [stage, options] : llvm::zip(stages, stageOptions)) {
      FailureOr<scf::SCFTileAndFuseResult> threads =
          tileAndFuse(rewriter, stage, options);
      if (failed(threads))
        return failure();
      if (isa<linalg::CopyOp>(stage))
        continue;
      tiledStages.push_back(
          cast<linalg::LinalgOp>(threads->tiledAndFusedOps.front()));
      llvm::append_range(tiledOps, threads->tiledAndFusedOps);
      // halc-distribute-reduction-lanes spreads the stage over the lanes.
      if (int64_t lanes = config.getReductionLanes())
        threads->loops.front()->setAttr(kReductionLanesAttrName,
                                        rewriter.getI64IntegerAttr(lanes));
    }
  }

  // Reductions (and the rows of a row chain): a serial loop of
  // `reduction_tile` steps in each thread.
  if (llvm::any_of(config.getReductionTile(), [](int64_t s) { return s != 0; })) {
    if (!sharesRows(config))
      tiledStages = {findReduction(tiledOps)};
    for (linalg::LinalgOp op : tiledStages)
      if (failed(tileSerially(rewriter, op, root, config)))
        return failure();
  }

  // Erase what the tiled loops replaced; anything still outside them could
  // not be fused and would run in every thread.
  if (failed(canonicalizeTiledLoops(dispatch)))
    return dispatch.emitError("cleanup after tiling did not converge");
  bool singleThread = llvm::all_equal({config.getWorkgroupSize()[0],
                                       config.getWorkgroupSize()[1],
                                       config.getWorkgroupSize()[2],
                                       int64_t(1)});
  if (!singleThread) {
    WalkResult walk = dispatch.walk([&](linalg::LinalgOp op) {
      if (isInThreadLoop(op))
        return WalkResult::advance();
      op->emitError("'")
          << op->getName()
          << "' could not be fused into the tiled loops of dispatch @"
          << dispatch.getName()
          << "; it needs a dispatch of its own, which halc cannot form yet";
      return WalkResult::interrupt();
    });
    if (walk.wasInterrupted())
      return failure();
  }
  exportOp.setWorkgroupCount(workgroupCount);
  if (llvm::any_of(workgroupCountConstants, [](int64_t c) { return c >= 0; }))
    exportOp.setWorkgroupCountConstants(workgroupCountConstants);
  return success();
}

struct TileAndDistributePass
    : public halc::impl::TileAndDistributePassBase<TileAndDistributePass> {
  void runOnOperation() override {
    if (failed(forEachDispatch(getOperation(), tileAndDistribute)))
      signalPassFailure();
  }
};

} // namespace
