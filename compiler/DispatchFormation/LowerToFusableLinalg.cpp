//===- LowerToFusableLinalg.cpp - Ops that fuse like elementwise ones -----===//
//
// Dispatch formation fuses linalg ops: a producer that is computed per tile
// of its consumer. Softmax is decomposed into its reductions and elementwise
// steps (upstream's AggregatedOpInterface), pack and unpack into pads,
// reshapes and transposes. A pad or a concatenation becomes
// a generic that reads its sources by index: each element of the result
// picks its source (or the padding value) with a select, so it fuses into a
// convolution or a matmul like any elementwise producer, and no padded copy
// of a tensor is ever written. Insertions and slices read by index too;
// tensors built element by element (from_elements, generate) are generics.
//
//===----------------------------------------------------------------------===//

#include "compiler/DispatchFormation/Passes.h"
#include "compiler/Input/DecomposeOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <numeric>
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::halc {
#define GEN_PASS_DEF_LOWERTOFUSABLELINALGPASS
#include "compiler/DispatchFormation/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// `index - offset` clamped into [0, size): an index every source can be
/// read at, whether or not the element comes from it.
Value clampedSourceIndex(OpBuilder &builder, Location loc, Value index,
                         Value offset, Value size) {
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  Value shifted = arith::SubIOp::create(builder, loc, index, offset);
  Value last = arith::SubIOp::create(builder, loc, size, one);
  Value atLeastZero = arith::MaxSIOp::create(builder, loc, shifted, zero);
  return arith::MinSIOp::create(builder, loc, atLeastZero, last);
}

struct PadToGeneric : OpRewritePattern<tensor::PadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::PadOp pad,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = pad.getResultType();
    Location loc = pad.getLoc();
    Value source = pad.getSource();
    SmallVector<Value> low =
        getValueOrCreateConstantIndexOp(rewriter, loc, pad.getMixedLowPad());
    SmallVector<Value> high =
        getValueOrCreateConstantIndexOp(rewriter, loc, pad.getMixedHighPad());
    // A dynamic padded size: the source's plus the padding.
    SmallVector<Value> dynamicSizes;
    for (int64_t dim = 0; dim < type.getRank(); ++dim) {
      if (!type.isDynamicDim(dim))
        continue;
      Value size = tensor::DimOp::create(rewriter, loc, source, dim);
      size = arith::AddIOp::create(rewriter, loc, size, low[dim]);
      dynamicSizes.push_back(
          arith::AddIOp::create(rewriter, loc, size, high[dim]));
    }
    Value result = buildIndexedGeneric(
        rewriter, loc,
        tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                type.getElementType(), dynamicSizes),
        [&](OpBuilder &body, Location loc, ValueRange indices) {
          Value zero = arith::ConstantIndexOp::create(body, loc, 0);
          Value inside =
              arith::ConstantIntOp::create(body, loc, body.getI1Type(), 1);
          SmallVector<Value> sourceIndices;
          for (auto [dim, index] : llvm::enumerate(indices)) {
            Value size = tensor::DimOp::create(body, loc, source, dim);
            Value shifted = arith::SubIOp::create(body, loc, index, low[dim]);
            Value notBelow = arith::CmpIOp::create(
                body, loc, arith::CmpIPredicate::sge, shifted, zero);
            Value below = arith::CmpIOp::create(
                body, loc, arith::CmpIPredicate::slt, shifted, size);
            inside = arith::AndIOp::create(body, loc, inside, notBelow);
            inside = arith::AndIOp::create(body, loc, inside, below);
            sourceIndices.push_back(
                clampedSourceIndex(body, loc, index, low[dim], size));
          }
          Value element =
              tensor::ExtractOp::create(body, loc, source, sourceIndices);
          // The padding value: the pad's region, its indices those of the
          // result element.
          IRMapping mapping;
          Block &region = pad.getRegion().front();
          mapping.map(region.getArguments(), indices);
          for (Operation &op : region.without_terminator())
            body.clone(op, mapping);
          Value padding = mapping.lookupOrDefault(
              cast<tensor::YieldOp>(region.getTerminator()).getValue());
          return arith::SelectOp::create(body, loc, inside, element, padding);
        });
    rewriter.replaceOp(pad, result);
    return success();
  }
};

