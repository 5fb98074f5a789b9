//===- Bufferize.cpp - Bufferize dispatches into their bindings -----------===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/Passes.h"

#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Bufferization/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::halc {
#define GEN_PASS_DEF_BUFFERIZEPASS
#include "compiler/Codegen/Common/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Private memory one thread may use for temporaries. Workgroup memory is
/// counted at the end (halc-check-workgroup-memory): a padded accumulator
/// made there here ends in registers.
constexpr int64_t kMaxPrivateBytes = 16 * 1024;

/// Whether `op` is in a workgroup's tile but in none of its thread loops:
/// the value it makes is written by some threads and read by others (a row
/// chain's reductions), so it lives in workgroup memory.
bool isSharedByWorkgroup(Operation *op) {
  auto forall = op->getParentOfType<scf::ForallOp>();
  return forall && isWorkgroupLoop(forall);
}

/// Replaces a temporary `tensor.empty` by an allocation of its static upper
/// bound in `space` (and a slice of it where its size is dynamic).
LogicalResult boundTemporary(RewriterBase &rewriter, tensor::EmptyOp empty,
                             gpu::AddressSpace space) {
  RankedTensorType type = empty.getType();
  SmallVector<int64_t> bound(type.getShape());
  for (auto [dim, size] : llvm::enumerate(empty.getMixedSizes())) {
    if (!type.isDynamicDim(dim))
      continue;
    FailureOr<int64_t> upper = ValueBoundsConstraintSet::computeConstantBound(
        presburger::BoundType::UB, ValueBoundsConstraintSet::Variable(size),
        /*stopCondition=*/nullptr, /*closedUB=*/true);
    if (failed(upper))
      return empty.emitError("temporary tensor ")
             << type << " has no static size bound along dimension " << dim;
    bound[dim] = *upper;
  }
  auto boundType = RankedTensorType::get(bound, type.getElementType());
  int64_t bytes = boundType.getNumElements() *
                  llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  if (space == gpu::AddressSpace::Private && bytes > kMaxPrivateBytes)
    return empty.emitError("temporary tensor ")
           << boundType << " needs " << bytes
           << " bytes of private memory per thread; at most "
           << kMaxPrivateBytes << " are allowed";

  rewriter.setInsertionPoint(empty);
  Value alloc = createAllocTensor(rewriter, empty.getLoc(), boundType, space);
  if (type.hasStaticShape()) {
    rewriter.replaceOp(empty, alloc);
    return success();
  }
  SmallVector<OpFoldResult> zeros(type.getRank(), rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> ones(type.getRank(), rewriter.getIndexAttr(1));
  rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
      empty, type, alloc, zeros, empty.getMixedSizes(), ones);
  return success();
}

/// Gives each use of a temporary shared by the workgroup a `tensor.empty`
/// of its own: each is then a buffer of its own (CSE merges equal ones).
void splitSharedTemporaries(RewriterBase &rewriter, func::FuncOp dispatch) {
  SmallVector<tensor::EmptyOp> shared;
  dispatch.walk([&](tensor::EmptyOp op) {
    if (isSharedByWorkgroup(op))
      shared.push_back(op);
  });
  for (tensor::EmptyOp empty : shared)
    for (OpOperand &use : llvm::make_early_inc_range(
             llvm::drop_begin(empty->getUses()))) {
      rewriter.setInsertionPoint(empty);
      Operation *copy = rewriter.clone(*empty);
      rewriter.modifyOpInPlace(use.getOwner(),
                               [&] { use.set(copy->getResult(0)); });
    }
}

LogicalResult bufferizeDispatch(ExportOp, func::FuncOp dispatch) {
  IRRewriter rewriter(dispatch.getContext());
  if (failed(bufferization::eliminateEmptyTensors(rewriter, dispatch)))
    return dispatch.emitError("could not write results in place");
  // A slice of a temporary is a smaller temporary: each thread then holds
  // only its own tile.
  RewritePatternSet patterns(dispatch.getContext());
  tensor::populateFoldTensorEmptyPatterns(patterns);
  if (failed(applyPatternsGreedily(dispatch, std::move(patterns))))
    return dispatch.emitError("could not shrink temporaries to tiles");
  splitSharedTemporaries(rewriter, dispatch);
  SmallVector<tensor::EmptyOp> temporaries;
  dispatch.walk([&](tensor::EmptyOp op) { temporaries.push_back(op); });
  for (tensor::EmptyOp empty : temporaries)
    if (failed(boundTemporary(rewriter, empty,
                              isSharedByWorkgroup(empty)
                                  ? gpu::AddressSpace::Workgroup
                                  : gpu::AddressSpace::Private)))
      return failure();

  bufferization::OneShotBufferizationOptions options;
  options.bufferizeFunctionBoundaries = false;
  // Temporaries live in the registers or stack of each thread, or in the
  // workgroup's memory (a variable of the kernel, allocated for its whole
  // run).
  options.allocationFn = [](OpBuilder &builder, Location loc, MemRefType type,
                            ValueRange dynamicSizes,
                            unsigned) -> FailureOr<Value> {
    if (gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type))
      return memref::AllocOp::create(builder, loc, type, dynamicSizes)
          .getResult();
    return memref::AllocaOp::create(builder, loc, type, dynamicSizes)
        .getResult();
  };
  bufferization::BufferizationState state;
  if (failed(bufferization::runOneShotBufferize(dispatch, options, state)))
    return dispatch.emitError("bufferization of dispatch @")
           << dispatch.getName() << " failed";
  // Tiles written in place leave copies of a buffer onto itself (once CSE
  // has merged the equal subviews on both sides, or where one side views the
  // whole of the other).
  DominanceInfo dominance(dispatch);
  eliminateCommonSubExpressions(rewriter, dominance, dispatch);
  // The other copies (a tile that is a binding's value as it is: a dispatch
  // that returns its argument) become linalg.copy, lowered to loops with the
  // rest: SPIR-V has no memref.copy.
  dispatch.walk([&](memref::CopyOp copy) {
    auto source = cast<TypedValue<BaseMemRefType>>(copy.getSource());
    auto target = cast<TypedValue<BaseMemRefType>>(copy.getTarget());
    if (!memref::isSameViewOrTrivialAlias(source, target)) {
      rewriter.setInsertionPoint(copy);
      linalg::CopyOp::create(rewriter, copy.getLoc(), source, target);
    }
    copy.erase();
  });
  return success();
}

struct BufferizePass : public halc::impl::BufferizePassBase<BufferizePass> {
  void runOnOperation() override {
    if (failed(forEachDispatch(getOperation(), bufferizeDispatch)))
      signalPassFailure();
  }
};

} // namespace
