//===- FoldAffineIntoWeights.cpp - Per-channel scales into the weights ----===//
//
// y = conv(x, W) * a[c] + b[c], with a and b computed from constants (an
// inference batch norm: a = scale / sqrt(var + eps), b = bias - mean * a),
// is conv(x, W * a[c]) + b[c]: the scale moves into the weights and what
// is left is a bias, the epilogue every convolution strategy has. When W
// is a parameter, W * a is computed once, when the module loads
// (LoadTime.h), not at every call. A norm that reads a grouped
// convolution's result through a collapse moves below it first.
//
//===----------------------------------------------------------------------===//

#include "compiler/DispatchFormation/LoadTime.h"
#include "compiler/DispatchFormation/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::halc {
#define GEN_PASS_DEF_FOLDAFFINEINTOWEIGHTSPASS
#include "compiler/DispatchFormation/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// How a value of an elementwise body depends on its input x: not at all,
/// x + b, a * x + b, or otherwise.
enum class Dependence { Independent, Shifted, Affine, Other };

/// Classifies the values of `generic`'s body by how they depend on block
/// argument `x`: independent of it, a * x + b with a and b independent of
/// it, or otherwise.
class AffineAnalysis {
public:
  AffineAnalysis(linalg::GenericOp generic, BlockArgument x)
      : generic(generic), x(x) {}

  Dependence classify(Value value) {
    auto it = memo.find(value);
    if (it != memo.end())
      return it->second;
    Dependence result = compute(value);
    memo[value] = result;
    return result;
  }

private:
  Dependence compute(Value value) {
    if (value == x)
      return Dependence::Shifted;
    Block *body = generic.getBody();
    if (auto argument = dyn_cast<BlockArgument>(value))
      return argument.getOwner() == body &&
                     argument.getArgNumber() < generic.getNumDpsInputs()
                 ? Dependence::Independent
                 : Dependence::Other;
    Operation *op = value.getDefiningOp();
    if (op->getBlock() != body)
      return Dependence::Independent;
    if (isa<linalg::IndexOp>(op) || op->getNumRegions() != 0 ||
        !isMemoryEffectFree(op))
      return Dependence::Other;
    SmallVector<Dependence> operands;
    for (Value operand : op->getOperands())
      operands.push_back(classify(operand));
    if (llvm::all_of(operands,
                     [](Dependence d) { return d == Dependence::Independent; }))
      return Dependence::Independent;
    if (llvm::is_contained(operands, Dependence::Other))
      return Dependence::Other;
    // At least one operand is affine in x, none depends otherwise. Adding
    // or subtracting an independent value keeps x's scale.
    bool keepsScale = llvm::is_contained(operands, Dependence::Independent) &&
                      operands[0] != Dependence::Independent;
    if (isa<arith::AddFOp>(op) &&
        llvm::is_contained(operands, Dependence::Independent))
      return operands[0] == Dependence::Independent ? operands[1] : operands[0];
    if (isa<arith::SubFOp>(op) && keepsScale)
      return operands[0];
    if (isa<arith::AddFOp, arith::SubFOp, arith::NegFOp>(op))
      return Dependence::Affine;
    if (isa<arith::MulFOp>(op) &&
        llvm::is_contained(operands, Dependence::Independent))
      return Dependence::Affine;
    if (isa<arith::DivFOp>(op) && operands[1] == Dependence::Independent)
      return Dependence::Affine;
    return Dependence::Other;
  }

  linalg::GenericOp generic;
  BlockArgument x;
  DenseMap<Value, Dependence> memo;
};

/// Builds, in a body whose block arguments stand for the independent
/// inputs, the scale a and shift b of an affine value: null for a = 1 and
/// b = 0.
class CoefficientBuilder {
public:
  CoefficientBuilder(OpBuilder &builder, Location loc, Value x,
                     AffineAnalysis &analysis, IRMapping mapping)
      : builder(builder), loc(loc), x(x), analysis(analysis),
        mapping(std::move(mapping)) {}

  /// An independent value, its ops cloned once.
  Value independent(Value value) {
    if (Value mapped = mapping.lookupOrNull(value))
      return mapped;
    Operation *op = value.getDefiningOp();
    if (!op || op->getBlock() != x.getParentBlock())
      return value;
    for (Value operand : op->getOperands())
      independent(operand);
    Operation *clone = builder.clone(*op, mapping);
    return clone->getResult(cast<OpResult>(value).getResultNumber());
  }

