//===- RequireInterfaceVersion.cpp - The version entry point lists need ---===//
//
// With a SPIR-V 1.4 target, spirv-lower-abi-attrs lists every variable an
// entry point uses (its Workgroup arrays, its buffers), as 1.4 requires;
// upstream's VCE deduction then asks the ops alone and may declare an older
// version, whose entry points may list Input and Output variables only.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/SPIRV/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"

namespace mlir::halc {
#define GEN_PASS_DEF_REQUIREINTERFACEVERSIONPASS
#include "compiler/Codegen/SPIRV/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Whether an entry point of `module` lists a variable of another storage
/// class than Input and Output.
bool listsOtherVariables(spirv::ModuleOp module) {
  SymbolTable symbols(module);
  for (auto entry : module.getOps<spirv::EntryPointOp>())
    for (Attribute ref : entry.getInterface()) {
      auto variable = symbols.lookup<spirv::GlobalVariableOp>(
          cast<FlatSymbolRefAttr>(ref).getValue());
      if (!variable)
        continue;
      spirv::StorageClass storage =
          cast<spirv::PointerType>(variable.getType()).getStorageClass();
      if (storage != spirv::StorageClass::Input &&
          storage != spirv::StorageClass::Output)
        return true;
    }
  return false;
}

struct RequireInterfaceVersionPass
    : public halc::impl::RequireInterfaceVersionPassBase<
          RequireInterfaceVersionPass> {
  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    std::optional<spirv::VerCapExtAttr> triple = module.getVceTriple();
    if (!triple || triple->getVersion() >= spirv::Version::V_1_4 ||
        !listsOtherVariables(module))
      return;
    SmallVector<spirv::Capability> capabilities(triple->getCapabilities());
    SmallVector<spirv::Extension> extensions(triple->getExtensions());
    module.setVceTripleAttr(spirv::VerCapExtAttr::get(
        spirv::Version::V_1_4, capabilities, extensions, module.getContext()));
  }
};

} // namespace
