//===- ConvertBF16ToUInt16Buffers.cpp - bf16 kept as its 16 bits ----------===//

#include "compiler/Codegen/SPIRV/Passes.h"

#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::halc {
#define GEN_PASS_DEF_CONVERTBF16TOUINT16BUFFERSPASS
#include "compiler/Codegen/SPIRV/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// bf16, and vectors and memrefs of it, as i16; every other type as it is.
class BF16BitsTypeConverter : public TypeConverter {
public:
  explicit BF16BitsTypeConverter(MLIRContext *context) {
    Type bits = IntegerType::get(context, 16);
    addConversion([](Type type) { return type; });
    addConversion([bits](BFloat16Type) { return bits; });
    addConversion([bits](VectorType type) -> Type {
      return isa<BFloat16Type>(type.getElementType()) ? type.clone(bits)
                                                      : type;
    });
    addConversion([bits](MemRefType type) -> Type {
      return isa<BFloat16Type>(type.getElementType())
                 ? MemRefType::get(type.getShape(), bits, type.getLayout(),
                                   type.getMemorySpace())
                 : type;
    });
  }
};

/// A subgroup reduction of bf16 (which upstream's float emulation leaves
/// alone) reduces the values widened to f32 and rounds the result.
struct WidenSubgroupReduce : public OpRewritePattern<gpu::SubgroupReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(gpu::SubgroupReduceOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!isa<BFloat16Type>(getElementTypeOrSelf(type)))
      return rewriter.notifyMatchFailure(op, "not of bf16");
    Type f32 = rewriter.getF32Type();
    auto vector = dyn_cast<VectorType>(type);
    Type wide = vector ? Type(vector.clone(f32)) : f32;
    Value widened =
        arith::ExtFOp::create(rewriter, op.getLoc(), wide, op.getValue());
    Operation *reduced = rewriter.clone(*op);
    reduced->setOperand(0, widened);
    reduced->getResult(0).setType(wide);
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, type,
                                                 reduced->getResult(0));
    return success();
  }
};

/// A bf16 constant as the integer of its bits.
struct ConvertConstant : public OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    TypedAttr value;
    if (auto scalar = dyn_cast<FloatAttr>(op.getValue()))
      value = IntegerAttr::get(type, scalar.getValue().bitcastToAPInt());
    else if (auto elements = dyn_cast<DenseElementsAttr>(op.getValue()))
      value = elements.bitcast(getElementTypeOrSelf(type));
    if (!value)
      return rewriter.notifyMatchFailure(op, "not a float or dense constant");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, value);
    return success();
  }
};

/// A bitcast from or to bf16 is one from or to its i16 bits: none between
/// bf16 and i16; bf16 to f16 (the workgroup tiles of cooperative matrices)
/// is i16 to f16.
struct FoldBitcast : public OpConversionPattern<arith::BitcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::BitcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (adaptor.getIn().getType() == type)
      rewriter.replaceOp(op, adaptor.getIn());
    else
      rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, type, adaptor.getIn());
    return success();
  }
};

/// Whether `op` only moves its elements (loads, stores, views, allocations,
/// selects, shuffles, vector reshapes): it is correct on their bits.
bool movesBits(Operation *op) {
  if (isa<vector::ReductionOp, vector::ContractionOp, vector::FMAOp,
          vector::MultiDimReductionOp, vector::ScanOp, vector::OuterProductOp,
          memref::AtomicRMWOp>(op))
    return false;
  return isa<memref::MemRefDialect, vector::VectorDialect, ub::UBDialect>(
             op->getDialect()) ||
         isa<arith::SelectOp, gpu::ShuffleOp>(op);
}

/// An op that moves bf16 elements (movesBits): the same op on i16.
struct ConvertMovingOp : public ConversionPattern {
  ConvertMovingOp(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/0,
                          context) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getNumRegions() != 0 || !movesBits(op))
      return rewriter.notifyMatchFailure(op, "computes on its elements");
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return failure();
    OperationState state(op->getLoc(), op->getName(), operands, types,
                         op->getAttrs(), op->getSuccessors());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

struct ConvertBF16ToUInt16BuffersPass
    : public halc::impl::ConvertBF16ToUInt16BuffersPassBase<
          ConvertBF16ToUInt16BuffersPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    ModuleOp inner = getOperation().getInnerModule();
    if (!inner)
      return;
    RewritePatternSet expand(context);
    expand.add<WidenSubgroupReduce>(context);
    arith::populateExpandBFloat16Patterns(expand);
    if (failed(applyPatternsGreedily(inner, std::move(expand))))
      return signalPassFailure();

    BF16BitsTypeConverter converter(context);
    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return converter.isLegal(op); });
    target.addDynamicallyLegalOp<gpu::GPUFuncOp>([&](gpu::GPUFuncOp func) {
      return converter.isSignatureLegal(func.getFunctionType()) &&
             converter.isLegal(&func.getBody());
    });
    RewritePatternSet patterns(context);
    populateFunctionOpInterfaceTypeConversionPattern<gpu::GPUFuncOp>(
        patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    patterns.add<ConvertConstant, FoldBitcast, ConvertMovingOp>(converter,
                                                                context);
    if (failed(applyPartialConversion(inner, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
