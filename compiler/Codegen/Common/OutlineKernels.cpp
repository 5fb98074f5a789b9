//===- OutlineKernels.cpp - Dispatch functions as GPU kernels -------------===//

#include "compiler/Codegen/Common/OutlineKernels.h"

#include "compiler/Codegen/Common/DispatchUtils.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::halc;

FailureOr<gpu::GPUModuleOp> mlir::halc::outlineKernels(
    ExecutableOp executable,
    function_ref<LogicalResult(ExportOp, func::FuncOp, gpu::GPUFuncOp)>
        annotate) {
  ModuleOp inner = executable.getInnerModule();
  OpBuilder builder = OpBuilder::atBlockBegin(inner.getBody());
  auto gpuModule = gpu::GPUModuleOp::create(builder, executable.getLoc(),
                                            executable.getSymName());
  LogicalResult result = forEachDispatch(
      executable, [&](ExportOp exportOp, func::FuncOp func) -> LogicalResult {
        if (!exportOp.getWorkgroupSize())
          return exportOp.emitOpError("has no workgroup_size");
        builder.setInsertionPointToEnd(gpuModule.getBody());
        auto kernel = gpu::GPUFuncOp::create(builder, func.getLoc(),
                                             func.getName(),
                                             func.getFunctionType());
        kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                        builder.getUnitAttr());
        if (failed(annotate(exportOp, func, kernel)))
          return failure();
        kernel.getBody().takeBody(func.getBody());
        kernel.walk([&](func::ReturnOp ret) {
          OpBuilder b(ret);
          gpu::ReturnOp::create(b, ret.getLoc());
          ret.erase();
        });
        func.erase();
        return success();
      });
  if (failed(result))
    return failure();
  return gpuModule;
}

void mlir::halc::foldSizesOfBindingViews(gpu::GPUModuleOp gpuModule) {
  SmallVector<memref::DimOp> dims;
  gpuModule.walk([&](memref::DimOp dim) {
    if (dim.getSource().getDefiningOp<memref::ReinterpretCastOp>() &&
        dim.getConstantIndex())
      dims.push_back(dim);
  });
  for (memref::DimOp dim : dims) {
    auto view = dim.getSource().getDefiningOp<memref::ReinterpretCastOp>();
    OpBuilder builder(dim);
    dim.replaceAllUsesWith(getValueOrCreateConstantIndexOp(
        builder, dim.getLoc(), view.getMixedSizes()[*dim.getConstantIndex()]));
    dim.erase();
  }
}
