//===- ShareWorkgroupMemory.cpp - One set of workgroup variables ----------===//
//
// A SPIR-V module before 1.4 does not list the Workgroup variables an entry
// point uses, and NVIDIA's Vulkan driver reserves all of the module's for
// each: a module of several staged matmuls whose tiles add up to more than
// the 48 KB of a workgroup loses the device. Only one entry point runs in a
// dispatch, so the kernels take their workgroup arrays from one shared set:
// the i-th largest array of an element type in every kernel is one variable,
// as long as the longest of them.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/SPIRV/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"

namespace mlir::halc {
#define GEN_PASS_DEF_SHAREWORKGROUPMEMORYPASS
#include "compiler/Codegen/SPIRV/Passes.h.inc"
} // namespace mlir::halc

using namespace mlir;
using namespace mlir::halc;

namespace {

/// The array a Workgroup variable of `type` holds (wrapped in a struct, as
/// memref lowering declares them), else null.
spirv::ArrayType getWorkgroupArray(spirv::GlobalVariableOp variable) {
  auto pointer = dyn_cast<spirv::PointerType>(variable.getType());
  if (!pointer || pointer.getStorageClass() != spirv::StorageClass::Workgroup)
    return {};
  auto wrapper = dyn_cast<spirv::StructType>(pointer.getPointeeType());
  if (!wrapper || wrapper.getNumElements() != 1)
    return {};
  return dyn_cast<spirv::ArrayType>(wrapper.getElementType(0));
}

struct ShareWorkgroupMemoryPass
    : public halc::impl::ShareWorkgroupMemoryPassBase<
          ShareWorkgroupMemoryPass> {
  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    // An entry point that lists its Workgroup variables (SPIR-V 1.4) would
    // need its list rewritten too: such modules keep theirs.
    SymbolTable symbols(module);
    for (auto entry : module.getOps<spirv::EntryPointOp>())
      for (Attribute ref : entry.getInterface())
        if (auto variable = symbols.lookup<spirv::GlobalVariableOp>(
                cast<FlatSymbolRefAttr>(ref).getValue());
            variable && getWorkgroupArray(variable))
          return;

    // Each kernel's arrays of each element type, largest first.
    struct Use {
      spirv::GlobalVariableOp variable;
      SmallVector<spirv::AddressOfOp> addresses;
    };
    using Slots = SmallVector<Use>;
    SmallVector<llvm::MapVector<Type, Slots>> kernels;
    for (auto function : module.getOps<spirv::FuncOp>()) {
      llvm::MapVector<Type, Slots> byElement;
      DenseMap<Operation *, unsigned> position;
      bool shareable = true;
      function.walk([&](spirv::AddressOfOp address) {
        auto variable =
            symbols.lookup<spirv::GlobalVariableOp>(address.getVariable());
        spirv::ArrayType array = variable ? getWorkgroupArray(variable)
                                          : spirv::ArrayType();
        if (!array)
          return;
        shareable &= llvm::all_of(address->getUsers(), [](Operation *user) {
          return isa<spirv::AccessChainOp>(user);
        });
        Slots &slots = byElement[array.getElementType()];
        auto [it, inserted] = position.try_emplace(variable, slots.size());
        if (inserted)
          slots.push_back({variable, {}});
        slots[it->second].addresses.push_back(address);
      });
      if (!shareable)
        return;
      for (auto &[element, slots] : byElement)
        llvm::stable_sort(slots, [](const Use &a, const Use &b) {
          return getWorkgroupArray(a.variable).getNumElements() >
                 getWorkgroupArray(b.variable).getNumElements();
        });
      kernels.push_back(std::move(byElement));
    }

    // Slot i of an element type: one variable, as long as the longest.
    llvm::MapVector<Type, SmallVector<unsigned>> lengths;
    for (auto &byElement : kernels)
      for (auto &[element, slots] : byElement) {
        SmallVector<unsigned> &slotLengths = lengths[element];
        slotLengths.resize(std::max(slotLengths.size(), slots.size()), 0);
        for (auto [i, use] : llvm::enumerate(slots))
          slotLengths[i] = std::max(
              slotLengths[i], getWorkgroupArray(use.variable).getNumElements());
      }
    OpBuilder builder(module.getBody(), module.getBody()->begin());
    DenseMap<std::pair<Type, unsigned>, spirv::GlobalVariableOp> shared;
    for (auto &[element, slotLengths] : lengths)
      for (auto [i, length] : llvm::enumerate(slotLengths)) {
        auto type = spirv::PointerType::get(
            spirv::StructType::get(spirv::ArrayType::get(element, length)),
            spirv::StorageClass::Workgroup);
        auto variable = spirv::GlobalVariableOp::create(
            builder, module.getLoc(), type,
            "__workgroup_shared_" + std::to_string(shared.size()));
        symbols.insert(variable);
        shared[{element, i}] = variable;
      }
    SetVector<Operation *> replaced;
    for (auto &byElement : kernels)
      for (auto &[element, slots] : byElement)
        for (auto [i, use] : llvm::enumerate(slots)) {
          spirv::GlobalVariableOp variable = shared[{element, i}];
          for (spirv::AddressOfOp address : use.addresses) {
            OpBuilder at(address);
            address.replaceAllUsesWith(
                spirv::AddressOfOp::create(at, address.getLoc(), variable)
                    .getPointer());
            address.erase();
          }
          replaced.insert(use.variable);
        }
    for (Operation *variable : replaced)
      variable->erase();
  }
};

} // namespace
