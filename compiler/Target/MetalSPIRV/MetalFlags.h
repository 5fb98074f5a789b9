//===- MetalFlags.h - The Metal flags halc's tools share -------*- C++ -*-===//
//
// --iree-metal-target-platform, --iree-metal-target-os-version and
// --iree-metal-toolchain-dir, declared once for halc-compile (the
// metal-spirv target) and halc-metallib, in one option category.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_TARGET_METALSPIRV_METALFLAGS_H
#define HALC_TARGET_METALSPIRV_METALFLAGS_H

#include "compiler/Target/MetalSPIRV/MetalToolchain.h"

#include "llvm/Support/CommandLine.h"

namespace mlir::halc {

/// The category every Metal flag is listed in.
llvm::cl::OptionCategory &getMetalOptionCategory();

MetalPlatform getMetalPlatformFlag();
/// Empty when not given (the oldest OS of the MSL version).
llvm::StringRef getMetalOSVersionFlag();
/// Empty when not given (xcrun on PATH).
llvm::StringRef getMetalToolchainDirFlag();

} // namespace mlir::halc

#endif // HALC_TARGET_METALSPIRV_METALFLAGS_H
