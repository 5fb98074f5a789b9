//===- AlignBindingAccesses.cpp - Byte alignment of vector accesses -------===//
//
// A vector load from a binding is only as aligned as its element unless
// something says more: LLVM then splits a vector<4xf32> load into four 32-bit
// loads, and the SPIR-V path cannot see its binding as a buffer of vectors.
// Bindings are whole buffers, which every driver allocates at least 16-byte
// aligned, and workgroup memory is declared 16-byte aligned by every target,
// so an access whose element offset is a known multiple of its vector's
// length is that vector's size aligned.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Common/DispatchUtils.h"
#include "compiler/Codegen/Common/FactorsOfTwo.h"
#include "compiler/Codegen/Common/Passes.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::halc {
#define GEN_PASS_DEF_ALIGNBINDINGACCESSESPASS
#include "compiler/Codegen/Common/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The alignment in bytes that `indices` into `binding` certainly have, up to
/// kBufferAlignment.
int64_t getAlignment(MemRefType binding, ValueRange indices,
                     FactorsOfTwo &factors) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!binding.getLayout().isIdentity() ||
      failed(binding.getStridesAndOffset(strides, offset)))
    return 0;
  unsigned twos = FactorsOfTwo::kManyTwos;
  for (auto [index, stride] : llvm::zip_equal(indices, strides)) {
    unsigned strideTwos =
        ShapedType::isDynamic(stride) ? 0 : FactorsOfTwo::ofConstant(stride);
    twos = std::min({twos, factors.of(index) + strideTwos,
                     FactorsOfTwo::kManyTwos});
  }
  int64_t elementBytes = binding.getElementTypeBitWidth() / 8;
  return std::min(kBufferAlignment, elementBytes << twos);
}

/// Whether `base` starts kBufferAlignment-aligned: a binding of `dispatch`
/// or an allocation of workgroup memory.
bool isAlignedBase(Value base, func::FuncOp dispatch) {
  if (auto binding = dyn_cast<BlockArgument>(base))
    return binding.getOwner() == &dispatch.front();
  auto alloc = base.getDefiningOp<memref::AllocOp>();
  return alloc &&
         gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(alloc.getType());
}

/// Records on each vector load and store of a binding or of workgroup
/// memory the alignment its indices prove, up to the vector's size.
template <typename AccessOp>
void alignAccess(AccessOp access, func::FuncOp dispatch,
                 FactorsOfTwo &factors) {
  VectorType vectorType = access.getVectorType();
  MemRefType memrefType = access.getMemRefType();
  if (!isAlignedBase(access.getBase(), dispatch) ||
      vectorType.getNumElements() < 2 ||
      memrefType.getElementTypeBitWidth() % 8 != 0)
    return;
  int64_t elementBytes = memrefType.getElementTypeBitWidth() / 8;
  int64_t vectorBytes =
      llvm::bit_floor(uint64_t(vectorType.getNumElements() * elementBytes));
  int64_t alignment = std::min(
      vectorBytes, getAlignment(memrefType, access.getIndices(), factors));
  if (alignment > elementBytes &&
      alignment > static_cast<int64_t>(access.getAlignment().value_or(0)))
    access.setAlignment(alignment);
}

LogicalResult alignBindingAccesses(ExportOp, func::FuncOp dispatch) {
  FactorsOfTwo factors;
  dispatch.walk([&](Operation *op) {
    if (auto load = dyn_cast<vector::LoadOp>(op))
      alignAccess(load, dispatch, factors);
    else if (auto store = dyn_cast<vector::StoreOp>(op))
      alignAccess(store, dispatch, factors);
  });
  return success();
}

struct AlignBindingAccessesPass
    : public halc::impl::AlignBindingAccessesPassBase<
          AlignBindingAccessesPass> {
  void runOnOperation() override {
    if (failed(forEachDispatch(getOperation(), alignBindingAccesses)))
      signalPassFailure();
  }
};

} // namespace
