//===- ConvertIndexArguments.cpp - index arguments passed as i32 ----------===//

#include "compiler/Input/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::halc {
#define GEN_PASS_DEF_CONVERTINDEXARGUMENTSPASS
#include "compiler/Input/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

struct ConvertIndexArgumentsPass
    : public halc::impl::ConvertIndexArgumentsPassBase<
          ConvertIndexArgumentsPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (!func.isPublic() || func.isExternal())
        continue;
      Block &entry = func.getBody().front();
      OpBuilder b = OpBuilder::atBlockBegin(&entry);
      Type i32 = b.getI32Type();
      for (BlockArgument argument : entry.getArguments()) {
        if (!argument.getType().isIndex())
          continue;
        argument.setType(i32);
        auto cast = arith::IndexCastOp::create(b, argument.getLoc(),
                                               b.getIndexType(), argument);
        argument.replaceAllUsesExcept(cast.getResult(), cast);
      }
      func.setFunctionType(b.getFunctionType(entry.getArgumentTypes(),
                                             func.getResultTypes()));
    }
  }
};

} // namespace
