//===- VerifyInput.cpp - Reject input halc cannot compile -----------------===//

#include "compiler/Input/Passes.h"
#include "schemas/element_type.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <limits>

namespace mlir::halc {
#define GEN_PASS_DEF_VERIFYINPUTPASS
#include "compiler/Input/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;

namespace {

/// An element type of the module format (schemas/element_type.h).
bool isSupportedElementType(Type type) {
  std::string name;
  llvm::raw_string_ostream(name) << type;
  return ::halc::lookupElementType(name) != nullptr;
}

/// A scalar argument travels as one 32-bit constant.
bool isSupportedScalarType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return llvm::is_contained({8u, 16u, 32u}, intType.getWidth());
  return type.isF16() || type.isF32();
}

/// The most elements a tensor may have: kernels index with 32-bit signed
/// integers.
constexpr int64_t kMaxElements = std::numeric_limits<int32_t>::max();

/// Checks that the static part of `type` can be indexed; reports at `loc`.
LogicalResult verifyTensorSize(Location loc, Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType)
    return success();
  int64_t elements = 1;
  for (int64_t dim : tensorType.getShape()) {
    if (ShapedType::isDynamic(dim))
      continue;
    if (llvm::MulOverflow(elements, dim, elements) || elements > kMaxElements)
      return emitError(loc)
             << type << " has more than " << kMaxElements
             << " elements; halc's kernels index tensors with 32-bit integers";
  }
  return success();
}

/// Checks one argument or result type; reports at `loc`.
LogicalResult verifyBoundaryType(Location loc, Type type, StringRef what,
                                 bool isArgument) {
  if (isArgument && type.isIntOrFloat()) {
    if (isSupportedScalarType(type))
      return success();
    return emitError(loc) << what << " is a scalar of type " << type
                          << "; scalars travel as 32-bit constants: f16, "
                             "f32, i8, i16 or i32";
  }
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType)
    return emitError(loc) << what << " of type " << type
                          << " is not a ranked tensor; halc functions take "
                             "tensors and scalars and return tensors";
  if (!isSupportedElementType(tensorType.getElementType()))
    return emitError(loc) << what << " has element type "
                          << tensorType.getElementType()
                          << "; supported are " << ::halc::listElementTypes();
  return verifyTensorSize(loc, type);
}

/// The ops a function body may hold directly (their regions hold scalars).
bool isSupportedOp(Operation *op) {
  if (isa<linalg::LinalgOp, linalg::PackOp, linalg::UnPackOp, func::ReturnOp,
          func::CallOp>(op))
    return true;
  if (isa<tensor::EmptyOp, tensor::ExtractSliceOp, tensor::InsertSliceOp,
          tensor::CollapseShapeOp, tensor::ExpandShapeOp, tensor::PadOp,
          tensor::ConcatOp, tensor::DimOp, tensor::CastOp, tensor::InsertOp,
          tensor::FromElementsOp, tensor::GenerateOp, tensor::ReshapeOp,
          linalg::SoftmaxOp>(op))
    return true;
  // Sizes: an affine map of other sizes (a convolution's output size).
  if (isa<affine::AffineApplyOp>(op))
    return true;
  return isa<arith::ArithDialect, math::MathDialect>(op->getDialect());
}

/// Reports the first problem of `func` only: one diagnostic per bad input.
LogicalResult verifyFunction(func::FuncOp func) {
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes())) {
    Location loc = func.getArgument(index).getLoc();
    if (failed(verifyBoundaryType(loc, type,
                                  "argument #" + std::to_string(index),
                                  /*isArgument=*/true)))
      return failure();
  }
  for (auto [index, type] : llvm::enumerate(func.getResultTypes()))
    if (failed(verifyBoundaryType(func.getLoc(), type,
                                  "result #" + std::to_string(index),
                                  /*isArgument=*/false)))
      return failure();
  for (Operation &op : func.getBody().getOps()) {
    for (Type type : op.getResultTypes())
      if (failed(verifyTensorSize(op.getLoc(), type)))
        return failure();
    if (!isSupportedOp(&op))
      return op.emitError()
             << "'" << op.getName()
             << "' is not supported: halc compiles linalg (pack and unpack "
                "too), tensor (empty, "
                "extract_slice, insert_slice, collapse_shape, expand_shape, "
                "cast, pad, concat, dim, insert, from_elements, generate, "
                "reshape), arith and math ops on tensors, and "
                "affine.apply on sizes";
  }
  return success();
}

/// Reports a call that makes a function call itself, directly or through
/// others: halc inlines every call.
LogicalResult verifyNoRecursion(ModuleOp module) {
  SymbolTable symbols(module);
  // Depth-first over the calls; a call to a function on the path closes a
  // cycle.
  SmallVector<func::FuncOp> path;
  llvm::SmallPtrSet<Operation *, 8> finished;
  std::function<LogicalResult(func::FuncOp)> visit =
      [&](func::FuncOp func) -> LogicalResult {
    path.push_back(func);
    WalkResult walk = func.walk([&](func::CallOp call) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!callee || finished.contains(callee))
        return WalkResult::advance();
      auto cycle = llvm::find(path, callee);
      if (cycle != path.end()) {
        InFlightDiagnostic error = call.emitError();
        error << "@" << func.getName() << " calls @" << callee.getName();
        for (auto it = std::next(cycle); it != path.end(); ++it)
          error << ", which calls @" << it->getName();
        error << ": halc inlines every call, so no function may call "
                 "itself, directly or through others";
        return WalkResult::interrupt();
      }
      return failed(visit(callee)) ? WalkResult::interrupt()
                                   : WalkResult::advance();
    });
    path.pop_back();
    finished.insert(func);
    return failure(walk.wasInterrupted());
  };
  for (auto func : module.getOps<func::FuncOp>())
    if (!finished.contains(func) && failed(visit(func)))
      return failure();
  return success();
}

struct VerifyInputPass
    : public mlir::halc::impl::VerifyInputPassBase<VerifyInputPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isDeclaration()) {
        func.emitError() << "function @" << func.getName()
                         << " has no body; halc needs every function defined";
        return signalPassFailure();
      }
      if (failed(verifyFunction(func)))
        return signalPassFailure();
    }
    if (failed(verifyNoRecursion(getOperation())))
      signalPassFailure();
  }
};

} // namespace
