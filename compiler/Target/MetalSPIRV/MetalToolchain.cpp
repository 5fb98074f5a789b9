//===- MetalToolchain.cpp - Compiling MSL to a metallib -------------------===//

#include "compiler/Target/MetalSPIRV/MetalToolchain.h"

#include "compiler/Target/Subprocess.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::halc;
using llvm::SmallString;
using llvm::StringRef;

namespace {

const char *sdkName(MetalPlatform platform) {
  switch (platform) {
  case MetalPlatform::MacOS:
    return "macosx";
  case MetalPlatform::IOS:
    return "iphoneos";
  case MetalPlatform::IOSSimulator:
    return "iphonesimulator";
  }
  return "macosx";
}

/// `-std=` for the MSL version: `metalX.Y` from 3.0 on, before that with
/// the platform in front.
std::string languageStandard(const MSLOptions &options) {
  std::string version = std::to_string(options.versionMajor) + "." +
                        std::to_string(options.versionMinor);
  if (options.versionMajor >= 3)
    return "-std=metal" + version;
  return std::string("-std=") +
         (options.platform == MetalPlatform::MacOS ? "macos" : "ios") +
         "-metal" + version;
}

/// The minimum deployment target, as `metal` takes it.
std::string deploymentTarget(const MSLOptions &options) {
  switch (options.platform) {
  case MetalPlatform::MacOS:
    return "-mmacosx-version-min=" + options.osVersion;
  case MetalPlatform::IOS:
    return "-mios-version-min=" + options.osVersion;
  case MetalPlatform::IOSSimulator:
    return "-mios-simulator-version-min=" + options.osVersion;
  }
  return "";
}

} // namespace

bool mlir::halc::setOSVersion(MSLOptions &options, StringRef text,
                              std::string &error) {
  // Each MSL version and the macOS and iOS versions that brought it.
  struct Release {
    uint32_t major, minor;
    unsigned macOS, iOS;
  };
  static const Release kReleases[] = {
      {2, 4, 12, 15}, {3, 0, 13, 16}, {3, 1, 14, 17}, {3, 2, 15, 18}};
  const Release *release = llvm::find_if(kReleases, [&](const Release &r) {
    return r.major == options.versionMajor && r.minor == options.versionMinor;
  });
  if (release == std::end(kReleases)) {
    error = "MSL " + std::to_string(options.versionMajor) + "." +
            std::to_string(options.versionMinor) + " is not a known version";
    return false;
  }
  bool macOS = options.platform == MetalPlatform::MacOS;
  unsigned oldest = macOS ? release->macOS : release->iOS;
  if (text.empty()) {
    options.osVersion = std::to_string(oldest) + ".0";
    return true;
  }
  unsigned major = 0, minor = 0;
  StringRef rest = text;
  if (rest.consumeInteger(10, major) ||
      (rest.consume_front(".") && rest.consumeInteger(10, minor)) ||
      !rest.empty()) {
    error = "--iree-metal-target-os-version='" + text.str() +
            "' is not a version like 13.0";
    return false;
  }
  if (major < oldest) {
    error = "MSL " + std::to_string(options.versionMajor) + "." +
            std::to_string(options.versionMinor) + " needs " +
            (macOS ? "macOS " : "iOS ") + std::to_string(oldest) +
            " or later; --iree-metal-target-os-version=" + text.str() +
            " is older";
    return false;
  }
  options.osVersion = std::to_string(major) + "." + std::to_string(minor);
  return true;
}

std::optional<MetalToolchain>
mlir::halc::findMetalToolchain(StringRef toolchainDir, MetalPlatform platform) {
  MetalToolchain toolchain;
  if (!toolchainDir.empty()) {
    SmallString<256> metal(toolchainDir), metallib(toolchainDir);
    llvm::sys::path::append(metal, "metal");
    llvm::sys::path::append(metallib, "metallib");
    if (!llvm::sys::fs::can_execute(metal) ||
        !llvm::sys::fs::can_execute(metallib))
      return std::nullopt;
    toolchain.metal = {metal.str().str()};
    toolchain.metallib = {metallib.str().str()};
    toolchain.description = toolchainDir.str();
    return toolchain;
  }
  llvm::ErrorOr<std::string> xcrun = llvm::sys::findProgramByName("xcrun");
  if (!xcrun)
    return std::nullopt;
  std::string sdk = sdkName(platform);
  toolchain.metal = {*xcrun, "-sdk", sdk, "metal"};
  toolchain.metallib = {*xcrun, "-sdk", sdk, "metallib"};
  toolchain.description = *xcrun + " -sdk " + sdk;
  return toolchain;
}

std::optional<std::string>
mlir::halc::compileMetallib(const MetalToolchain &toolchain, StringRef source,
                            const MSLOptions &options, std::string &error) {
  SmallString<128> directory;
  if (llvm::sys::fs::createUniqueDirectory("halc-metallib", directory)) {
    error = "cannot create a temporary directory";
    return std::nullopt;
  }
  llvm::scope_exit cleanup(
      [&] { llvm::sys::fs::remove_directories(directory); });
  SmallString<256> metalPath(directory), airPath(directory), libPath(directory);
  llvm::sys::path::append(metalPath, "library.metal");
  llvm::sys::path::append(airPath, "library.air");
  llvm::sys::path::append(libPath, "library.metallib");
  {
    std::error_code ec;
    llvm::raw_fd_ostream file(metalPath, ec);
    if (ec) {
      error = "cannot write " + metalPath.str().str() + ": " + ec.message();
      return std::nullopt;
    }
    file << source;
  }
  std::vector<std::string> compile = toolchain.metal;
  compile.insert(compile.end(), {"-c", metalPath.str().str(),
                                 languageStandard(options),
                                 deploymentTarget(options), "-o",
                                 airPath.str().str()});
  std::vector<std::string> link = toolchain.metallib;
  link.insert(link.end(), {airPath.str().str(), "-o", libPath.str().str()});
  if (!runProgram(compile, error) || !runProgram(link, error))
    return std::nullopt;
  auto metallib = llvm::MemoryBuffer::getFile(libPath, /*IsText=*/false);
  if (!metallib) {
    error = "the Metal toolchain wrote no " + libPath.str().str();
    return std::nullopt;
  }
  return (*metallib)->getBuffer().str();
}
