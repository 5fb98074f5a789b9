//===- DispatchUtils.h - Finding the parts of a dispatch --------*- C++ -*-===//

#ifndef HALC_CODEGEN_COMMON_DISPATCHUTILS_H
#define HALC_CODEGEN_COMMON_DISPATCHUTILS_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::halc {

/// The alignment of a binding's or workgroup buffer's start, in bytes: what
/// every driver's allocations guarantee (Vulkan and Metal buffers,
/// cudaMalloc, hipMalloc), what the targets declare workgroup memory with
/// (halc-align-binding-accesses counts on both), and the widest GPU load.
constexpr int64_t kBufferAlignment = 16;

/// The dispatch function of `exportOp` in its executable's inner module;
/// reports an error on the export and returns null when there is none.
func::FuncOp getDispatchFunction(ExportOp exportOp);

/// The op that produces the values a dispatch writes to its bindings (the
/// op it tiles); reports an error and returns null when there is none.
linalg::LinalgOp getResultProducer(func::FuncOp dispatch);

/// Whether `epilogue` applies an elementwise epilogue to the result of `op`
/// (a bias, an activation, a residual add): it has only parallel loops, one
/// per dimension of that result, which it reads whole (the identity map)
/// and writes as a tensor of the same shape (its element type may differ: a
/// truncation) without reading its init; `op`'s one result is read by
/// nothing else.
bool isElementwiseEpilogueOf(linalg::LinalgOp epilogue, Operation *op);

/// The contraction whose result `producer` (the op writing the dispatch's
/// result) is an elementwise epilogue of, its accumulator starting as a
/// fill: its strategy keeps the accumulator in the result (or, of another
/// element type, in a temporary its threads' registers replace) and applies
/// the epilogue to it. Null otherwise.
linalg::LinalgOp getEpilogueContraction(linalg::LinalgOp producer);

/// `op` as a linalg.generic: itself, or a named op generalized in its place
/// (upstream's generalizeNamedOp, which takes no generic). Leaves the
/// insertion point of `rewriter` before it.
FailureOr<linalg::GenericOp> toGeneric(RewriterBase &rewriter,
                                       linalg::LinalgOp op);

/// The op carrying the lowering config; reports an error when there is not
/// exactly one.
linalg::LinalgOp getConfiguredRoot(func::FuncOp dispatch);

/// Whether `op` is an scf.forall mapped to GPU threads, or to subgroups
/// (`#gpu.warp`: each iteration a subgroup's work): a thread loop.
bool isThreadLoop(Operation *op);

/// Whether `op` is a thread loop whose iterations are subgroups'.
bool isSubgroupLoop(Operation *op);

/// The subgroups along each dimension of a workgroup of `workgroupSize`
/// threads, each subgroup `subgroupSize` consecutive x ids; none where that
/// size is unknown (0) or does not divide the workgroup's x.
std::optional<SmallVector<int64_t>>
getSubgroupGrid(ArrayRef<int64_t> workgroupSize, int64_t subgroupSize);

/// A fresh tensor of `type` that bufferizes to an allocation in `space`
/// (workgroup or private memory).
Value createAllocTensor(OpBuilder &builder, Location loc,
                        RankedTensorType type, gpu::AddressSpace space);

/// The buffer `memref` views (through subviews, casts, ...): itself when it
/// is no view.
Value getViewedBuffer(Value memref);

/// Whether `op` is an scf.forall mapped to GPU blocks (a workgroup loop).
bool isWorkgroupLoop(Operation *op);

/// Whether `op` is nested in an scf.forall mapped to GPU threads.
bool isInThreadLoop(Operation *op);

/// The executable's target description; reports an error (and returns null)
/// when it has none or no inner module, which lowering to a target needs.
TargetAttr getTargetForLowering(ExecutableOp executable);

/// Runs `fn` on every export with its dispatch function; fails as soon as
/// one does.
LogicalResult
forEachDispatch(ExecutableOp executable,
                function_ref<LogicalResult(ExportOp, func::FuncOp)> fn);

/// `memref` collapsed by `groups`: the binding itself, retyped, when
/// `memref` is one that nothing else reads or writes (its shape is only this
/// kernel's view of a buffer; a collapsed binding keeps its indices
/// linear), else a view.
Value collapseBinding(RewriterBase &rewriter, TypedValue<MemRefType> memref,
                      ArrayRef<ReassociationIndices> groups);

/// `tensor` collapsed by `groups`: read from its collapsed binding where it
/// is the value of a binding that only this read uses, else a collapse.
Value collapseBindingRead(RewriterBase &rewriter, Value tensor,
                          ArrayRef<ReassociationIndices> groups);

} // namespace mlir::halc

#endif // HALC_CODEGEN_COMMON_DISPATCHUTILS_H