  /// The scale and shift of an affine value.
  std::pair<Value, Value> affine(Value value) {
    if (value == x)
      return {Value(), Value()};
    auto it = memo.find(value);
    if (it != memo.end())
      return it->second;
    Operation *op = value.getDefiningOp();
    std::pair<Value, Value> result = build(op);
    memo[value] = result;
    return result;
  }

  /// `value`, or `identity` when it is null.
  Value orConstant(Value value, double identity) {
    return value ? value : constant(identity);
  }

private:
  Value constant(double number) {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getFloatAttr(x.getType(), number));
  }
  Value add(Value a, Value b) {
    if (!a || !b)
      return a ? a : b;
    return arith::AddFOp::create(builder, loc, a, b);
  }
  Value sub(Value a, Value b) {
    if (!b)
      return a;
    return arith::SubFOp::create(builder, loc, orConstant(a, 0), b);
  }
  /// a * b, where a null a is 1 (a scale) or 0 (a shift).
  Value mul(Value a, Value b, bool nullIsOne) {
    if (!a)
      return nullIsOne ? b : Value();
    return arith::MulFOp::create(builder, loc, a, b);
  }
  Value neg(Value a, bool nullIsOne) {
    if (!a)
      return nullIsOne ? constant(-1) : Value();
    return arith::NegFOp::create(builder, loc, a);
  }

  /// Whether `value` depends on x (the analysis found it affine in x).
  bool isAffine(Value value) {
    return analysis.classify(value) != Dependence::Independent;
  }

  std::pair<Value, Value> build(Operation *op) {
    if (auto neg = dyn_cast<arith::NegFOp>(op)) {
      auto [a, b] = affine(neg.getOperand());
      return {this->neg(a, true), this->neg(b, false)};
    }
    Value lhs = op->getOperand(0), rhs = op->getOperand(1);
    bool lhsAffine = isAffine(lhs), rhsAffine = isAffine(rhs);
    if (isa<arith::AddFOp, arith::SubFOp>(op)) {
      bool subtracts = isa<arith::SubFOp>(op);
      if (lhsAffine && rhsAffine) {
        auto [la, lb] = affine(lhs);
        auto [ra, rb] = affine(rhs);
        Value l1 = orConstant(la, 1), r1 = orConstant(ra, 1);
        return subtracts ? std::pair(sub(l1, r1), sub(lb, rb))
                         : std::pair(add(l1, r1), add(lb, rb));
      }
      if (lhsAffine) {
        auto [a, b] = affine(lhs);
        Value c = independent(rhs);
        return {a, subtracts ? sub(b, c) : add(b, c)};
      }
      auto [a, b] = affine(rhs);
      Value c = independent(lhs);
      return subtracts ? std::pair(neg(a, true), sub(c, b))
                       : std::pair(a, add(c, b));
    }
    // A product or quotient with one independent factor.
    Value factor = independent(lhsAffine ? rhs : lhs);
    auto [a, b] = affine(lhsAffine ? lhs : rhs);
    if (isa<arith::DivFOp>(op))
      return {arith::DivFOp::create(builder, loc, orConstant(a, 1), factor),
              b ? arith::DivFOp::create(builder, loc, b, factor) : Value()};
    return {mul(a, factor, true), mul(b, factor, false)};
  }

  OpBuilder &builder;
  Location loc;
  Value x;
  AffineAnalysis &analysis;
  IRMapping mapping;
  DenseMap<Value, std::pair<Value, Value>> memo;
};

/// A per-channel affine op on a convolution's or contraction's result: an
/// elementwise generic whose one input from a convolution or contraction
/// (x, read in order) it scales and shifts by values computed from
/// constants alone, read along some of its loops (the channels).
struct ChannelAffine {
  linalg::GenericOp generic;
  OpOperand *x;
  linalg::LinalgOp producer;
  /// The generic's loops the other inputs are read along.
  SmallVector<unsigned> channels;
};

