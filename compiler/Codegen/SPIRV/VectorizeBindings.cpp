//===- VectorizeBindings.cpp - Buffers of vector<4> -----------------------===//
//
// SPIR-V's Logical addressing cannot load a vector from a buffer of scalars:
// each element is its own load, which drivers do not always merge. A binding
// or workgroup allocation whose every access is a vector<4> load or store
// aligned to the vector's size is declared a buffer of vector<4> instead,
// and each access is one 128-bit (64-bit in f16) load or store of element
// index / 4.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/SPIRV/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::halc {
#define GEN_PASS_DEF_VECTORIZEBINDINGSPASS
#include "compiler/Codegen/SPIRV/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The vectors SPIR-V and Metal buffers hold: four elements.
constexpr int64_t kVectorWidth = 4;

/// The buffer as a buffer of vector<4>, when its elements are 16 or 32 bits
/// and its rows (the innermost dimension) are whole vectors.
MemRefType getVectorBufferType(MemRefType type) {
  Type element = type.getElementType();
  unsigned bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 0;
  if ((bits != 16 && bits != 32) || !type.getLayout().isIdentity() ||
      type.getRank() == 0)
    return {};
  SmallVector<int64_t> shape(type.getShape());
  int64_t &inner = shape.back();
  if (ShapedType::isDynamic(inner)) {
    if (type.getRank() != 1)
      return {};
  } else if (inner % kVectorWidth != 0) {
    return {};
  } else {
    inner /= kVectorWidth;
  }
  return MemRefType::get(shape, VectorType::get({kVectorWidth}, element),
                         MemRefLayoutAttrInterface(), type.getMemorySpace());
}

/// Whether `user` reads or writes one whole, aligned vector<4> of `buffer`.
bool isAlignedVectorAccess(Operation *user, Value buffer) {
  auto access = [&](auto op) {
    VectorType type = op.getVectorType();
    int64_t bytes = kVectorWidth * type.getElementTypeBitWidth() / 8;
    return op.getBase() == buffer && type.getRank() == 1 &&
           type.getNumElements() == kVectorWidth &&
           op.getAlignment().value_or(0) >= static_cast<uint64_t>(bytes);
  };
  if (auto load = dyn_cast<vector::LoadOp>(user))
    return access(load);
  if (auto store = dyn_cast<vector::StoreOp>(user))
    return access(store);
  return false;
}

/// The indices of the vector holding the element at `indices`.
SmallVector<Value> getVectorIndices(OpBuilder &builder, Location loc,
                                    ValueRange indices) {
  SmallVector<Value> result(indices);
  result.back() = arith::DivUIOp::create(
      builder, loc, result.back(),
      arith::ConstantIndexOp::create(builder, loc, kVectorWidth));
  return result;
}

/// Makes `buffer` (a binding, a workgroup allocation) a buffer of
/// `vectorType`, each of its aligned vector<4> accesses one element of it.
void vectorizeBuffer(Value buffer, MemRefType vectorType) {
  SmallVector<Operation *> users(buffer.getUsers());
  buffer.setType(vectorType);
  for (Operation *user : users) {
    OpBuilder builder(user);
    Location loc = user->getLoc();
    if (auto load = dyn_cast<vector::LoadOp>(user)) {
      Value vector = memref::LoadOp::create(
          builder, loc, buffer,
          getVectorIndices(builder, loc, load.getIndices()));
      load.replaceAllUsesWith(vector);
    } else {
      auto store = cast<vector::StoreOp>(user);
      memref::StoreOp::create(
          builder, loc, store.getValueToStore(), buffer,
          getVectorIndices(builder, loc, store.getIndices()));
    }
    user->erase();
  }
}

/// The type `buffer` takes as a buffer of vector<4>, when it has one and is
/// accessed only in aligned vector<4>s; else null.
MemRefType getVectorizedType(Value buffer) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  MemRefType vectorType = type ? getVectorBufferType(type) : MemRefType();
  if (!vectorType || buffer.use_empty() ||
      !llvm::all_of(buffer.getUsers(), [&](Operation *user) {
        return isAlignedVectorAccess(user, buffer);
      }))
    return {};
  return vectorType;
}

struct VectorizeBindingsPass
    : public halc::impl::VectorizeBindingsPassBase<VectorizeBindingsPass> {
  void runOnOperation() override {
    getOperation().walk([](gpu::GPUFuncOp kernel) {
      for (BlockArgument binding : kernel.getArguments())
        if (MemRefType vectorType = getVectorizedType(binding))
          vectorizeBuffer(binding, vectorType);
      kernel.setFunctionType(FunctionType::get(
          kernel.getContext(), kernel.front().getArgumentTypes(),
          kernel.getResultTypes()));
      kernel.walk([](memref::AllocOp alloc) {
        if (!gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(alloc.getType()))
          return;
        if (MemRefType vectorType = getVectorizedType(alloc))
          vectorizeBuffer(alloc, vectorType);
      });
    });
  }
};

} // namespace
