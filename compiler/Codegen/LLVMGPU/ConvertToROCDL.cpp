//===- ConvertToROCDL.cpp - Dispatch functions to ROCDL kernels -----------===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/OutlineKernels.h"
#include "compiler/Codegen/LLVMGPU/Passes.h"

#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/MathToROCDL/MathToROCDL.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Transforms/Passes.h"

#include <limits>

namespace mlir::halc {
#define GEN_PASS_DEF_CONVERTTOROCDLPASS
#include "compiler/Codegen/LLVMGPU/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// 32-bit indices address every element when no binding has 2^31 or more.
bool fitsInt32Indices(gpu::GPUModuleOp gpuModule) {
  bool fits = true;
  gpuModule.walk([&](gpu::GPUFuncOp kernel) {
    for (Type type : kernel.getArgumentTypes())
      if (auto memref = dyn_cast<MemRefType>(type))
        fits &= memref.hasStaticShape() &&
                memref.getNumElements() < std::numeric_limits<int32_t>::max();
  });
  return fits;
}

/// The chip a target lowers as: itself, or for a generic target
/// (gfx9-4-generic, gfx11-generic) the first chip it covers (gfx940,
/// gfx1100), whose instructions every chip of the family has.
std::string getChipset(StringRef arch) {
  if (!arch.consume_back("-generic"))
    return arch.str();
  auto [major, minor] = arch.split('-');
  return (major + (minor.empty() ? "0" : minor) + "0").str();
}

/// The constants of a dispatch are the kernel's i32 parameters after the
/// binding pointers (IREE's HIP ABI).
void passConstantsAsParameters(ExecutableOp executable,
                               gpu::GPUModuleOp gpuModule) {
  Type i32 = IntegerType::get(executable.getContext(), 32);
  for (ExportOp exportOp : getExportsInOrder(executable)) {
    auto kernel = gpuModule.lookupSymbol<gpu::GPUFuncOp>(exportOp.getSymName());
    if (!kernel)
      continue;
    unsigned first = kernel.getNumArguments();
    for (int64_t i = 0; i < exportOp.getLayout().getConstants(); ++i)
      (void)kernel.insertArgument(first + i, i32, /*argAttrs=*/{},
                                  kernel.getLoc());
    kernel.walk([&](ConstantLoadOp load) {
      load.replaceAllUsesWith(kernel.getArgument(first + load.getOrdinal()));
      load.erase();
    });
  }
}

/// A binding with a dynamic size is a bare pointer like any other: its
/// parameter gets a static type, and the view that gives it its sizes
/// (read from constants) reads the pointer only.
void passDynamicBindingsAsPointers(gpu::GPUModuleOp gpuModule) {
  foldSizesOfBindingViews(gpuModule);
  gpuModule.walk([](gpu::GPUFuncOp kernel) {
    SmallVector<Type> types(kernel.getArgumentTypes());
    for (auto [index, type] : llvm::enumerate(types)) {
      auto memref = dyn_cast<MemRefType>(type);
      if (!memref || memref.hasStaticShape())
        continue;
      type = MemRefType::get({1}, memref.getElementType(), AffineMap(),
                             memref.getMemorySpace());
      kernel.getArgument(index).setType(type);
    }
    kernel.setFunctionType(FunctionType::get(
        kernel.getContext(), types, kernel.getFunctionType().getResults()));
  });
}

struct ConvertToROCDLPass
    : public halc::impl::ConvertToROCDLPassBase<ConvertToROCDLPass> {
  void runOnOperation() override {
    ExecutableOp executable = getOperation();
    TargetAttr target = getTargetForLowering(executable);
    if (!target)
      return signalPassFailure();
    FailureOr<gpu::GPUModuleOp> gpuModule = outlineKernels(
        executable,
        [](ExportOp exportOp, func::FuncOp, gpu::GPUFuncOp kernel) {
          SmallVector<int32_t> size(exportOp.getWorkgroupSize()->begin(),
                                    exportOp.getWorkgroupSize()->end());
          kernel.setKnownBlockSizeAttr(
              DenseI32ArrayAttr::get(kernel.getContext(), size));
          return success();
        });
    if (failed(gpuModule))
      return signalPassFailure();
    passConstantsAsParameters(executable, *gpuModule);
    passDynamicBindingsAsPointers(*gpuModule);

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
    OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
    kernels.addPass(createSCFToControlFlowPass());
    kernels.addPass(createConvertGpuOpsToROCDLOps(options));
    kernels.addPass(createReconcileUnrealizedCastsPass());
    kernels.addPass(createCanonicalizerPass());
    if (failed(runPipeline(pm, executable.getInnerModule())))
      return signalPassFailure();
  }
};

} // namespace

void mlir::halc::buildROCDLStage(OpPassManager &pm) {
  pm.addPass(createConvertToROCDLPass());
}