/// The most inputs one concatenation reads: half the bindings a dispatch
/// may have, the rest left to what its consumer reads besides.
constexpr size_t kConcatInputs = kMaxBindings / 2;

struct ConcatToGeneric : OpRewritePattern<tensor::ConcatOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::ConcatOp concat,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = concat.getResultType();
    Location loc = concat.getLoc();
    uint64_t axis = concat.getDim();
    // More inputs (a DenseNet block's 25 feature maps): a concatenation of
    // concatenations, each a dispatch of its own (read by index, not
    // fused), so that none binds more buffers than a target allows.
    ValueRange inputs = concat.getInputs();
    if (inputs.size() > kConcatInputs) {
      SmallVector<Value> parts;
      for (size_t i = 0; i < inputs.size(); i += kConcatInputs) {
        ValueRange part =
            inputs.slice(i, std::min(kConcatInputs, inputs.size() - i));
        parts.push_back(part.size() == 1 ? part.front()
                                         : tensor::ConcatOp::create(
                                               rewriter, loc, axis, part)
                                               .getResult());
      }
      rewriter.replaceOpWithNewOp<tensor::ConcatOp>(concat, type, axis, parts);
      return success();
    }
    // Dynamic sizes: the sum of the inputs' along the axis, else the first
    // input's.
    ReifiedRankedShapedTypeDims shapes;
    if (failed(concat.reifyResultShapes(rewriter, shapes)))
      return rewriter.notifyMatchFailure(concat, "no result shape");
    SmallVector<Value> dynamicSizes;
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        dynamicSizes.push_back(
            getValueOrCreateConstantIndexOp(rewriter, loc, shapes[0][dim]));
    Value result = buildIndexedGeneric(
        rewriter, loc,
        tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                type.getElementType(), dynamicSizes),
        [&](OpBuilder &body, Location loc, ValueRange indices) {
          // The last input whose offset is at most the index along the axis
          // holds the element: select from the first input on.
          Value element;
          Value offset = arith::ConstantIndexOp::create(body, loc, 0);
          for (Value input : concat.getInputs()) {
            Value size = tensor::DimOp::create(body, loc, input, axis);
            SmallVector<Value> sourceIndices(indices);
            sourceIndices[axis] =
                clampedSourceIndex(body, loc, indices[axis], offset, size);
            Value candidate =
                tensor::ExtractOp::create(body, loc, input, sourceIndices);
            if (!element) {
              element = candidate;
            } else {
              Value past = arith::CmpIOp::create(
                  body, loc, arith::CmpIPredicate::sge, indices[axis], offset);
              element =
                  arith::SelectOp::create(body, loc, past, candidate, element);
            }
            offset = arith::AddIOp::create(body, loc, offset, size);
          }
          return element;
        });
    rewriter.replaceOp(concat, result);
    return success();
  }
};

/// `tensor.extract_slice` with a stride other than 1 (which memory cannot
/// view as a vector): each element read by index, offset + index * stride.
struct StridedExtractSliceToGeneric : OpRewritePattern<tensor::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::ExtractSliceOp slice,
                                PatternRewriter &rewriter) const override {
    if (llvm::all_of(slice.getMixedStrides(),
                     [](OpFoldResult s) { return isConstantIntValue(s, 1); }))
      return rewriter.notifyMatchFailure(slice, "unit strides");
    RankedTensorType type = slice.getResultType();
    Location loc = slice.getLoc();
    SmallVector<Value> offsets =
        getValueOrCreateConstantIndexOp(rewriter, loc, slice.getMixedOffsets());
    SmallVector<Value> strides =
        getValueOrCreateConstantIndexOp(rewriter, loc, slice.getMixedStrides());
    llvm::SmallBitVector dropped = slice.getDroppedDims();
    Value result = buildIndexedGeneric(
        rewriter, loc,
        tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                type.getElementType(), slice.getSizes()),
        [&](OpBuilder &body, Location loc, ValueRange indices) {
          SmallVector<Value> sourceIndices;
          auto index = indices.begin();
          for (auto [dim, offset] : llvm::enumerate(offsets)) {
            if (dropped.test(dim)) {
              sourceIndices.push_back(offset);
              continue;
            }
            Value step = arith::MulIOp::create(body, loc, *index++, strides[dim]);
            sourceIndices.push_back(
                arith::AddIOp::create(body, loc, offset, step));
          }
          return tensor::ExtractOp::create(body, loc, slice.getSource(),
                                           sourceIndices);
        });
    rewriter.replaceOp(slice, result);
    return success();
  }
};