/// Whether `op` is a contraction or convolution whose body is exactly
/// `out + a * b` of its block arguments: scaling an operand then scales the
/// sum (not a pooling, whose window operand is only a shape; not a body
/// that maps an operand or the sum through another op first).
bool sumsProducts(linalg::LinalgOp op) {
  if ((!linalg::isaConvolutionOpInterface(op) &&
       !linalg::isaContractionOpInterface(op)) ||
      op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return false;
  Block *body = op.getBlock();
  auto add = body->getTerminator()->getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add || body->getOperations().size() != 3)
    return false;
  Value out = body->getArgument(2);
  Value product = add.getLhs() == out ? add.getRhs() : add.getLhs();
  auto mul = product.getDefiningOp<arith::MulFOp>();
  auto isInput = [&](Value v) {
    return v == body->getArgument(0) || v == body->getArgument(1);
  };
  return mul && (add.getLhs() == out || add.getRhs() == out) &&
         isInput(mul.getLhs()) && isInput(mul.getRhs()) &&
         mul.getLhs() != mul.getRhs();
}

/// The loops along which `generic`, an elementwise op with one result
/// written in order, reads its inputs other than `x` (each from constants
/// alone, in order or broadcast), when its result is a * x + b, with a not
/// 1 where `requireScale` (a shift alone, a bias, leaves nothing to move
/// into the weights).
std::optional<SmallVector<unsigned>>
getAffineChannels(linalg::GenericOp generic, OpOperand *x,
                  bool requireScale = true) {
  if (generic.getNumResults() != 1 || generic.getNumReductionLoops() != 0 ||
      !generic.getIndexingMapsArray().back().isIdentity() ||
      !generic.getMatchingIndexingMap(x).isIdentity() ||
      !isa<FloatType>(getElementTypeOrSelf(generic.getResult(0).getType())))
    return std::nullopt;
  llvm::SmallSetVector<unsigned, 4> channels;
  for (OpOperand *input : generic.getDpsInputOperands()) {
    if (input == x)
      continue;
    // Broadcast along some loops (a [C, 1, 1] column reads zeros).
    AffineMap map = generic.getMatchingIndexingMap(input);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true) ||
        !isComputedFromConstants(input->get()))
      return std::nullopt;
    for (AffineExpr result : map.getResults())
      if (auto dim = dyn_cast<AffineDimExpr>(result))
        channels.insert(dim.getPosition());
  }
  AffineAnalysis analysis(generic, generic.getMatchingBlockArgument(x));
  Value yielded = generic.getBody()->getTerminator()->getOperand(0);
  Dependence dependence = analysis.classify(yielded);
  if (dependence != Dependence::Affine &&
      (requireScale || dependence != Dependence::Shifted))
    return std::nullopt;
  SmallVector<unsigned> sorted = llvm::to_vector(channels);
  llvm::sort(sorted);
  return sorted;
}

std::optional<ChannelAffine> matchChannelAffine(linalg::GenericOp generic) {
  for (OpOperand *input : generic.getDpsInputOperands()) {
    auto producer = input->get().getDefiningOp<linalg::LinalgOp>();
    if (!producer || !sumsProducts(producer))
      continue;
    std::optional<SmallVector<unsigned>> channels =
        getAffineChannels(generic, input);
    if (!channels)
      continue;
    return ChannelAffine{generic, input, producer, std::move(*channels)};
  }
  return std::nullopt;
}

/// Whether the reshape `operand` reads should move below its owner: a
/// per-channel affine op on a convolution's result seen through a collapse
/// (a grouped convolution's [N, G, F/G, H, W] as [N, F, H, W]), which then
/// reads the convolution directly, in its shape.
bool readsCollapsedSum(OpOperand *operand) {
  auto generic = dyn_cast<linalg::GenericOp>(operand->getOwner());
  auto collapse = operand->get().getDefiningOp<tensor::CollapseShapeOp>();
  auto producer = collapse ? collapse.getSrc().getDefiningOp<linalg::LinalgOp>()
                           : linalg::LinalgOp();
  return generic && producer && collapse->hasOneUse() &&
         sumsProducts(producer) && getAffineChannels(generic, operand);
}

/// Whether `fused`, an operand of a per-channel affine op, is the result of
/// another (a convolution's bias, then its batch norm): fused, the two are
/// one affine op on the convolution's result.
bool readsAffineOfSum(OpOperand *fused) {
  auto consumer = dyn_cast<linalg::GenericOp>(fused->getOwner());
  auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
  if (!consumer || !producer || !producer->hasOneUse() ||
      !getAffineChannels(consumer, fused, /*requireScale=*/false))
    return false;
  return llvm::any_of(producer.getDpsInputOperands(), [&](OpOperand *input) {
    auto sum = input->get().getDefiningOp<linalg::LinalgOp>();
    return sum && sumsProducts(sum) &&
           getAffineChannels(producer, input, /*requireScale=*/false);
  });
}

