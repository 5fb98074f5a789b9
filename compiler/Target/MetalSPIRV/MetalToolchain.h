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
};

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