/// `tensor.insert_slice`: each element of the result is the source's where
/// its index falls on the slice (offset, size, stride), else the
/// destination's at the same index.
struct InsertSliceToGeneric : OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::InsertSliceOp insert,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = insert.getResultType();
    Location loc = insert.getLoc();
    Value source = insert.getSource();
    Value dest = insert.getDest();
    SmallVector<Value> offsets =
        getValueOrCreateConstantIndexOp(rewriter, loc, insert.getMixedOffsets());
    SmallVector<Value> sizes =
        getValueOrCreateConstantIndexOp(rewriter, loc, insert.getMixedSizes());
    SmallVector<Value> strides =
        getValueOrCreateConstantIndexOp(rewriter, loc, insert.getMixedStrides());
    llvm::SmallBitVector dropped = insert.getDroppedDims();
    SmallVector<Value> dynamicSizes;
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      if (type.isDynamicDim(dim))
        dynamicSizes.push_back(tensor::DimOp::create(rewriter, loc, dest, dim));
    Value result = buildIndexedGeneric(
        rewriter, loc,
        tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                type.getElementType(), dynamicSizes),
        [&](OpBuilder &body, Location loc, ValueRange indices) {
          Value zero = arith::ConstantIndexOp::create(body, loc, 0);
          Value inside =
              arith::ConstantIntOp::create(body, loc, body.getI1Type(), 1);
          SmallVector<Value> sourceIndices;
          for (auto [dim, index] : llvm::enumerate(indices)) {
            // The slice's element this index is, if it is one: (index -
            // offset) / stride, with no remainder, within the size.
            Value shifted = arith::SubIOp::create(body, loc, index, offsets[dim]);
            Value position =
                arith::DivSIOp::create(body, loc, shifted, strides[dim]);
            Value remainder =
                arith::RemSIOp::create(body, loc, shifted, strides[dim]);
            for (Value condition :
                 {arith::CmpIOp::create(body, loc, arith::CmpIPredicate::sge,
                                        shifted, zero)
                      .getResult(),
                  arith::CmpIOp::create(body, loc, arith::CmpIPredicate::slt,
                                        position, sizes[dim])
                      .getResult(),
                  arith::CmpIOp::create(body, loc, arith::CmpIPredicate::eq,
                                        remainder, zero)
                      .getResult()})
              inside = arith::AndIOp::create(body, loc, inside, condition);
            if (!dropped.test(dim))
              sourceIndices.push_back(
                  clampedSourceIndex(body, loc, position, zero, sizes[dim]));
          }
          Value element =
              tensor::ExtractOp::create(body, loc, source, sourceIndices);
          Value kept = tensor::ExtractOp::create(body, loc, dest, indices);
          return arith::SelectOp::create(body, loc, inside, element, kept);
        });
    rewriter.replaceOp(insert, result);
    return success();
  }
};

