//===- OutlineSPIRVKernels.cpp - Dispatch functions to SPIR-V kernels -----===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/OutlineKernels.h"
#include "compiler/Codegen/SPIRV/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::halc {
#define GEN_PASS_DEF_OUTLINESPIRVKERNELSPASS
#include "compiler/Codegen/SPIRV/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The feature a binding of `elementType` needs, if any.
std::optional<std::pair<TargetFeatures, StringRef>>
requiredFeature(Type elementType) {
  if (elementType.isF16())
    return std::make_pair(TargetFeatures::F16, StringRef("fp16"));
  if (elementType.isF64())
    return std::make_pair(TargetFeatures::F64, StringRef("fp64"));
  if (elementType.isInteger(8))
    return std::make_pair(TargetFeatures::I8, StringRef("int8"));
  // bf16 is stored as i16 (halc-convert-bf16-to-uint16-buffers).
  if (elementType.isInteger(16) || elementType.isBF16())
    return std::make_pair(TargetFeatures::I16, StringRef("int16"));
  if (elementType.isInteger(64))
    return std::make_pair(TargetFeatures::I64, StringRef("int64"));
  return std::nullopt;
}

LogicalResult verifyBindingTypes(func::FuncOp dispatch, TargetAttr target) {
  for (BlockArgument binding : dispatch.getArguments()) {
    Type elementType = cast<MemRefType>(binding.getType()).getElementType();
    auto feature = requiredFeature(elementType);
    if (feature && !target.hasFeature(feature->first))
      return emitError(binding.getLoc())
             << "binding " << binding.getArgNumber() << " of @"
             << dispatch.getName() << " holds " << elementType
             << ", which needs the '" << feature->second
             << "' feature that target '" << target.getArch() << "' lacks";
  }
  return success();
}

/// Whether `value` is a memref whose strides are known only at run time.
bool hasDynamicStrides(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  if (!type)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(type.getStridesAndOffset(strides, offset)) &&
         llvm::any_of(strides, ShapedType::isDynamic);
}

/// SPIR-V indexes a runtime array with one index and has no dynamic strides:
/// each access through a view with dynamic strides (a binding with a dynamic
/// inner size) becomes an access to the flat binding at the linearized index.
LogicalResult flattenDynamicStridedAccesses(gpu::GPUModuleOp gpuModule) {
  SmallVector<Operation *> accesses;
  gpuModule.walk([&](Operation *op) {
    if (!isa<ViewLikeOpInterface>(op) &&
        llvm::any_of(op->getOperands(), hasDynamicStrides))
      accesses.push_back(op);
  });
  if (accesses.empty())
    return success();
  MLIRContext *context = gpuModule.getContext();
  RewritePatternSet flatten(context);
  memref::populateFlattenMemrefsPatterns(flatten);
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingOps);
  if (failed(applyOpPatternsGreedily(accesses, std::move(flatten), config)))
    return gpuModule.emitError("could not flatten accesses to strided views");
  RewritePatternSet resolve(context);
  memref::populateResolveExtractStridedMetadataPatterns(resolve);
  memref::ReinterpretCastOp::getCanonicalizationPatterns(resolve, context);
  memref::ExtractStridedMetadataOp::getCanonicalizationPatterns(resolve,
                                                                context);
  populateAffineToStdConversionPatterns(resolve);
  if (failed(applyPatternsGreedily(gpuModule, std::move(resolve))))
    return gpuModule.emitError("could not fold views of bindings");
  return success();
}

/// Whether `view` shows a runtime array as it is: its own type (a view at
/// the dynamic sizes), or a flat view at offset 0 of a flat binding.
bool isWholeRuntimeArray(memref::ReinterpretCastOp view) {
  MemRefType type = view.getType();
  if (view.getSource().getType() == type)
    return true;
  return cast<MemRefType>(view.getSource().getType()).getRank() == 1 &&
         type.getRank() == 1 && view.getStaticOffsets().front() == 0 &&
         view.getStaticStrides().front() == 1;
}

/// Each dispatch function as a gpu.func kernel carrying the SPIR-V ABI: the
/// export's workgroup size and binding i at (set 0, binding i).
FailureOr<gpu::GPUModuleOp> outlineSPIRVKernels(ExecutableOp executable,
                                                TargetAttr target) {
  MLIRContext *context = executable.getContext();
  FailureOr<gpu::GPUModuleOp> gpuModule = outlineKernels(
      executable,
      [&](ExportOp exportOp, func::FuncOp func,
          gpu::GPUFuncOp kernel) -> LogicalResult {
        if (failed(verifyBindingTypes(func, target)))
          return failure();
        SmallVector<int32_t> localSize(exportOp.getWorkgroupSize()->begin(),
                                       exportOp.getWorkgroupSize()->end());
        kernel->setAttr(spirv::getEntryPointABIAttrName(),
                        spirv::getEntryPointABIAttr(context, localSize));
        for (unsigned i = 0; i < func.getNumArguments(); ++i)
          kernel.setArgAttr(
              i, spirv::getInterfaceVarABIAttrName(),
              spirv::getInterfaceVarABIAttr(
                  /*descriptorSet=*/0, /*binding=*/i, std::nullopt, context));
        return success();
      });
  if (failed(gpuModule) || failed(flattenDynamicStridedAccesses(*gpuModule)))
    return failure();
  // A binding is a runtime array: a view that shows it whole, once nothing
  // reads sizes from the view, is the binding itself.
  foldSizesOfBindingViews(*gpuModule);
  gpuModule->walk([](memref::ReinterpretCastOp view) {
    if (isWholeRuntimeArray(view)) {
      view.replaceAllUsesWith(view.getSource());
      view.erase();
    }
  });
  // SPIR-V declares Function variables at the start of the entry block.
  gpuModule->walk([](gpu::GPUFuncOp kernel) {
    Block &entry = kernel.getBody().front();
    kernel.walk([&](memref::AllocaOp alloca) {
      if (alloca.getType().hasStaticShape())
        alloca->moveBefore(&entry, entry.begin());
    });
  });
  return gpuModule;
}

struct OutlineSPIRVKernelsPass
    : public halc::impl::OutlineSPIRVKernelsPassBase<OutlineSPIRVKernelsPass> {
  void runOnOperation() override {
    ExecutableOp executable = getOperation();
    TargetAttr target = getTargetForLowering(executable);
    if (!target || failed(outlineSPIRVKernels(executable, target)))
      return signalPassFailure();
  }
};

} // namespace
