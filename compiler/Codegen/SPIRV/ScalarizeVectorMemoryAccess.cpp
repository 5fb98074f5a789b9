//===- ScalarizeVectorMemoryAccess.cpp - Vector loads as scalar loads -----===//
//
// SPIR-V's Logical addressing cannot reinterpret a pointer to a scalar as a
// pointer to a vector, so a vector load from a buffer of scalars becomes one
// scalar load per element (drivers merge neighbouring loads where they can),
// and a vector store one store per element.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/SPIRV/ScalarizeVectorMemoryAccess.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace {

/// The indices of element `i` of a 1-D vector accessed at `indices`.
SmallVector<Value> elementIndices(OpBuilder &builder, Location loc,
                                  ValueRange indices, int64_t i) {
  SmallVector<Value> result(indices);
  if (i != 0)
    result.back() = arith::AddIOp::create(
        builder, loc, result.back(),
        arith::ConstantIndexOp::create(builder, loc, i));
  return result;
}

bool isScalarBuffer(MemRefType type, VectorType vectorType) {
  return !isa<VectorType>(type.getElementType()) && vectorType.getRank() == 1 &&
         !vectorType.isScalable();
}

struct ScalarizeVectorLoad : OpRewritePattern<vector::LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::LoadOp load,
                                PatternRewriter &rewriter) const override {
    VectorType type = load.getVectorType();
    if (!isScalarBuffer(load.getMemRefType(), type))
      return failure();
    Location loc = load.getLoc();
    SmallVector<Value> elements;
    for (int64_t i = 0; i < type.getNumElements(); ++i)
      elements.push_back(memref::LoadOp::create(
          rewriter, loc, load.getBase(),
          elementIndices(rewriter, loc, load.getIndices(), i)));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(load, type, elements);
    return success();
  }
};

struct ScalarizeVectorStore : OpRewritePattern<vector::StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::StoreOp store,
                                PatternRewriter &rewriter) const override {
    VectorType type = store.getVectorType();
    if (!isScalarBuffer(store.getMemRefType(), type))
      return failure();
    Location loc = store.getLoc();
    for (int64_t i = 0; i < type.getNumElements(); ++i) {
      Value element =
          vector::ExtractOp::create(rewriter, loc, store.getValueToStore(), i);
      memref::StoreOp::create(
          rewriter, loc, element, store.getBase(),
          elementIndices(rewriter, loc, store.getIndices(), i));
    }
    rewriter.eraseOp(store);
    return success();
  }
};

} // namespace

void mlir::halc::populateScalarizeVectorMemoryAccessPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ScalarizeVectorLoad, ScalarizeVectorStore>(
      patterns.getContext());
}
