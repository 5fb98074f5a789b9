//===- DispatchUtils.cpp - Finding the parts of a dispatch ----------------===//

#include "compiler/Codegen/Common/DispatchUtils.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::halc;

func::FuncOp mlir::halc::getDispatchFunction(ExportOp exportOp) {
  ModuleOp inner = exportOp->getParentOfType<ExecutableOp>().getInnerModule();
  auto func = inner ? inner.lookupSymbol<func::FuncOp>(exportOp.getSymName())
                    : func::FuncOp();
  if (!func)
    exportOp.emitOpError("has no dispatch function @")
        << exportOp.getSymName() << " in the executable's inner module";
  return func;
}

linalg::LinalgOp mlir::halc::getResultProducer(func::FuncOp dispatch) {
  linalg::LinalgOp producer;
  dispatch.walk([&](bufferization::MaterializeInDestinationOp op) {
    producer = op.getSource().getDefiningOp<linalg::LinalgOp>();
    return producer ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (!producer)
    dispatch.emitError("dispatch @")
        << dispatch.getName() << " writes no result computed by a linalg op";
  return producer;
}

bool mlir::halc::isElementwiseEpilogueOf(linalg::LinalgOp epilogue,
                                         Operation *op) {
  if (op->getNumResults() != 1 || !op->hasOneUse() ||
      epilogue.getNumLoops() != epilogue.getNumParallelLoops() ||
      epilogue->getNumResults() != 1 ||
      cast<ShapedType>(epilogue->getResult(0).getType()).getShape() !=
          cast<ShapedType>(op->getResult(0).getType()).getShape() ||
      !epilogue.getMatchingIndexingMap(epilogue.getDpsInitOperand(0))
           .isIdentity() ||
      !epilogue.getMatchingBlockArgument(epilogue.getDpsInitOperand(0))
           .use_empty())
    return false;
  return llvm::any_of(epilogue.getDpsInputOperands(), [&](OpOperand *input) {
    return input->get() == op->getResult(0) &&
           epilogue.getMatchingIndexingMap(input).isIdentity();
  });
}

linalg::LinalgOp mlir::halc::getEpilogueContraction(linalg::LinalgOp producer) {
  for (Value input : producer.getDpsInputs()) {
    auto contraction = input.getDefiningOp<linalg::LinalgOp>();
    if (contraction && linalg::isaContractionOpInterface(contraction) &&
        contraction.getDpsInits()[0].getDefiningOp<linalg::FillOp>() &&
        isElementwiseEpilogueOf(producer, contraction))
      return contraction;
  }
  return {};
}

FailureOr<linalg::GenericOp> mlir::halc::toGeneric(RewriterBase &rewriter,
                                                   linalg::LinalgOp op) {
  rewriter.setInsertionPoint(op);
  if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
    return generic;
  return linalg::generalizeNamedOp(rewriter, op);
}

linalg::LinalgOp mlir::halc::getConfiguredRoot(func::FuncOp dispatch) {
  SmallVector<linalg::LinalgOp> roots;
  dispatch.walk([&](linalg::LinalgOp op) {
    if (op->hasAttr(kLoweringConfigAttrName))
      roots.push_back(op);
  });
  if (roots.size() == 1)
    return roots.front();
  dispatch.emitError("dispatch @")
      << dispatch.getName() << " has " << roots.size()
      << " ops with a lowering_config; expected exactly one";
  return {};
}

LogicalResult mlir::halc::forEachDispatch(
    ExecutableOp executable,
    function_ref<LogicalResult(ExportOp, func::FuncOp)> fn) {
  for (ExportOp exportOp : getExportsInOrder(executable)) {
    func::FuncOp func = getDispatchFunction(exportOp);
    if (!func || failed(fn(exportOp, func)))
      return failure();
  }
  return success();
}

/// The mapping of `op`'s loops when it is an scf.forall mapped to GPU ids.
static Attribute getFirstMapping(Operation *op) {
  auto forall = dyn_cast_if_present<scf::ForallOp>(op);
  std::optional<ArrayAttr> mapping =
      forall ? forall.getMapping() : std::nullopt;
  return mapping && !mapping->empty() ? mapping->getValue().front()
                                      : Attribute();
}

bool mlir::halc::isThreadLoop(Operation *op) {
  return isa_and_present<gpu::GPUThreadMappingAttr, gpu::GPUWarpMappingAttr>(
      getFirstMapping(op));
}

bool mlir::halc::isSubgroupLoop(Operation *op) {
  return isa_and_present<gpu::GPUWarpMappingAttr>(getFirstMapping(op));
}

std::optional<SmallVector<int64_t>>
mlir::halc::getSubgroupGrid(ArrayRef<int64_t> workgroupSize,
                            int64_t subgroupSize) {
  if (!subgroupSize || workgroupSize[0] % subgroupSize != 0)
    return std::nullopt;
  SmallVector<int64_t> grid = {workgroupSize.front() / subgroupSize};
  llvm::append_range(grid, workgroupSize.drop_front());
  return grid;
}

Value mlir::halc::createAllocTensor(OpBuilder &builder, Location loc,
                                   RankedTensorType type,
                                   gpu::AddressSpace space) {
  return bufferization::AllocTensorOp::create(
      builder, loc, type, ValueRange{}, /*copy=*/Value(),
      /*size_hint=*/Value(),
      gpu::AddressSpaceAttr::get(builder.getContext(), space));
}

Value mlir::halc::getViewedBuffer(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

bool mlir::halc::isWorkgroupLoop(Operation *op) {
  return isa_and_present<gpu::GPUBlockMappingAttr>(getFirstMapping(op));
}

bool mlir::halc::isInThreadLoop(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isThreadLoop(parent))
      return true;
  return false;
}

TargetAttr mlir::halc::getTargetForLowering(ExecutableOp executable) {
  TargetAttr target = executable.getTargetAttr();
  if (!target || !executable.getInnerModule()) {
    executable.emitOpError("needs a target and an inner module");
    return {};
  }
  return target;
}

Value mlir::halc::collapseBinding(RewriterBase &rewriter,
                                  TypedValue<MemRefType> memref,
                                  ArrayRef<ReassociationIndices> groups) {
  auto binding = dyn_cast<BlockArgument>(memref);
  auto function =
      binding ? dyn_cast<func::FuncOp>(binding.getOwner()->getParentOp())
              : func::FuncOp();
  if (!function || !binding.hasOneUse())
    return memref::CollapseShapeOp::create(rewriter, memref.getLoc(), memref,
                                           groups);
  MemRefType type = memref::CollapseShapeOp::computeCollapsedType(
      memref.getType(), groups);
  binding.setType(type);
  SmallVector<Type> inputs(function.getArgumentTypes());
  inputs[binding.getArgNumber()] = type;
  function.setType(FunctionType::get(rewriter.getContext(), inputs,
                                     function.getResultTypes()));
  return binding;
}

Value mlir::halc::collapseBindingRead(RewriterBase &rewriter, Value tensor,
                                      ArrayRef<ReassociationIndices> groups) {
  auto read = tensor.getDefiningOp<bufferization::ToTensorOp>();
  auto binding = read ? dyn_cast<TypedValue<MemRefType>>(read.getBuffer())
                      : TypedValue<MemRefType>();
  if (!binding || !tensor.hasOneUse() || !isa<BlockArgument>(binding) ||
      !binding.hasOneUse())
    return tensor::CollapseShapeOp::create(rewriter, tensor.getLoc(), tensor,
                                           groups);
  Value collapsed = collapseBinding(rewriter, binding, groups);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(read);
  auto type = cast<MemRefType>(collapsed.getType());
  auto newRead = bufferization::ToTensorOp::create(
      rewriter, read.getLoc(),
      RankedTensorType::get(type.getShape(), type.getElementType()),
      collapsed, read.getRestrict(), read.getWritable());
  rewriter.replaceOp(read, newRead);
  return newRead;
}
