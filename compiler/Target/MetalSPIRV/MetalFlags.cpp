//===- MetalFlags.cpp - The Metal flags halc's tools share ----------------===//

#include "compiler/Target/MetalSPIRV/MetalFlags.h"

using namespace mlir::halc;
namespace cl = llvm::cl;

cl::OptionCategory &mlir::halc::getMetalOptionCategory() {
  static cl::OptionCategory category("halc metal-spirv target options");
  return category;
}

namespace {

cl::opt<MetalPlatform> clPlatform(
    "iree-metal-target-platform", cl::desc("Platform the MSL is for"),
    cl::values(clEnumValN(MetalPlatform::MacOS, "macos", "macOS (default)"),
               clEnumValN(MetalPlatform::IOS, "ios", "iOS"),
               clEnumValN(MetalPlatform::IOSSimulator, "ios-simulator",
                          "the iOS simulator")),
    cl::init(MetalPlatform::MacOS), cl::cat(getMetalOptionCategory()));

cl::opt<std::string> clOSVersion(
    "iree-metal-target-os-version",
    cl::desc("The oldest macOS or iOS version the library runs on (the "
             "Metal toolchain's deployment target), e.g. 13.0; at least what "
             "the MSL version needs, which is the default"),
    cl::init(""), cl::cat(getMetalOptionCategory()));

cl::opt<std::string> clToolchainDir(
    "iree-metal-toolchain-dir",
    cl::desc("Directory holding the Metal toolchain's metal and metallib "
             "(default: xcrun on PATH)"),
    cl::init(""), cl::cat(getMetalOptionCategory()));

} // namespace

MetalPlatform mlir::halc::getMetalPlatformFlag() { return clPlatform; }
llvm::StringRef mlir::halc::getMetalOSVersionFlag() { return clOSVersion; }
llvm::StringRef mlir::halc::getMetalToolchainDirFlag() {
  return clToolchainDir;
}
