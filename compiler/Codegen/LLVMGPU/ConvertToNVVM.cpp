//===- ConvertToNVVM.cpp - Dispatch functions to NVVM kernels -------------===//
//
// halc links no libdevice (it is not a Debian package): math that upstream
// would lower to __nv_* calls is expanded first, to polynomials and to the
// LLVM intrinsics the NVPTX backend selects, so that the PTX calls nothing.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/LLVMGPU/LLVMGPUKernels.h"
#include "compiler/Codegen/LLVMGPU/Passes.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Approximation.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::halc {
#define GEN_PASS_DEF_CONVERTTONVVMPASS
#include "compiler/Codegen/LLVMGPU/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Rewrites the math ops the NVPTX backend has no instruction for into ones
/// it has: expansions (powf, tan, sinh, rsqrt, ...), then polynomial
/// approximations (exp, log, tanh, erf, sin, ...) in f32.
LogicalResult expandMath(gpu::GPUModuleOp gpuModule) {
  RewritePatternSet patterns(gpuModule.getContext());
  math::populateExpansionPatterns(patterns);
  auto all = [](StringRef) { return true; };
  populateMathF32ExpansionPatterns(patterns, all);
  populateMathPolynomialApproximationPatterns(patterns, all);
  if (failed(applyPatternsGreedily(gpuModule, std::move(patterns))))
    return gpuModule.emitError("could not expand the math ops");
  return success();
}

struct ConvertToNVVMPass
    : public halc::impl::ConvertToNVVMPassBase<ConvertToNVVMPass> {
  void runOnOperation() override {
    ExecutableOp executable = getOperation();
    TargetAttr target = getTargetForLowering(executable);
    if (!target)
      return signalPassFailure();
    FailureOr<gpu::GPUModuleOp> gpuModule =
        outlineLLVMGPUKernels(executable, target.getPreferredSubgroupSize());
    if (failed(gpuModule) || failed(expandMath(*gpuModule)))
      return signalPassFailure();

    ConvertGpuOpsToNVVMOpsOptions options;
    options.indexBitwidth = fitsInt32Indices(*gpuModule) ? 32 : 64;
    options.useBarePtrCallConv = true;
    OpPassManager pm(ModuleOp::getOperationName());
    addKernelLoweringPasses(pm, createConvertGpuOpsToNVVMOps(options));
    if (failed(runPipeline(pm, executable.getInnerModule())))
      return signalPassFailure();
    attachLoopAnnotations(executable.getInnerModule());
  }
};

} // namespace

void mlir::halc::buildNVVMStage(OpPassManager &pm) {
  // libdevice has no bf16 functions: bf16 math is computed in f32 and rounded.
  pm.addPass(math::createMathExtendToSupportedTypes({{"f16"}, "f32"}));
  pm.addPass(createConvertToNVVMPass());
}
