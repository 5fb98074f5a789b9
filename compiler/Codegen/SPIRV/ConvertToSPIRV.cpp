//===- ConvertToSPIRV.cpp - SPIR-V kernels to one spirv.module ------------===//

#include "compiler/Codegen/Common/CooperativeMatrices.h"
#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/SPIRV/Passes.h"
#include "compiler/Codegen/SPIRV/ScalarizeVectorMemoryAccess.h"
#include "compiler/Codegen/SPIRV/TargetEnv.h"

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
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
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

/// Private temporaries are Function variables, workgroup memory is
/// Workgroup variables; the rest follows Vulkan.
std::optional<spirv::StorageClass> mapMemorySpace(Attribute memorySpace) {
  if (auto gpuSpace = dyn_cast_if_present<gpu::AddressSpaceAttr>(memorySpace)) {
    if (gpuSpace.getValue() == gpu::AddressSpace::Private)
      return spirv::StorageClass::Function;
    if (gpuSpace.getValue() == gpu::AddressSpace::Workgroup)
      return spirv::StorageClass::Workgroup;
  }
  return spirv::mapMemorySpaceToVulkanStorageClass(memorySpace);
}

/// Upstream's scf.for lowering to SPIR-V keeps the loop's results in
/// variables that only the body stores: a loop that runs no iteration (a
/// lane past the end of its share of a reduction) would yield garbage. Such
/// a loop (one whose first iteration is not certain) runs under an scf.if
/// that yields its initial values otherwise.
void guardLoopsThatMayNotRun(gpu::GPUModuleOp gpuModule) {
  SmallVector<scf::ForOp> loops;
  gpuModule.walk([&](scf::ForOp loop) {
    std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
    if (loop.getNumResults() != 0 && !(lower && upper && *lower < *upper))
      loops.push_back(loop);
  });
  IRRewriter rewriter(gpuModule.getContext());
  for (scf::ForOp loop : loops) {
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    Value runs = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt,
                                       loop.getLowerBound(),
                                       loop.getUpperBound());
    auto guard = scf::IfOp::create(rewriter, loc, loop.getResultTypes(), runs,
                                   /*withElseRegion=*/true);
    rewriter.replaceAllUsesWith(loop.getResults(), guard.getResults());
    rewriter.setInsertionPointToEnd(guard.thenBlock());
    scf::YieldOp::create(rewriter, loc, loop.getResults());
    rewriter.moveOpBefore(loop, guard.thenBlock()->getTerminator());
    rewriter.setInsertionPointToEnd(guard.elseBlock());
    scf::YieldOp::create(rewriter, loc, loop.getInitArgs());
  }
}

