//===- OutOfBoundsTransfers.cpp - Guarded vector transfers ----------------===//

#include "compiler/Codegen/Common/OutOfBoundsTransfers.h"

#include "compiler/Codegen/Common/FactorsOfTwo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::halc;

namespace {

/// One row of a transfer: where it starts in the memref, whether it lies
/// inside the memref's rows, and whether its elements all do too; the
/// memref's extent along the row.
struct Row {
  SmallVector<int64_t> position;
  SmallVector<Value> indices;
  Value inside;
  Value whole;
  Value columns;
};

/// The rows of `transfer` (a minor-identity transfer on a memref), with
/// the guards of the dimensions it may cross.
SmallVector<Row> getRows(OpBuilder &rewriter,
                         VectorTransferOpInterface transfer) {
  Location loc = transfer.getLoc();
  Value base = transfer.getBase();
  VectorType type = transfer.getVectorType();
  unsigned rank = type.getRank();
  unsigned first = cast<MemRefType>(base.getType()).getRank() - rank;
  SmallVector<Row> rows;
  ArrayRef<int64_t> leading = type.getShape().drop_back();
  SmallVector<int64_t> strides = computeStrides(leading);
  SmallVector<Value> extents;
  for (unsigned dim = 0; dim < rank; ++dim)
    extents.push_back(memref::DimOp::create(rewriter, loc, base, first + dim));
  auto isBelow = [&](Value index, int64_t offset, unsigned dim) {
    Value end = arith::AddIOp::create(
        rewriter, loc, index,
        arith::ConstantIndexOp::create(rewriter, loc, offset));
    return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sle, end,
                                 extents[dim])
        .getResult();
  };
  for (int64_t row = 0, count = computeProduct(leading); row < count; ++row) {
    Row info;
    info.position = delinearize(row, strides);
    info.indices.assign(transfer.getIndices().begin(),
                        transfer.getIndices().end());
    info.inside = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
    for (auto [dim, offset] : llvm::enumerate(info.position)) {
      Value &index = info.indices[first + dim];
      if (offset)
        index = arith::AddIOp::create(
            rewriter, loc, index,
            arith::ConstantIndexOp::create(rewriter, loc, offset));
      if (!transfer.isDimInBounds(dim))
        info.inside = arith::AndIOp::create(rewriter, loc, info.inside,
                                            isBelow(index, 1, dim));
    }
    info.columns = extents.back();
    info.whole = info.inside;
    if (!transfer.isDimInBounds(rank - 1))
      info.whole = arith::AndIOp::create(
          rewriter, loc, info.inside,
          isBelow(info.indices.back(), type.getShape().back(), rank - 1));
    rows.push_back(std::move(info));
  }
  return rows;
}

/// Whether element `lane` of `row` lies inside the memref.
Value isLaneInside(OpBuilder &rewriter, Location loc, const Row &row,
                   int64_t lane, SmallVector<Value> &indices) {
  indices = row.indices;
  indices.back() = arith::AddIOp::create(
      rewriter, loc, indices.back(),
      arith::ConstantIndexOp::create(rewriter, loc, lane));
  return arith::AndIOp::create(
      rewriter, loc, row.inside,
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt,
                            indices.back(), row.columns));
}

/// Where the rows of a read whose rows lie wholly inside its memref or
/// wholly past an edge load from: a static, non-empty memref (the read's,
/// or the source of the unit-stride view it reads) and the view's offsets
/// in it (none for the read's own memref). Rows whole: the memref's rows
/// are known multiples of the read's (a power of two), and the read starts
/// at one.
struct WholeRowSource {
  Value memref;
  SmallVector<OpFoldResult> offsets;
};

std::optional<WholeRowSource> getWholeRowSource(vector::TransferReadOp read,
                                                FactorsOfTwo &factors) {
  auto type = cast<MemRefType>(read.getBase().getType());
  int64_t width = read.getVectorType().getShape().back();
  if (!llvm::isPowerOf2_64(width) ||
      factors.of(read.getIndices().back()) < llvm::Log2_64(width))
    return std::nullopt;
  WholeRowSource source{read.getBase(), {}};
  OpFoldResult rowLength = IntegerAttr::get(IndexType::get(read.getContext()),
                                            type.getShape().back());
  if (auto view = read.getBase().getDefiningOp<memref::SubViewOp>()) {
    if (view.getSourceType().getRank() != type.getRank() ||
        !llvm::all_of(view.getMixedStrides(), isOneInteger))
      return std::nullopt;
    source = {view.getSource(), view.getMixedOffsets()};
    rowLength = view.getMixedSizes().back();
  }
  auto sourceType = cast<MemRefType>(source.memref.getType());
  std::optional<int64_t> staticLength = getConstantIntValue(rowLength);
  unsigned lengthTwos = staticLength
                            ? FactorsOfTwo::ofConstant(*staticLength)
                            : factors.of(cast<Value>(rowLength));
  if (!sourceType.hasStaticShape() || sourceType.getNumElements() == 0 ||
      lengthTwos < llvm::Log2_64(width))
    return std::nullopt;
  return source;
}

