//===- CheckWorkgroupMemory.cpp - A kernel's workgroup memory in all ------===//
//
// The workgroup buffers of a kernel live for its whole run, so the target's
// workgroup memory must hold all of them at once. The stages check each
// buffer where they make it; this pass checks their sum, once no stage
// adds another.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::halc {
#define GEN_PASS_DEF_CHECKWORKGROUPMEMORYPASS
#include "compiler/Codegen/Common/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Refuses `dispatch` where its workgroup buffers add up to more than
/// `limit` bytes.
LogicalResult checkWorkgroupMemory(func::FuncOp dispatch, int64_t limit) {
  int64_t bytes = 0, buffers = 0;
  WalkResult walk = dispatch.walk([&](memref::AllocOp alloc) {
    MemRefType type = alloc.getType();
    if (!gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type))
      return WalkResult::advance();
    if (!type.hasStaticShape() || !type.getElementType().isIntOrFloat()) {
      alloc.emitError("workgroup buffer ")
          << type << " has no static size in bytes";
      return WalkResult::interrupt();
    }
    bytes += type.getNumElements() *
             llvm::divideCeil(type.getElementTypeBitWidth(), 8);
    ++buffers;
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  if (bytes <= limit)
    return success();
  // A dispatch function is where the op it was formed around is.
  return dispatch.emitError("dispatch @")
         << dispatch.getName() << " needs " << bytes
         << " bytes of workgroup memory (" << buffers
         << (buffers == 1 ? " buffer" : " buffers") << "); the target has "
         << limit;
}

struct CheckWorkgroupMemoryPass
    : public halc::impl::CheckWorkgroupMemoryPassBase<
          CheckWorkgroupMemoryPass> {
  void runOnOperation() override {
    TargetAttr target = getOperation().getTargetAttr();
    if (!target)
      return;
    auto check = [&](ExportOp, func::FuncOp dispatch) {
      return checkWorkgroupMemory(dispatch, target.getMaxSharedMemoryBytes());
    };
    if (failed(forEachDispatch(getOperation(), check)))
      signalPassFailure();
  }
};

} // namespace