/// Fuses a per-channel affine op into the one before it (readsAffineOfSum),
/// with upstream's elementwise fusion.
struct FuseAffineOps : public OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp consumer,
                                PatternRewriter &rewriter) const override {
    for (OpOperand *operand : consumer.getDpsInputOperands()) {
      if (!readsAffineOfSum(operand) ||
          !linalg::areElementwiseOpsFusable(operand))
        continue;
      FailureOr<linalg::ElementwiseOpFusionResult> fused =
          linalg::fuseElementwiseOps(rewriter, operand);
      if (failed(fused))
        return failure();
      // The producer had this one use: only the consumer's results live on.
      for (OpResult result : consumer->getResults())
        rewriter.replaceAllUsesWith(result, fused->replacements.lookup(result));
      rewriter.eraseOp(consumer);
      return success();
    }
    return failure();
  }
};

/// Whether `init` starts a sum at zero.
bool isZeroFill(Value init) {
  auto fill = init.getDefiningOp<linalg::FillOp>();
  return fill && (matchPattern(fill.value(), m_AnyZeroFloat()) ||
                  matchPattern(fill.value(), m_Zero()));
}

struct FoldAffineIntoWeights : public OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp generic,
                                PatternRewriter &rewriter) const override {
    std::optional<ChannelAffine> match = matchChannelAffine(generic);
    if (!match)
      return failure();
    linalg::LinalgOp producer = match->producer;
    Value x = match->x->get();
    Type element = getElementTypeOrSelf(x.getType());
    if (!x.hasOneUse() || producer->getNumResults() != 1 ||
        !producer.hasPureTensorSemantics() ||
        !isZeroFill(producer.getDpsInitOperand(0)->get()) ||
        getElementTypeOrSelf(generic.getResult(0).getType()) != element)
      return rewriter.notifyMatchFailure(generic, "not a summing producer");
    // The producer's loops of the channels (its result is read in order).
    AffineMap resultMap =
        producer.getMatchingIndexingMap(producer.getDpsInitOperand(0));
    SmallVector<unsigned> producerLoops;
    for (unsigned channel : match->channels) {
      auto dim = dyn_cast<AffineDimExpr>(resultMap.getResult(channel));
      if (!dim)
        return failure();
      producerLoops.push_back(dim.getPosition());
    }
    // The weights: a constant operand indexed by every channel loop, of the
    // result's element type; each channel's scale multiplies its own.
    OpOperand *weights = nullptr;
    SmallVector<unsigned> weightPositions;
    for (OpOperand *input : producer.getDpsInputOperands()) {
      AffineMap map = producer.getMatchingIndexingMap(input);
      SmallVector<unsigned> positions;
      for (unsigned loop : producerLoops) {
        std::optional<unsigned> position =
            map.getResultPosition(rewriter.getAffineDimExpr(loop));
        if (!position)
          break;
        positions.push_back(*position);
      }
      if (positions.size() == producerLoops.size() &&
          getElementTypeOrSelf(input->get().getType()) == element &&
          isComputedFromConstants(input->get())) {
        weights = input;
        weightPositions = positions;
        break;
      }
    }
    if (!weights)
      return rewriter.notifyMatchFailure(generic, "no constant weights");

    Location loc = generic.getLoc();
    MLIRContext *context = rewriter.getContext();
    // The scale and shift per channel, from the generic's other inputs.
    SmallVector<OpFoldResult> outputSizes =
        tensor::getMixedSizes(rewriter, loc, generic.getDpsInits()[0]);
    SmallVector<OpFoldResult> channelSizes;
    for (unsigned channel : match->channels)
      channelSizes.push_back(outputSizes[channel]);
    unsigned rank = match->channels.size();
    SmallVector<AffineExpr> renumber(generic.getNumLoops(),
                                     rewriter.getAffineConstantExpr(0));
    for (auto [i, channel] : llvm::enumerate(match->channels))
      renumber[channel] = rewriter.getAffineDimExpr(i);
    SmallVector<Value> coefficientInputs;
    SmallVector<AffineMap> coefficientMaps;
    for (OpOperand *input : generic.getDpsInputOperands()) {
      if (input == match->x)
        continue;
      coefficientInputs.push_back(input->get());
      coefficientMaps.push_back(
          generic.getMatchingIndexingMap(input).replaceDimsAndSymbols(
              renumber, {}, rank, 0));
    }
    AffineMap channelIdentity =
        AffineMap::getMultiDimIdentityMap(rank, context);
    coefficientMaps.push_back(channelIdentity);
    SmallVector<utils::IteratorType> channelIterators(
        rank, utils::IteratorType::parallel);
    Value yielded = generic.getBody()->getTerminator()->getOperand(0);
    BlockArgument xArgument = generic.getMatchingBlockArgument(match->x);
    bool hasShift = true;
    AffineAnalysis analysis(generic, xArgument);
    // One generic per coefficient (each computed from the same inputs): the
    // scale fuses into the weights, the shift stays a small tensor.
    auto buildCoefficient = [&](bool scale) -> Value {
      Value empty =
          tensor::EmptyOp::create(rewriter, loc, channelSizes, element);
      auto op = linalg::GenericOp::create(
          rewriter, loc, empty.getType(), coefficientInputs, ValueRange{empty},
          coefficientMaps, channelIterators,
          [&](OpBuilder &b, Location l, ValueRange arguments) {
            IRMapping mapping;
            unsigned next = 0;
            for (OpOperand *input : generic.getDpsInputOperands())
              if (input != match->x)
                mapping.map(generic.getMatchingBlockArgument(input),
                            arguments[next++]);
            CoefficientBuilder coefficients(b, l, xArgument, analysis, mapping);
            auto [a, shift] = coefficients.affine(yielded);
            if (!scale)
              hasShift = bool(shift);
            linalg::YieldOp::create(
                b, l,
                coefficients.orConstant(scale ? a : shift, scale ? 1 : 0));
          });
      return op.getResult(0);
    };
    Value scale = buildCoefficient(/*scale=*/true);
    Value shift = buildCoefficient(/*scale=*/false);

    // The weights times their channel's scale.
    Value w = weights->get();
    auto weightType = cast<RankedTensorType>(w.getType());
    SmallVector<AffineExpr> scaleIndices;
    for (unsigned position : weightPositions)
      scaleIndices.push_back(rewriter.getAffineDimExpr(position));
    AffineMap weightIdentity =
        AffineMap::getMultiDimIdentityMap(weightType.getRank(), context);
    Value weightInit = tensor::EmptyOp::create(
        rewriter, loc, tensor::getMixedSizes(rewriter, loc, w), element);
    Value scaledWeights =
        linalg::GenericOp::create(
            rewriter, loc, weightType, ValueRange{w, scale},
            ValueRange{weightInit},
            {weightIdentity,
             AffineMap::get(weightType.getRank(), 0, scaleIndices, context),
             weightIdentity},
            SmallVector<utils::IteratorType>(weightType.getRank(),
                                             utils::IteratorType::parallel),
            [&](OpBuilder &b, Location l, ValueRange arguments) {
              linalg::YieldOp::create(b, l,
                                      Value(arith::MulFOp::create(
                                          b, l, arguments[0], arguments[1])));
            })
            .getResult(0);
    Operation *scaledProducer = rewriter.clone(*producer.getOperation());
    rewriter.modifyOpInPlace(scaledProducer, [&] {
      scaledProducer->setOperand(weights->getOperandNumber(), scaledWeights);
    });
    Value sum = scaledProducer->getResult(0);
    if (!hasShift) {
      rewriter.eraseOp(shift.getDefiningOp());
      rewriter.replaceOp(generic, sum);
      return success();
    }
    // What is left: a bias per channel.
    unsigned loops = generic.getNumLoops();
    SmallVector<AffineExpr> channelIndices;
    for (unsigned channel : match->channels)
      channelIndices.push_back(rewriter.getAffineDimExpr(channel));
    AffineMap identity = AffineMap::getMultiDimIdentityMap(loops, context);
    auto biased = linalg::GenericOp::create(
        rewriter, loc, generic.getResultTypes(), ValueRange{sum, shift},
        generic.getDpsInits(),
        {identity, AffineMap::get(loops, 0, channelIndices, context), identity},
        generic.getIteratorTypesArray(),
        [&](OpBuilder &b, Location l, ValueRange arguments) {
          linalg::YieldOp::create(
              b, l,
              Value(arith::AddFOp::create(b, l, arguments[0], arguments[1])));
        });
    rewriter.replaceOp(generic, biased.getResults());
    return success();
  }
};

struct FoldAffineIntoWeightsPass
    : public halc::impl::FoldAffineIntoWeightsPassBase<
          FoldAffineIntoWeightsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldAffineIntoWeights, FuseAffineOps>(&getContext());
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns,
                                                      readsCollapsedSum);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
