//===- LoopCarriedVectors.cpp - Splitting vectors that loops carry --------===//

#include "compiler/Codegen/Common/LoopCarriedVectors.h"

#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The type of a piece of `shape` (leading unit dimensions dropped).
VectorType getPieceType(ArrayRef<int64_t> shape, Type element) {
  while (shape.size() > 1 && shape.front() == 1)
    shape = shape.drop_front();
  return VectorType::get(shape, element);
}

} // namespace

LogicalResult mlir::halc::splitLoopCarriedVectors(
    func::FuncOp dispatch,
    function_ref<SmallVector<int64_t>(VectorType)> getPieceShape) {
  TypeConverter converter;
  converter.addConversion([](Type type) { return type; });
  converter.addConversion(
      [&](VectorType type,
          SmallVectorImpl<Type> &pieces) -> std::optional<LogicalResult> {
        SmallVector<int64_t> shape = getPieceShape(type);
        if (shape.empty())
          return std::nullopt;
        pieces.append(type.getNumElements() / computeProduct(shape),
                      getPieceType(shape, type.getElementType()));
        return success();
      });
  converter.addSourceMaterialization([&](OpBuilder &builder, VectorType type,
                                         ValueRange pieces,
                                         Location loc) -> Value {
    // Pieces inserted where unrolling would take them from.
    Value result = ub::PoisonOp::create(builder, loc, type);
    auto piece = pieces.begin();
    for (SmallVector<int64_t> offsets :
         StaticTileOffsetRange(type.getShape(), getPieceShape(type))) {
      int64_t rank = cast<VectorType>((*piece).getType()).getRank();
      result = vector::InsertStridedSliceOp::create(
          builder, loc, *piece++, result, offsets,
          SmallVector<int64_t>(rank, 1));
    }
    return result;
  });
  converter.addTargetMaterialization(
      [&](OpBuilder &builder, TypeRange, ValueRange inputs,
          Location loc) -> SmallVector<Value> {
        auto type = cast<VectorType>(inputs.front().getType());
        SmallVector<int64_t> shape = getPieceShape(type);
        VectorType pieceType = getPieceType(shape, type.getElementType());
        size_t dropped = type.getRank() - pieceType.getRank();
        SmallVector<Value> pieces;
        for (SmallVector<int64_t> offsets :
             StaticTileOffsetRange(type.getShape(), shape)) {
          ArrayRef<int64_t> position = ArrayRef(offsets).take_front(dropped);
          Value rest = position.empty()
                           ? inputs.front()
                           : vector::ExtractOp::create(builder, loc,
                                                       inputs.front(), position)
                                 .getResult();
          pieces.push_back(vector::ExtractStridedSliceOp::create(
              builder, loc, rest, ArrayRef(offsets).drop_front(dropped),
              pieceType.getShape(),
              SmallVector<int64_t>(pieceType.getRank(), 1)));
        }
        return pieces;
      });
  ConversionTarget target(*dispatch.getContext());
  RewritePatternSet patterns(dispatch.getContext());
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  return applyPartialConversion(dispatch, target, std::move(patterns));
}
