//===- DecomposeOps.cpp - Ops without loops of their own ------------------===//

#include "compiler/Input/DecomposeOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

LogicalResult mlir::halc::decomposeOps(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<linalg::AggregatedOpInterface, linalg::PackOp, linalg::UnPackOp>(
            op))
      ops.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    LogicalResult decomposed = success();
    if (auto pack = dyn_cast<linalg::PackOp>(op)) {
      // One form for every pack, a pad-like one too.
      decomposed = linalg::lowerPack(rewriter, pack,
                                     /*lowerPadLikeWithInsertSlice=*/false);
    } else if (auto unpack = dyn_cast<linalg::UnPackOp>(op)) {
      decomposed = linalg::lowerUnPack(rewriter, unpack);
    } else {
      FailureOr<SmallVector<Value>> parts =
          cast<linalg::AggregatedOpInterface>(op).decomposeOperation(rewriter);
      if (succeeded(parts))
        rewriter.replaceOp(op, *parts);
      decomposed = success(succeeded(parts));
    }
    if (failed(decomposed))
      return op->emitError("upstream MLIR could not decompose '")
             << op->getName() << "' into ops halc compiles";
  }
  return success();
}