/// The f16 matrices that hold bf16 bits (loaded under kBF16MatrixLocName)
/// as bf16 matrices: the loads' types, which only multiply-adds read.
LogicalResult loadBF16Matrices(Operation *parent) {
  WalkResult walk = parent->walk([&](spirv::KHRCooperativeMatrixLoadOp load) {
    auto name = dyn_cast<NameLoc>(load.getLoc());
    if (!name || name.getName() != kBF16MatrixLocName)
      return WalkResult::advance();
    load->setLoc(name.getChildLoc());
    auto type = cast<spirv::CooperativeMatrixType>(load.getType());
    for (Operation *user : load->getUsers())
      if (!isa<spirv::KHRCooperativeMatrixMulAddOp>(user)) {
        load.emitError("a bf16 cooperative matrix is used by '")
            << user->getName() << "', not only by multiply-adds";
        return WalkResult::interrupt();
      }
    load.getResult().setType(spirv::CooperativeMatrixType::get(
        BFloat16Type::get(load.getContext()), type.getRows(),
        type.getColumns(), type.getScope(), type.getUse()));
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult convertKernels(gpu::GPUModuleOp gpuModule,
                             spirv::TargetEnvAttr env) {
  MLIRContext *context = gpuModule.getContext();
  gpuModule->setAttr(spirv::getTargetEnvAttrName(), env);

  spirv::MemorySpaceToStorageClassConverter storageClasses(mapMemorySpace);
  spirv::convertMemRefTypesAndAttrs(gpuModule, storageClasses);

  guardLoopsThatMayNotRun(gpuModule);

  // Math ops SPIR-V has no instruction for become polynomials; vector
  // accesses to buffers of scalars become scalar accesses; floor and ceiling
  // divisions (indices into reshaped views of bindings), the ones SPIR-V has.
  RewritePatternSet expansions(context);
  arith::populateCeilFloorDivExpandOpsPatterns(expansions);
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
  // Subgroup MMA ops (a contraction on cooperative matrices) to the KHR
  // cooperative-matrix ops.
  populateMMAToSPIRVCoopMatrixTypeConversion(typeConverter);
  populateGpuWMMAToSPIRVCoopMatrixKHRConversionPatterns(typeConverter,
                                                        patterns);
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
  // Loops the driver unrolls fully: marked through the conversion by their
  // location (the only thing of an scf.for its spirv.mlir.loop keeps). A
  // count (SPIR-V 1.4's PartialCount) is not in the SPIR-V halc writes.
  gpuModule.walk([&](scf::ForOp loop) {
    if (isa_and_present<UnitAttr>(loop->getAttr(kUnrollAttrName)))
      loop->setLoc(NameLoc::get(StringAttr::get(context, kUnrollAttrName),
                                loop.getLoc()));
  });
  // The conversion replaces the gpu.module with a spirv.module.
  Operation *parent = gpuModule->getParentOp();
  if (failed(applyFullConversion(gpuModule, *target, std::move(patterns))))
    return failure();
  parent->walk([&](spirv::LoopOp loop) {
    auto name = dyn_cast<NameLoc>(loop.getLoc());
    if (!name || name.getName() != kUnrollAttrName)
      return;
    loop.setLoopControl(spirv::LoopControl::Unroll);
    loop->setLoc(name.getChildLoc());
  });
  return loadBF16Matrices(parent);
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
    if (static_cast<int64_t>(load.getOrdinal()) >= count)
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
    SmallVector<gpu::GPUModuleOp> gpuModules(
        executable.getInnerModule().getOps<gpu::GPUModuleOp>());
    if (gpuModules.size() != 1) {
      executable.emitOpError("needs one gpu.module of kernels");
      return signalPassFailure();
    }
    bool matrices = gpuModules.front()
                        .walk([](gpu::SubgroupMmaComputeOp) {
                          return WalkResult::interrupt();
                        })
                        .wasInterrupted();
    if (failed(convertKernels(gpuModules.front(),
                              getSPIRVTargetEnv(target, matrices))) ||
        failed(loadConstantsFromPushConstants(executable)))
      return signalPassFailure();
  }
};

} // namespace

void mlir::halc::buildSPIRVStage(OpPassManager &pm) {
  pm.addPass(createLegalizeMathForMSLPass());
  pm.addPass(createOutlineSPIRVKernelsPass());
  // Neither Vulkan 1.1 nor Metal's SPIRV-Cross output computes in bf16:
  // its arithmetic runs in f32 (as IREE emulates it), its storage is i16.
  pm.addPass(math::createMathExtendToSupportedTypes({{"f16"}, "f32"}));
  pm.addPass(arith::createArithEmulateUnsupportedFloats({{"bf16"}, "f32"}));
  pm.addPass(createConvertBF16ToUInt16BuffersPass());
  pm.addPass(createVectorizeBindingsPass());
  pm.addPass(createConvertToSPIRVPass());
  OpPassManager &spirvPM = pm.nest<ModuleOp>().nest<spirv::ModuleOp>();
  spirvPM.addPass(createShareWorkgroupMemoryPass());
  spirvPM.addPass(spirv::createSPIRVLowerABIAttributesPass());
  spirvPM.addPass(spirv::createSPIRVUpdateVCEPass());
  spirvPM.addPass(createRequireInterfaceVersionPass());
  spirvPM.addPass(createRequireBF16CooperativeMatricesPass());
  spirvPM.addPass(createCanonicalizerPass());
  spirvPM.addPass(createCSEPass());
}
