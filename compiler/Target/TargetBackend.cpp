//===- TargetBackend.cpp - The registry of target backends ----------------===//

#include "compiler/Target/TargetBackend.h"

#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::halc;

static llvm::StringMap<std::unique_ptr<TargetBackend>> &registry() {
  static llvm::StringMap<std::unique_ptr<TargetBackend>> backends;
  return backends;
}

void mlir::halc::registerTargetBackend(std::unique_ptr<TargetBackend> backend) {
  std::string name = backend->getName().str();
  registry()[name] = std::move(backend);
}

const TargetBackend *mlir::halc::lookupTargetBackend(StringRef name) {
  auto it = registry().find(name);
  return it == registry().end() ? nullptr : it->second.get();
}

std::vector<std::string> mlir::halc::getRegisteredTargetBackendNames() {
  std::vector<std::string> names;
  for (const auto &entry : registry())
    names.push_back(entry.getKey().str());
  llvm::sort(names);
  return names;
}
