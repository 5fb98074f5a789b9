//===- DispatchUtils.cpp - Finding the parts of a dispatch ----------------===//

#include "compiler/Codegen/Common/DispatchUtils.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
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

bool mlir::halc::isInThreadLoop(Operation *op) {
  for (auto forall = op->getParentOfType<scf::ForallOp>(); forall;
       forall = forall->getParentOfType<scf::ForallOp>()) {
    std::optional<ArrayAttr> mapping = forall.getMapping();
    if (mapping && !mapping->empty() &&
        isa<gpu::GPUThreadMappingAttr>(mapping->getValue().front()))
      return true;
  }
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
