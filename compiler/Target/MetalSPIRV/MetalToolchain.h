//===- MetalToolchain.h - Compiling MSL to a metallib ------------*- C++ -*-===//
//
// Apple's Metal toolchain, found where IREE looks for it and more: a
// directory given by flag holding `metal` and `metallib`, or `xcrun` on PATH
// (`xcrun -sdk <macosx|iphoneos|iphonesimulator> metal ...`). halc-compile
// and halc-metallib share it.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_TARGET_METALSPIRV_METALTOOLCHAIN_H
#define HALC_TARGET_METALSPIRV_METALTOOLCHAIN_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::halc {

enum class MetalPlatform { MacOS, IOS, IOSSimulator };

struct MSLOptions {
  MetalPlatform platform = MetalPlatform::MacOS;
  uint32_t versionMajor = 3;
  uint32_t versionMinor = 0;
  /// The oldest OS the library runs on (macOS or iOS, after the platform),
  /// e.g. "13.0": the Metal toolchain's minimum deployment target.
  std::string osVersion = "13.0";
};

/// Sets `options.osVersion` from `text` ("14" or "14.2"; empty: the oldest
/// OS of the platform that has the MSL version). False with `error` when it
/// is malformed or older than the MSL version allows (MSL 2.4: macOS 12 and
/// iOS 15; 3.0: 13 and 16; 3.1: 14 and 17; 3.2: 15 and 18).
bool setOSVersion(MSLOptions &options, llvm::StringRef text,
                  std::string &error);

struct MetalToolchain {
  /// How to run `metal` and `metallib`: a program and the arguments that come
  /// before the tool's own.
  std::vector<std::string> metal;
  std::vector<std::string> metallib;
  /// Where it was found, for messages.
  std::string description;
};

/// The toolchain in `toolchainDir` (when not empty), else `xcrun` on PATH;
/// none when neither is there.
std::optional<MetalToolchain> findMetalToolchain(llvm::StringRef toolchainDir,
                                                 MetalPlatform platform);

/// Compiles `source` (MSL) to a metallib: metal -c → .air → metallib.
/// Returns the metallib's bytes, or fills `error` with the failing command
/// and its output.
std::optional<std::string> compileMetallib(const MetalToolchain &toolchain,
                                           llvm::StringRef source,
                                           const MSLOptions &options,
                                           std::string &error);

} // namespace mlir::halc

#endif // HALC_TARGET_METALSPIRV_METALTOOLCHAIN_H
