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
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"

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

/// A kernel's use of one Workgroup array.
struct ArrayUse {
  spirv::GlobalVariableOp variable;
  SmallVector<spirv::AddressOfOp> addresses;
};

/// A kernel's Workgroup arrays by element type, largest first.
using KernelArrays = llvm::MapVector<Type, SmallVector<ArrayUse>>;

/// The Workgroup arrays `function` uses; nullopt where one is used other
/// than through access chains (its type could not change).
std::optional<KernelArrays> getKernelArrays(spirv::FuncOp function,
                                            SymbolTable &symbols) {
  KernelArrays arrays;
  DenseMap<Operation *, unsigned> position;
  bool shareable = true;
  function.walk([&](spirv::AddressOfOp address) {
    auto variable =
        symbols.lookup<spirv::GlobalVariableOp>(address.getVariable());
    spirv::ArrayType array =
        variable ? getWorkgroupArray(variable) : spirv::ArrayType();
    if (!array)
      return;
    shareable &= llvm::all_of(address->getUsers(), [](Operation *user) {
      return isa<spirv::AccessChainOp>(user);
    });
    SmallVector<ArrayUse> &uses = arrays[array.getElementType()];
    auto [it, inserted] = position.try_emplace(variable, uses.size());
    if (inserted)
      uses.push_back({variable, {}});
    uses[it->second].addresses.push_back(address);
  });
  if (!shareable)
    return std::nullopt;
  // Largest first; of equal ones, the first used first.
  auto order = [&](const ArrayUse &use) {
    return std::make_pair(
        -int64_t(getWorkgroupArray(use.variable).getNumElements()),
        position.lookup(use.variable));
  };
  for (auto &[element, uses] : arrays)
    llvm::sort(uses, [&](const ArrayUse &a, const ArrayUse &b) {
      return order(a) < order(b);
    });
  return arrays;
}

/// The shared variables: for each element type, the i-th as long as the
/// longest i-th array of that type among `kernels`.
DenseMap<std::pair<Type, unsigned>, spirv::GlobalVariableOp>
createSharedVariables(spirv::ModuleOp module, SymbolTable &symbols,
                      ArrayRef<KernelArrays> kernels) {
  llvm::MapVector<Type, SmallVector<unsigned>> lengths;
  for (const KernelArrays &arrays : kernels)
    for (auto &[element, uses] : arrays) {
      SmallVector<unsigned> &longest = lengths[element];
      longest.resize(std::max(longest.size(), uses.size()), 0);
      for (auto [i, use] : llvm::enumerate(uses))
        longest[i] = std::max(longest[i],
                              getWorkgroupArray(use.variable).getNumElements());
    }
  OpBuilder builder(module.getBody(), module.getBody()->begin());
  DenseMap<std::pair<Type, unsigned>, spirv::GlobalVariableOp> shared;
  for (auto &[element, longest] : lengths)
    for (auto [i, length] : llvm::enumerate(longest)) {
      auto type = spirv::PointerType::get(
          spirv::StructType::get(spirv::ArrayType::get(element, length)),
          spirv::StorageClass::Workgroup);
      auto variable = spirv::GlobalVariableOp::create(
          builder, module.getLoc(), type,
          "__workgroup_shared_" + std::to_string(shared.size()));
      symbols.insert(variable);
      shared[{element, i}] = variable;
    }
  return shared;
}

struct ShareWorkgroupMemoryPass
    : public halc::impl::ShareWorkgroupMemoryPassBase<
          ShareWorkgroupMemoryPass> {
  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    // From SPIR-V 1.4 on, each entry point lists the Workgroup variables it
    // uses (spirv-lower-abi-attrs writes the lists after this pass), and the
    // driver reserves those alone: shared arrays as long as the module's
    // largest would give a softmax's workgroup a matmul's workgroup memory
    // and cut how many run at once (GPT-2's softmax 0.30 ms in its module,
    // 0.044 ms alone). An entry point that already lists them would need
    // its list rewritten too: such modules keep theirs.
    if (spirv::lookupTargetEnvOrDefault(module).getVersion() >=
        spirv::Version::V_1_4)
      return;
    SymbolTable symbols(module);
    for (auto entry : module.getOps<spirv::EntryPointOp>())
      for (Attribute ref : entry.getInterface())
        if (auto variable = symbols.lookup<spirv::GlobalVariableOp>(
                cast<FlatSymbolRefAttr>(ref).getValue());
            variable && getWorkgroupArray(variable))
          return;
    SmallVector<KernelArrays> kernels;
    for (auto function : module.getOps<spirv::FuncOp>()) {
      std::optional<KernelArrays> arrays = getKernelArrays(function, symbols);
      if (!arrays)
        return;
      kernels.push_back(std::move(*arrays));
    }
    auto shared = createSharedVariables(module, symbols, kernels);
    SetVector<Operation *> replaced;
    for (const KernelArrays &arrays : kernels)
      for (auto &[element, uses] : arrays)
        for (auto [i, use] : llvm::enumerate(uses)) {
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
