//===- ConvertToSPIRV.cpp - Dispatch functions to one spirv.module --------===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/OutlineKernels.h"
#include "compiler/Codegen/SPIRV/Passes.h"
#include "compiler/Codegen/SPIRV/ScalarizeVectorMemoryAccess.h"
#include "compiler/Codegen/SPIRV/TargetEnv.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToSPIRV/ArithToSPIRV.h"
#include "mlir/Conversion/ControlFlowToSPIRV/ControlFlowToSPIRV.h"
#include "mlir/Conversion/FuncToSPIRV/FuncToSPIRV.h"
#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRV.h"
#include "mlir/Conversion/IndexToSPIRV/IndexToSPIRV.h"
#include "mlir/Conversion/MathToSPIRV/MathToSPIRV.h"
#include "mlir/Conversion/MemRefToSPIRV/MemRefToSPIRV.h"
#include "mlir/Conversion/SCFToSPIRV/SCFToSPIRV.h"
#include "mlir/Conversion/UBToSPIRV/UBToSPIRV.h"
#include "mlir/Conversion/VectorToSPIRV/VectorToSPIRV.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::halc {
#define GEN_PASS_DEF_CONVERTTOSPIRVPASS
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
  if (elementType.isInteger(16))
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

/// Private temporaries are Function variables; the rest follows Vulkan.
std::optional<spirv::StorageClass> mapMemorySpace(Attribute memorySpace) {
  auto gpuSpace = dyn_cast_if_present<gpu::AddressSpaceAttr>(memorySpace);
  if (gpuSpace && gpuSpace.getValue() == gpu::AddressSpace::Private)
    return spirv::StorageClass::Function;
  return spirv::mapMemorySpaceToVulkanStorageClass(memorySpace);
}

LogicalResult convertKernels(gpu::GPUModuleOp gpuModule,
                             spirv::TargetEnvAttr env) {
  MLIRContext *context = gpuModule.getContext();
  gpuModule->setAttr(spirv::getTargetEnvAttrName(), env);

  spirv::MemorySpaceToStorageClassConverter storageClasses(mapMemorySpace);
  spirv::convertMemRefTypesAndAttrs(gpuModule, storageClasses);

  // Math ops SPIR-V has no instruction for become polynomials; vector
  // accesses to buffers of scalars become scalar accesses.
  RewritePatternSet expansions(context);
  populatePolynomialApproximateErfPattern(expansions);
  populatePolynomialApproximateErfcPattern(expansions);
  populateScalarizeVectorMemoryAccessPatterns(expansions);
  if (failed(applyPatternsGreedily(gpuModule, std::move(expansions))))
    return gpuModule.emitError("could not expand math and vector memory ops");

  std::unique_ptr<ConversionTarget> target = SPIRVConversionTarget::get(env);
  // Constants are read from the push constants once the module exists.
  target->addLegalOp<ConstantLoadOp>();
  SPIRVConversionOptions options;
  options.use64bitIndex = false;
  SPIRVTypeConverter typeConverter(env, options);
  RewritePatternSet patterns(context);
  populateGPUToSPIRVPatterns(typeConverter, patterns);
  ScfToSPIRVContext scfContext;
  populateSCFToSPIRVPatterns(typeConverter, scfContext, patterns);
  arith::populateArithToSPIRVPatterns(typeConverter, patterns);
  populateMathToSPIRVPatterns(typeConverter, patterns);
  populateMemRefToSPIRVPatterns(typeConverter, patterns);
  populateFuncToSPIRVPatterns(typeConverter, patterns);
  index::populateIndexToSPIRVPatterns(typeConverter, patterns);
  cf::populateControlFlowToSPIRVPatterns(typeConverter, patterns);
  populateVectorToSPIRVPatterns(typeConverter, patterns);
  ub::populateUBToSPIRVConversionPatterns(typeConverter, patterns);
  return applyFullConversion(gpuModule, *target, std::move(patterns));
}

/// The push-constant block of `count` 32-bit words: one per size, shared by
/// the entry points that take that many constants.
spirv::GlobalVariableOp getPushConstantBlock(spirv::ModuleOp module,
                                             int64_t count) {
  std::string name = "__push_constants_" + std::to_string(count) + "__";
  if (auto block = module.lookupSymbol<spirv::GlobalVariableOp>(name))
    return block;
  auto builder = OpBuilder::atBlockBegin(module.getBody());
  Type word = builder.getI32Type();
  auto array = spirv::ArrayType::get(word, count, /*stride=*/4);
  auto block = spirv::StructType::get({array}, {spirv::StructType::OffsetInfo(0)});
  return spirv::GlobalVariableOp::create(
      builder, module.getLoc(),
      spirv::PointerType::get(block, spirv::StorageClass::PushConstant), name,
      /*initializer=*/nullptr);
}

/// Each constant of a dispatch is a 32-bit word of a push-constant block
/// exactly as large as its export's constants: Vulkan's pipeline layout and
/// Metal's setBytes give a kernel that many bytes and no more.
LogicalResult loadConstantsFromPushConstants(ExecutableOp executable) {
  SmallVector<ConstantLoadOp> loads;
  executable.walk([&](ConstantLoadOp load) { loads.push_back(load); });
  for (ConstantLoadOp load : loads) {
    auto kernel = load->getParentOfType<spirv::FuncOp>();
    auto exportOp = executable.lookupSymbol<ExportOp>(kernel.getSymName());
    int64_t count = exportOp.getLayout().getConstants();
    if (load.getOrdinal() >= count)
      return load.emitError("reads constant ")
             << load.getOrdinal() << " of an export that has " << count;
    spirv::GlobalVariableOp block = getPushConstantBlock(
        kernel->getParentOfType<spirv::ModuleOp>(), count);
    OpBuilder builder(load);
    Location loc = load.getLoc();
    Type word = builder.getI32Type();
    Value zero = spirv::ConstantOp::getZero(word, loc, builder);
    Value index = spirv::ConstantOp::create(
        builder, loc, word, builder.getI32IntegerAttr(load.getOrdinal()));
    Value base = spirv::AddressOfOp::create(builder, loc, block);
    Value pointer =
        spirv::AccessChainOp::create(builder, loc, base, ValueRange{zero, index});
    Value value = spirv::LoadOp::create(builder, loc, pointer);
    load.replaceAllUsesWith(value);
    load.erase();
  }
  return success();
}

struct ConvertToSPIRVPass
    : public halc::impl::ConvertToSPIRVPassBase<ConvertToSPIRVPass> {
  void runOnOperation() override {
    ExecutableOp executable = getOperation();
    TargetAttr target = getTargetForLowering(executable);
    if (!target)
      return signalPassFailure();
    FailureOr<gpu::GPUModuleOp> gpuModule =
        outlineSPIRVKernels(executable, target);
    if (failed(gpuModule) ||
        failed(convertKernels(*gpuModule, getSPIRVTargetEnv(target))) ||
        failed(loadConstantsFromPushConstants(executable)))
      return signalPassFailure();
  }
};

} // namespace

void mlir::halc::buildSPIRVStage(OpPassManager &pm) {
  pm.addPass(createLegalizeMathForMSLPass());
  pm.addPass(createConvertToSPIRVPass());
  OpPassManager &spirvPM = pm.nest<ModuleOp>().nest<spirv::ModuleOp>();
  spirvPM.addPass(spirv::createSPIRVLowerABIAttributesPass());
  spirvPM.addPass(spirv::createSPIRVUpdateVCEPass());
  spirvPM.addPass(createCanonicalizerPass());
  spirvPM.addPass(createCSEPass());
}
