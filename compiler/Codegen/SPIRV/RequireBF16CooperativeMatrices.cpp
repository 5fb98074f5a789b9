//===- RequireBF16CooperativeMatrices.cpp - bf16 matrices' capability -----===//
//
// Upstream's VCE deduction gives a bf16 cooperative matrix the bf16 scalar's
// capability (BFloat16TypeKHR) but not BFloat16CooperativeMatrixKHR, which a
// Vulkan driver needs declared to accept the type.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/SPIRV/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"

namespace mlir::halc {
#define GEN_PASS_DEF_REQUIREBF16COOPERATIVEMATRICESPASS
#include "compiler/Codegen/SPIRV/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Whether `type` is a cooperative matrix of bf16.
bool isBF16Matrix(Type type) {
  auto matrix = dyn_cast<spirv::CooperativeMatrixType>(type);
  return matrix && matrix.getElementType().isBF16();
}

struct RequireBF16CooperativeMatricesPass
    : public halc::impl::RequireBF16CooperativeMatricesPassBase<
          RequireBF16CooperativeMatricesPass> {
  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    std::optional<spirv::VerCapExtAttr> triple = module.getVceTriple();
    bool used = module
                    .walk([](Operation *op) {
                      return llvm::any_of(op->getResultTypes(), isBF16Matrix)
                                 ? WalkResult::interrupt()
                                 : WalkResult::advance();
                    })
                    .wasInterrupted();
    if (!triple || !used)
      return;
    SmallVector<spirv::Capability> capabilities(triple->getCapabilities());
    for (spirv::Capability capability :
         {spirv::Capability::BFloat16TypeKHR,
          spirv::Capability::BFloat16CooperativeMatrixKHR})
      if (!llvm::is_contained(capabilities, capability))
        capabilities.push_back(capability);
    SmallVector<spirv::Extension> extensions(triple->getExtensions());
    module.setVceTripleAttr(spirv::VerCapExtAttr::get(
        triple->getVersion(), capabilities, extensions, module.getContext()));
  }
};

} // namespace
