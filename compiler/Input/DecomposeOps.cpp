//===- DecomposeOps.cpp - Ops without loops of their own ------------------===//

#include "compiler/Input/DecomposeOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

Value mlir::halc::buildIndexedGeneric(
    OpBuilder &builder, Location loc, Value dest,
    function_ref<Value(OpBuilder &, Location, ValueRange)> buildElement) {
  auto type = cast<RankedTensorType>(dest.getType());
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      builder, loc, type, ValueRange{}, dest,
      builder.getMultiDimIdentityMap(type.getRank()), iterators,
      [&](OpBuilder &body, Location loc, ValueRange) {
        SmallVector<Value> indices;
        for (int64_t dim = 0; dim < type.getRank(); ++dim)
          indices.push_back(linalg::IndexOp::create(body, loc, dim));
        linalg::YieldOp::create(body, loc, buildElement(body, loc, indices));
      });
  return generic.getResult(0);
}

namespace {

/// The source dimension of each outer dimension of a packed tensor.
SmallVector<int64_t> getOuterSourceDims(ArrayRef<int64_t> outerDimsPerm,
                                        int64_t rank) {
  if (!outerDimsPerm.empty())
    return SmallVector<int64_t>(outerDimsPerm);
  return llvm::to_vector(llvm::seq<int64_t>(0, rank));
}

/// A pack upstream cannot decompose (its inner tiles are dynamic): each
/// packed element read from the source at outer * tile + inner, or the
/// padding value past the source's edge.
Value packByIndex(OpBuilder &builder, linalg::PackOp pack) {
  Location loc = pack.getLoc();
  Value source = pack.getSource();
  int64_t rank = pack.getSourceRank();
  SmallVector<Value> tiles =
      getValueOrCreateConstantIndexOp(builder, loc, pack.getMixedTiles());
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < rank; ++dim)
    sizes.push_back(tensor::DimOp::create(builder, loc, source, dim));
  SmallVector<int64_t> outerDims = getOuterSourceDims(pack.getOuterDimsPerm(), rank);
  Type elementType = pack.getDestType().getElementType();
  Value padding = pack.getPaddingValue();
  if (!padding)
    padding = arith::ConstantOp::create(builder, loc,
                                        builder.getZeroAttr(elementType));
  return halc::buildIndexedGeneric(
      builder, loc, pack.getDest(),
      [&](OpBuilder &body, Location loc, ValueRange indices) -> Value {
        SmallVector<Value> at(rank);
        for (auto [position, dim] : llvm::enumerate(outerDims))
          at[dim] = indices[position];
        for (auto [k, dim] : llvm::enumerate(pack.getInnerDimsPos())) {
          Value base = arith::MulIOp::create(body, loc, at[dim], tiles[k]);
          at[dim] = arith::AddIOp::create(body, loc, base, indices[rank + k]);
        }
        Value inside =
            arith::ConstantIntOp::create(body, loc, body.getI1Type(), 1);
        Value one = arith::ConstantIndexOp::create(body, loc, 1);
        for (int64_t dim = 0; dim < rank; ++dim) {
          inside = arith::AndIOp::create(
              body, loc, inside,
              arith::CmpIOp::create(body, loc, arith::CmpIPredicate::slt,
                                    at[dim], sizes[dim]));
          Value last = arith::SubIOp::create(body, loc, sizes[dim], one);
          at[dim] = arith::MinSIOp::create(body, loc, at[dim], last);
        }
        Value element = tensor::ExtractOp::create(body, loc, source, at);
        return arith::SelectOp::create(body, loc, inside, element, padding);
      });
}

/// An unpack upstream cannot decompose (its inner tiles are dynamic): each
/// element read from the packed tensor at index / tile, index % tile.
Value unpackByIndex(OpBuilder &builder, linalg::UnPackOp unpack) {
  Location loc = unpack.getLoc();
  Value packed = unpack.getSource();
  int64_t rank = unpack.getDestRank();
  SmallVector<Value> tiles =
      getValueOrCreateConstantIndexOp(builder, loc, unpack.getMixedTiles());
  SmallVector<int64_t> outerDims =
      getOuterSourceDims(unpack.getOuterDimsPerm(), rank);
  return halc::buildIndexedGeneric(
      builder, loc, unpack.getDest(),
      [&](OpBuilder &body, Location loc, ValueRange indices) -> Value {
        SmallVector<Value> outer(indices.begin(), indices.end());
        SmallVector<Value> at;
        SmallVector<Value> inner;
        for (auto [k, dim] : llvm::enumerate(unpack.getInnerDimsPos())) {
          inner.push_back(
              arith::RemUIOp::create(body, loc, indices[dim], tiles[k]));
          outer[dim] = arith::DivUIOp::create(body, loc, indices[dim], tiles[k]);
        }
        for (int64_t dim : outerDims)
          at.push_back(outer[dim]);
        llvm::append_range(at, inner);
        return tensor::ExtractOp::create(body, loc, packed, at);
      });
}

} // namespace

LogicalResult mlir::halc::decomposeOps(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<linalg::AggregatedOpInterface, linalg::PackOp, linalg::UnPackOp>(
            op))
      ops.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    LogicalResult decomposed = success();
    if (auto pack = dyn_cast<linalg::PackOp>(op)) {
      // One form for every pack, a pad-like one too.
      if (llvm::any_of(pack.getStaticInnerTiles(), ShapedType::isDynamic))
        rewriter.replaceOp(pack, packByIndex(rewriter, pack));
      else
        decomposed = linalg::lowerPack(rewriter, pack,
                                       /*lowerPadLikeWithInsertSlice=*/false);
    } else if (auto unpack = dyn_cast<linalg::UnPackOp>(op)) {
      if (llvm::any_of(unpack.getStaticInnerTiles(), ShapedType::isDynamic))
        rewriter.replaceOp(unpack, unpackByIndex(rewriter, unpack));
      else
        decomposed = linalg::lowerUnPack(rewriter, unpack);
    } else {
      FailureOr<SmallVector<Value>> parts =
          cast<linalg::AggregatedOpInterface>(op).decomposeOperation(rewriter);
      if (succeeded(parts))
        rewriter.replaceOp(op, *parts);
      decomposed = success(succeeded(parts));
    }
    if (failed(decomposed))
      return op->emitError("upstream MLIR could not decompose '")
             << op->getName() << "' into ops halc compiles";
  }
  return success();
}