/// A row read wholly or not at all: a load at the row's indices, or at the
/// source's origin where the row lies outside, and the padding selected
/// there. No branch: the load's latency stays hidden behind what follows
/// (a prefetch's math) instead of ending where the branches meet.
Value loadWholeRow(OpBuilder &builder, Location loc, const Row &row,
                   VectorType rowType, const WholeRowSource &source,
                   Value padding) {
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  SmallVector<Value> indices;
  for (auto [dim, rowIndex] : llvm::enumerate(row.indices)) {
    Value index = rowIndex;
    if (!source.offsets.empty())
      index = arith::AddIOp::create(
          builder, loc,
          getValueOrCreateConstantIndexOp(builder, loc, source.offsets[dim]),
          index);
    indices.push_back(
        arith::SelectOp::create(builder, loc, row.whole, index, zero));
  }
  Value loaded =
      vector::LoadOp::create(builder, loc, rowType, source.memref, indices);
  Value inside = vector::BroadcastOp::create(
      builder, loc, VectorType::get(rowType.getShape(), builder.getI1Type()),
      row.whole);
  return arith::SelectOp::create(
      builder, loc, inside, loaded,
      vector::BroadcastOp::create(builder, loc, rowType, padding));
}

/// A row read under a guard: one load where it lies wholly inside, else a
/// load per element inside and the padding outside.
Value loadGuardedRow(OpBuilder &builder, Location loc, const Row &row,
                     VectorType rowType, Value base, Value padding) {
  auto loaded = scf::IfOp::create(
      builder, loc, row.whole,
      [&](OpBuilder &b, Location loc) {
        scf::YieldOp::create(
            b, loc,
            vector::LoadOp::create(b, loc, rowType, base, row.indices)
                .getResult());
      },
      [&](OpBuilder &b, Location loc) {
        SmallVector<Value> elements;
        for (int64_t lane = 0; lane < rowType.getNumElements(); ++lane) {
          SmallVector<Value> indices;
          Value inside = isLaneInside(b, loc, row, lane, indices);
          elements.push_back(
              scf::IfOp::create(
                  b, loc, inside,
                  [&](OpBuilder &inner, Location loc) {
                    scf::YieldOp::create(
                        inner, loc,
                        memref::LoadOp::create(inner, loc, base, indices)
                            .getResult());
                  },
                  [&](OpBuilder &inner, Location loc) {
                    scf::YieldOp::create(inner, loc, padding);
                  })
                  .getResult(0));
        }
        scf::YieldOp::create(
            b, loc,
            vector::FromElementsOp::create(b, loc, rowType, elements)
                .getResult());
      });
  return loaded.getResult(0);
}

void lowerRead(RewriterBase &rewriter, vector::TransferReadOp read,
               FactorsOfTwo &factors) {
  Location loc = read.getLoc();
  rewriter.setInsertionPoint(read);
  VectorType type = read.getVectorType();
  auto rowType = VectorType::get(type.getShape().back(), type.getElementType());
  Value padding = read.getPadding();
  Value result = vector::BroadcastOp::create(rewriter, loc, type, padding);
  std::optional<WholeRowSource> source = getWholeRowSource(read, factors);
  for (const Row &row : getRows(rewriter, read)) {
    Value loaded =
        source ? loadWholeRow(rewriter, loc, row, rowType, *source, padding)
               : loadGuardedRow(rewriter, loc, row, rowType, read.getBase(),
                                padding);
    result = row.position.empty()
                 ? loaded
                 : vector::InsertOp::create(rewriter, loc, loaded, result,
                                            row.position)
                       .getResult();
  }
  rewriter.replaceOp(read, result);
}

void lowerWrite(RewriterBase &rewriter, vector::TransferWriteOp write) {
  Location loc = write.getLoc();
  rewriter.setInsertionPoint(write);
  Value base = write.getBase();
  Value vector = write.getVector();
  for (const Row &row : getRows(rewriter, write)) {
    Value values = row.position.empty()
                       ? vector
                       : vector::ExtractOp::create(rewriter, loc, vector,
                                                   row.position)
                             .getResult();
    auto rowType = cast<VectorType>(values.getType());
    scf::IfOp::create(
        rewriter, loc, row.whole,
        [&](OpBuilder &builder, Location loc) {
          vector::StoreOp::create(builder, loc, values, base, row.indices);
          scf::YieldOp::create(builder, loc);
        },
        [&](OpBuilder &builder, Location loc) {
          for (int64_t lane = 0; lane < rowType.getNumElements(); ++lane) {
            SmallVector<Value> indices;
            Value inside = isLaneInside(builder, loc, row, lane, indices);
            Value element =
                vector::ExtractOp::create(builder, loc, values, lane);
            scf::IfOp::create(builder, loc, inside,
                              [&](OpBuilder &b, Location loc) {
                                memref::StoreOp::create(b, loc, element, base,
                                                        indices);
                                scf::YieldOp::create(b, loc);
                              });
          }
          scf::YieldOp::create(builder, loc);
        });
  }
  rewriter.eraseOp(write);
}

/// Whether `transfer` is one this lowers: on a memref, unmasked, minor
/// identity, crossing an edge.
bool isGuardable(VectorTransferOpInterface transfer) {
  return isa<MemRefType>(transfer.getBase().getType()) && !transfer.getMask() &&
         transfer.getPermutationMap().isMinorIdentity() &&
         transfer.hasOutOfBoundsDim() && transfer.getVectorType().getRank() > 0;
}

} // namespace

void mlir::halc::lowerOutOfBoundsTransfers(func::FuncOp dispatch) {
  SmallVector<VectorTransferOpInterface> transfers;
  dispatch.walk([&](VectorTransferOpInterface transfer) {
    if (isGuardable(transfer))
      transfers.push_back(transfer);
  });
  IRRewriter rewriter(dispatch.getContext());
  FactorsOfTwo factors;
  for (VectorTransferOpInterface transfer : transfers) {
    if (auto read = dyn_cast<vector::TransferReadOp>(transfer.getOperation()))
      lowerRead(rewriter, read, factors);
    else
      lowerWrite(rewriter, cast<vector::TransferWriteOp>(transfer.getOperation()));
  }
}
