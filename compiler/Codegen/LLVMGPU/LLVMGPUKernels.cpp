//===- LLVMGPUKernels.cpp - Dispatch functions as LLVMGPU kernels ---------===//

#include "compiler/Codegen/LLVMGPU/LLVMGPUKernels.h"

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/OutlineKernels.h"

#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

#include <limits>

using namespace mlir;
using namespace mlir::halc;

namespace {

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

/// Workgroup memory (a `memref.alloc` in the workgroup address space) is a
/// workgroup attribution of its kernel, which the LLVM lowering makes one
/// shared-memory (LDS) global, kBufferAlignment-aligned: 128-bit loads of
/// it stay whole.
void allocsAsWorkgroupAttributions(gpu::GPUModuleOp gpuModule) {
  gpuModule.walk([](gpu::GPUFuncOp kernel) {
    SmallVector<memref::AllocOp> allocs;
    kernel.walk([&](memref::AllocOp alloc) {
      if (gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(alloc.getType()))
        allocs.push_back(alloc);
    });
    for (memref::AllocOp alloc : allocs) {
      BlockArgument memory =
          kernel.addWorkgroupAttribution(alloc.getType(), alloc.getLoc());
      kernel.setWorkgroupAttributionAttr(
          kernel.getNumWorkgroupAttributions() - 1,
          LLVM::LLVMDialect::getAlignAttrName(),
          IntegerAttr::get(IntegerType::get(kernel.getContext(), 64),
                           kBufferAlignment));
      alloc.replaceAllUsesWith(memory);
      alloc.erase();
    }
  });
}

/// Loops marked for the target's compiler to unroll (kUnrollAttrName)
/// annotated for LLVM: llvm.loop.unroll.full, or llvm.loop.unroll.count
/// where the mark is a count; upstream's scf-to-cf moves the annotation to
/// each loop's latch branch.
void annotateUnrolledLoops(gpu::GPUModuleOp gpuModule) {
  MLIRContext *context = gpuModule.getContext();
  gpuModule.walk([&](scf::ForOp loop) {
    Attribute mark = loop->removeAttr(kUnrollAttrName);
    if (!mark)
      return;
    auto count = dyn_cast<IntegerAttr>(mark);
    auto unroll = LLVM::LoopUnrollAttr::get(
        context, {},
        count ? IntegerAttr::get(IntegerType::get(context, 32), count.getInt())
              : IntegerAttr(),
        {}, count ? BoolAttr() : BoolAttr::get(context, true), {}, {}, {});
    loop->setAttr(LLVM::LoopAnnotationAttr::name,
                  LLVM::LoopAnnotationAttr::get(context, {}, {}, {}, unroll, {},
                                                {}, {}, {}, {}, {}, {}, {}, {},
                                                {}, {}));
  });
}

/// Subgroup reductions as butterflies of shuffles across `subgroupSize`
/// lanes; floor and ceiling divisions (indices into reshaped views of
/// bindings) as the divisions LLVM has; broadcasts of one-element vectors
/// (a row's mean over its four elements) as the element's splat, which the
/// conversion to LLVM takes.
LogicalResult expandForLLVM(gpu::GPUModuleOp gpuModule,
                            unsigned subgroupSize) {
  RewritePatternSet patterns(gpuModule.getContext());
  populateGpuBreakDownSubgroupReducePatterns(patterns);
  populateGpuLowerSubgroupReduceToShufflePatterns(patterns, subgroupSize);
  arith::populateCeilFloorDivExpandOpsPatterns(patterns);
  vector::populateVectorBroadcastLoweringPatterns(patterns);
  if (failed(applyPatternsGreedily(gpuModule, std::move(patterns))))
    return gpuModule.emitError(
        "could not lower the subgroup reductions and divisions");
  return success();
}

} // namespace

FailureOr<gpu::GPUModuleOp>
mlir::halc::outlineLLVMGPUKernels(ExecutableOp executable,
                                  unsigned subgroupSize) {
  FailureOr<gpu::GPUModuleOp> gpuModule = outlineKernels(
      executable, [](ExportOp exportOp, func::FuncOp, gpu::GPUFuncOp kernel) {
        SmallVector<int32_t> size(exportOp.getWorkgroupSize()->begin(),
                                  exportOp.getWorkgroupSize()->end());
        kernel.setKnownBlockSizeAttr(
            DenseI32ArrayAttr::get(kernel.getContext(), size));
        return success();
      });
  if (failed(gpuModule))
    return failure();
  passConstantsAsParameters(executable, *gpuModule);
  passDynamicBindingsAsPointers(*gpuModule);
  allocsAsWorkgroupAttributions(*gpuModule);
  annotateUnrolledLoops(*gpuModule);
  if (failed(expandForLLVM(*gpuModule, subgroupSize)))
    return failure();
  return gpuModule;
}

void mlir::halc::addKernelLoweringPasses(OpPassManager &pm,
                                         std::unique_ptr<Pass> convertGpuOps) {
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createSCFToControlFlowPass());
  kernels.addPass(std::move(convertGpuOps));
  kernels.addPass(createReconcileUnrealizedCastsPass());
  kernels.addPass(createCanonicalizerPass());
}

void mlir::halc::attachLoopAnnotations(Operation *root) {
  StringRef name = LLVM::LoopAnnotationAttr::name;
  root->walk([&](LLVM::BrOp branch) {
    if (auto annotation = dyn_cast_if_present<LLVM::LoopAnnotationAttr>(
            branch->getDiscardableAttr(name))) {
      branch.setLoopAnnotationAttr(annotation);
      branch->removeDiscardableAttr(name);
    }
  });
}

bool mlir::halc::fitsInt32Indices(gpu::GPUModuleOp gpuModule) {
  bool fits = true;
  gpuModule.walk([&](gpu::GPUFuncOp kernel) {
    for (Type type : kernel.getArgumentTypes())
      if (auto memref = dyn_cast<MemRefType>(type))
        fits &= memref.hasStaticShape() &&
                memref.getNumElements() < std::numeric_limits<int32_t>::max();
  });
  return fits;
}

