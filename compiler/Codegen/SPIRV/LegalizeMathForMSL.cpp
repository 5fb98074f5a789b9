//===- LegalizeMathForMSL.cpp - f16 math Metal lacks, computed in f32 -----===//

#include "compiler/Codegen/SPIRV/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::halc {
#define GEN_PASS_DEF_LEGALIZEMATHFORMSLPASS
#include "compiler/Codegen/SPIRV/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

struct LegalizeMathForMSLPass
    : public halc::impl::LegalizeMathForMSLPassBase<LegalizeMathForMSLPass> {
  void runOnOperation() override {
    // The SPIR-V stages are shared; only MSL lacks these functions.
    TargetAttr targetDescription = getOperation().getTargetAttr();
    if (targetDescription && targetDescription.getBackend() != "metal-spirv")
      return;
    MLIRContext *context = &getContext();
    Type f32 = Float32Type::get(context);
    // The float types Metal computes these functions in.
    SetVector<Type> supported;
    supported.insert(f32);
    supported.insert(Float64Type::get(context));
    TypeConverter converter;
    math::populateExtendToSupportedTypesTypeConverter(converter, supported,
                                                      f32);
    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    target.addDynamicallyLegalOp<math::TanhOp, math::SinhOp, math::CoshOp,
                                 math::AsinhOp, math::AcoshOp, math::AtanhOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    RewritePatternSet patterns(context);
    math::populateExtendToSupportedTypesPatterns(patterns, converter);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
