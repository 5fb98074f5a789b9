//===- ConvertToROCDL.cpp - Dispatch functions to ROCDL kernels -----------===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/LLVMGPU/LLVMGPUKernels.h"
#include "compiler/Codegen/LLVMGPU/Passes.h"

#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/MathToROCDL/MathToROCDL.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"

namespace mlir::halc {
#define GEN_PASS_DEF_CONVERTTOROCDLPASS
#include "compiler/Codegen/LLVMGPU/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The chip a target lowers as: itself, or for a generic target
/// (gfx9-4-generic, gfx11-generic) the first chip it covers (gfx940,
/// gfx1100), whose instructions every chip of the family has.
std::string getChipset(StringRef arch) {
  if (!arch.consume_back("-generic"))
    return arch.str();
  auto [major, minor] = arch.split('-');
  return (major + (minor.empty() ? "0" : minor) + "0").str();
}

struct ConvertToROCDLPass
    : public halc::impl::ConvertToROCDLPassBase<ConvertToROCDLPass> {
  void runOnOperation() override {
    ExecutableOp executable = getOperation();
    TargetAttr target = getTargetForLowering(executable);
    if (!target)
      return signalPassFailure();
    FailureOr<gpu::GPUModuleOp> gpuModule =
        outlineLLVMGPUKernels(executable, target.getPreferredSubgroupSize());
    if (failed(gpuModule))
      return signalPassFailure();

    ConvertGpuOpsToROCDLOpsOptions options;
    options.chipset = getChipset(target.getArch());
    options.indexBitwidth = fitsInt32Indices(*gpuModule) ? 32 : 64;
    options.useBarePtrCallConv = true;
    options.runtime = gpu::amd::Runtime::HIP;
    // Math the GPU has no instruction for becomes ocml calls first, so that
    // no generic LLVM lowering turns it into an intrinsic the AMDGPU backend
    // cannot select (llvm.tanh).
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(createConvertMathToROCDL({options.chipset}));
    addKernelLoweringPasses(pm, createConvertGpuOpsToROCDLOps(options));
    if (failed(runPipeline(pm, executable.getInnerModule())))
      return signalPassFailure();
    attachLoopAnnotations(executable.getInnerModule());
  }
};

} // namespace

void mlir::halc::buildROCDLStage(OpPassManager &pm) {
  // ocml has no bf16 functions: bf16 math is computed in f32 and rounded.
  pm.addPass(math::createMathExtendToSupportedTypes({{"f16"}, "f32"}));
  pm.addPass(createConvertToROCDLPass());
}
