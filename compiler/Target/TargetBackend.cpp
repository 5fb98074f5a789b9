//===- TargetBackend.cpp - The registry of target backends ----------------===//

#include "compiler/Target/TargetBackend.h"

#include "schemas/binary_header.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"

#include <cstring>

using namespace mlir;
using namespace mlir::halc;

static llvm::cl::OptionCategory &halCategory() {
  static llvm::cl::OptionCategory category("halc executable options");
  return category;
}

namespace {
/// A debug level: 0 to 3.
struct DebugLevelParser : public llvm::cl::parser<int> {
  using llvm::cl::parser<int>::parser;
  bool parse(llvm::cl::Option &option, llvm::StringRef name,
             llvm::StringRef text, int &value) {
    if (text.getAsInteger(10, value) || value < 0 || value > 3)
      return option.error("'" + text + "' is not a debug level (0 to 3)");
    return false;
  }
};
} // namespace

static llvm::cl::opt<int, false, DebugLevelParser> clExecutableDebugLevel(
    "iree-hal-executable-debug-level",
    llvm::cl::desc("Debug information in executables: 0 none, 1 export names "
                   "and locations, 2 also sources (default), 3 everything"),
    llvm::cl::init(2), llvm::cl::cat(halCategory()));

int mlir::halc::getExecutableDebugLevel() { return clExecutableDebugLevel; }

static llvm::StringMap<std::unique_ptr<TargetBackend>> &registry() {
  static llvm::StringMap<std::unique_ptr<TargetBackend>> backends;
  return backends;
}

FailureOr<std::vector<uint32_t>>
TargetBackend::serializeSPIRV(ExecutableOp executable) const {
  return executable.emitError("target '")
         << getName() << "' does not produce SPIR-V";
}

FailureOr<std::vector<uint8_t>>
TargetBackend::serializeExecutable(ExecutableOp executable, StringRef) const {
  return executable.emitError("target '")
         << getName() << "' cannot write executable binaries yet";
}

std::vector<uint8_t> mlir::halc::wrapInBinaryHeader(const char *identifier,
                                                    ArrayRef<uint8_t> flatbuffer) {
  static_assert(sizeof(halc_binary_header_t) == HALC_BINARY_HEADER_SIZE);
  halc_binary_header_t header =
      halc_binary_header_make(identifier, flatbuffer.size());
  std::vector<uint8_t> binary(HALC_BINARY_HEADER_SIZE + flatbuffer.size());
  std::memcpy(binary.data(), &header, sizeof(header));
  std::memcpy(binary.data() + HALC_BINARY_HEADER_SIZE, flatbuffer.data(),
              flatbuffer.size());
  return binary;
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