/// `tensor.insert`: each element of the destination, or the scalar at the
/// inserted index (an elementwise op on the destination, so a chain of
/// insertions fuses into one kernel).
struct InsertToGeneric : OpRewritePattern<tensor::InsertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::InsertOp insert,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = insert.getResult().getType();
    Location loc = insert.getLoc();
    Value empty = tensor::EmptyOp::create(
        rewriter, loc, tensor::getMixedSizes(rewriter, loc, insert.getDest()),
        type.getElementType());
    auto map = rewriter.getMultiDimIdentityMap(type.getRank());
    SmallVector<utils::IteratorType> iterators(type.getRank(),
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, type, insert.getDest(), empty,
        SmallVector<AffineMap>{map, map}, iterators,
        [&](OpBuilder &body, Location loc, ValueRange args) {
          Value here =
              arith::ConstantIntOp::create(body, loc, body.getI1Type(), 1);
          for (auto [dim, index] : llvm::enumerate(insert.getIndices())) {
            Value loopIndex = linalg::IndexOp::create(body, loc, dim);
            here = arith::AndIOp::create(
                body, loc, here,
                arith::CmpIOp::create(body, loc, arith::CmpIPredicate::eq,
                                      loopIndex, index));
          }
          linalg::YieldOp::create(
              body, loc,
              arith::SelectOp::create(body, loc, here, insert.getScalar(),
                                      args[0])
                  .getResult());
        });
    rewriter.replaceOp(insert, generic.getResult(0));
    return success();
  }
};

/// One group of all `rank` dimensions: a reshape to or from one dimension.
SmallVector<ReassociationIndices> allDimensions(int64_t rank) {
  ReassociationIndices all(rank);
  std::iota(all.begin(), all.end(), 0);
  return {all};
}

/// `tensor.reshape` to a shape known to the host (static, or sizes the
/// shape tensor's elements fold to): the source collapsed to one dimension,
/// expanded to the result's shape, both views of the same row-major
/// elements.
struct ReshapeToCollapseExpand : OpRewritePattern<tensor::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::ReshapeOp reshape,
                                PatternRewriter &rewriter) const override {
    Location loc = reshape.getLoc();
    auto type = cast<RankedTensorType>(reshape.getResultType());
    auto sourceType = cast<RankedTensorType>(reshape.getSource().getType());
    Value flat = reshape.getSource();
    if (sourceType.getRank() != 1)
      flat = tensor::CollapseShapeOp::create(
          rewriter, loc, flat, allDimensions(sourceType.getRank()));
    SmallVector<OpFoldResult> sizes;
    for (int64_t dim = 0; dim < type.getRank(); ++dim) {
      if (!type.isDynamicDim(dim)) {
        sizes.push_back(rewriter.getIndexAttr(type.getDimSize(dim)));
        continue;
      }
      Value position = arith::ConstantIndexOp::create(rewriter, loc, dim);
      Value size =
          tensor::ExtractOp::create(rewriter, loc, reshape.getShape(), position);
      if (!size.getType().isIndex())
        size = arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(),
                                          size);
      sizes.push_back(size);
    }
    if (type.getRank() == 1) {
      rewriter.replaceOpWithNewOp<tensor::CastOp>(reshape, type, flat);
      return success();
    }
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
        reshape, type, flat, allDimensions(type.getRank()), sizes);
    return success();
  }
};

/// `tensor.from_elements` and `tensor.generate`: upstream's linalg ops.
template <typename OpTy>
struct InDestinationPassingStyle : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    return linalg::rewriteInDestinationPassingStyle(rewriter, op);
  }
};

struct LowerToFusableLinalgPass
    : public halc::impl::LowerToFusableLinalgPassBase<
          LowerToFusableLinalgPass> {
  void runOnOperation() override {
    if (failed(decomposeOps(getOperation())))
      return signalPassFailure();
    // Reshapes first, while a shape built by tensor.from_elements still
    // folds into the sizes it lists.
    RewritePatternSet reshapes(&getContext());
    reshapes.add<ReshapeToCollapseExpand>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(reshapes))))
      return signalPassFailure();

    RewritePatternSet patterns(&getContext());
    patterns.add<PadToGeneric, ConcatToGeneric, InsertSliceToGeneric,
                 StridedExtractSliceToGeneric, InsertToGeneric,
                 InDestinationPassingStyle<tensor::FromElementsOp>,
                 InDestinationPassingStyle<tensor::GenerateOp>>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
