//===- OutlineKernels.h - Dispatch functions as GPU kernels ------*- C++ -*-===//

#ifndef HALC_CODEGEN_COMMON_OUTLINEKERNELS_H
#define HALC_CODEGEN_COMMON_OUTLINEKERNELS_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::halc {

/// Moves the body of each dispatch function of `executable` into a gpu.func
/// kernel of a new gpu.module (named after the executable, in its inner
/// module), in export order, and erases the functions. `annotate` sees each
/// export, its function (still whole) and its kernel (body not yet moved) to
/// check it and add the target's attributes; its failure stops the outlining.
FailureOr<gpu::GPUModuleOp> outlineKernels(
    ExecutableOp executable,
    function_ref<LogicalResult(ExportOp, func::FuncOp, gpu::GPUFuncOp)>
        annotate);

/// Replaces each `memref.dim` of a binding's view (a `memref.reinterpret_cast`
/// that gives a binding its dynamic sizes, read from constants) with the
/// size the view was given: the binding itself has no size a kernel can
/// read.
void foldSizesOfBindingViews(gpu::GPUModuleOp gpuModule);

} // namespace mlir::halc

#endif // HALC_CODEGEN_COMMON_OUTLINEKERNELS_H
