//===- MetalSPIRVTarget.cpp - The metal-spirv target backend --------------===//
//
// Apple GPUs through SPIR-V: codegen is the SPIR-V family's; the GPU families
// below are what the heuristics read.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/MetalSPIRV/MetalSPIRVTarget.h"

#include "compiler/Codegen/SPIRV/Passes.h"
#include "compiler/Target/MetalSPIRV/CrossCompileMSL.h"
#include "compiler/Target/MetalSPIRV/MetalFlags.h"
#include "compiler/Target/MetalSPIRV/MetalToolchain.h"
#include "compiler/Target/MetalSPIRV/SerializeMTL1.h"
#include "compiler/Target/SPIRVCommon/SPIRVTargetBackend.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::halc;

namespace {

constexpr TargetFeatures kAppleFeatures =
    TargetFeatures::F16 | TargetFeatures::I8 | TargetFeatures::I16 |
    TargetFeatures::I64 | TargetFeatures::Subgroup;

/// Apple GPU families: 32 KiB threadgroup memory, 1024 threads, SIMD width 32.
const GPUDescription kAppleGPUs[] = {
    {"apple7", kAppleFeatures, 1024, {1024, 1024, 1024}, 32768, {32}},
    {"apple8", kAppleFeatures, 1024, {1024, 1024, 1024}, 32768, {32}},
    {"apple9", kAppleFeatures, 1024, {1024, 1024, 1024}, 32768, {32}},
};

llvm::cl::opt<std::string> clGPUFamily(
    "iree-metal-gpu-family",
    llvm::cl::desc("Apple GPU family to compile for: apple7 (A14/M1), apple8 "
                   "(A15/M2), apple9 (A17/M3/M4)"),
    llvm::cl::init("apple7"), llvm::cl::cat(getMetalOptionCategory()));

llvm::cl::opt<std::string> clMSLVersion(
    "iree-metal-msl-version",
    llvm::cl::desc("Metal Shading Language version: 2.4, 3.0 (default), 3.1, "
                   "3.2"),
    llvm::cl::init("3.0"), llvm::cl::cat(getMetalOptionCategory()));

llvm::cl::opt<bool> clCompileToMetallib(
    "iree-metal-compile-to-metallib",
    llvm::cl::desc("Compile the MSL to a metallib with the Metal toolchain "
                   "when one is found (default true); else keep the source"),
    llvm::cl::init(true), llvm::cl::cat(getMetalOptionCategory()));

/// The SIMD-group width of every Apple GPU family.
constexpr int kSIMDWidth = 32;

/// The SPIR-V family's codegen; SPIRV-Cross to one MSL library; MTL1.
class MetalSPIRVTargetBackend : public SPIRVTargetBackend {
public:
  MetalSPIRVTargetBackend()
      : SPIRVTargetBackend("metal-spirv", kAppleGPUs, "--iree-metal-gpu-family",
                           clGPUFamily) {}

  /// The SPIR-V family's stages; the SPIR-V that becomes MSL computes in
  /// f32 what Metal has no half functions for.
  void buildCodegenStages(std::vector<PipelineStage> &stages) const override {
    SPIRVTargetBackend::buildCodegenStages(stages);
    PipelineStage &spirv = stages.back();
    spirv.build = [buildSPIRV = spirv.build](OpPassManager &pm) {
      pm.addPass(createLegalizeMathForMSLPass());
      buildSPIRV(pm);
    };
  }

  FailureOr<std::vector<uint8_t>>
  serializeExecutable(ExecutableOp executable,
                      StringRef dumpDir) const override {
    FailureOr<MSLOptions> options = getMSLOptions(executable);
    if (failed(options))
      return failure();
    FailureOr<std::vector<uint32_t>> spirv = serializeSPIRV(executable);
    if (failed(spirv))
      return failure();
    FailureOr<MSLLibrary> library =
        crossCompileToMSL(executable, *spirv, *options);
    if (failed(library) || failed(dumpMSL(executable, *library, dumpDir)))
      return failure();
    FailureOr<std::string> metallib = buildMetallib(executable, *library, *options);
    if (failed(metallib))
      return failure();
    return serializeMTL1(executable, *library, *options, *metallib, kSIMDWidth);
  }

private:
  /// Writes the MSL to `<executable>.metal` in `dumpDir` (when set).
  static LogicalResult dumpMSL(ExecutableOp executable,
                               const MSLLibrary &library, StringRef dumpDir) {
    if (dumpDir.empty())
      return success();
    SmallString<256> path(dumpDir);
    llvm::sys::path::append(path, executable.getSymName() + ".metal");
    std::error_code error;
    llvm::raw_fd_ostream file(path, error);
    if (error)
      return executable.emitError("cannot write ")
             << path << ": " << error.message();
    file << library.source;
    return success();
  }

  /// The library compiled by the Metal toolchain, or empty (the MTL1 keeps
  /// the source) where it is not wanted or not found.
  static FailureOr<std::string> buildMetallib(ExecutableOp executable,
                                              const MSLLibrary &library,
                                              const MSLOptions &options) {
    if (!clCompileToMetallib)
      return std::string();
    StringRef toolchainDir = getMetalToolchainDirFlag();
    std::optional<MetalToolchain> toolchain =
        findMetalToolchain(toolchainDir, options.platform);
    if (!toolchain) {
      executable.emitRemark("no Metal toolchain found (")
          << (toolchainDir.empty()
                  ? std::string("xcrun is not on PATH")
                  : "no metal and metallib in " + toolchainDir.str())
          << "); the MTL1 keeps the MSL source, which the Metal driver "
             "compiles when it loads it, or halc-metallib packages later";
      return std::string();
    }
    std::string error;
    std::optional<std::string> metallib =
        compileMetallib(*toolchain, library.source, options, error);
    if (!metallib)
      return executable.emitError("the Metal toolchain (")
             << toolchain->description << ") failed: " << error;
    return *metallib;
  }

  static FailureOr<MSLOptions> getMSLOptions(ExecutableOp executable) {
    MSLOptions options;
    options.platform = getMetalPlatformFlag();
    static const std::pair<StringRef, std::pair<uint32_t, uint32_t>>
        kVersions[] = {
            {"2.4", {2, 4}}, {"3.0", {3, 0}}, {"3.1", {3, 1}}, {"3.2", {3, 2}}};
    auto version = llvm::find_if(
        kVersions, [](const auto &v) { return v.first == clMSLVersion; });
    if (version == std::end(kVersions))
      return executable.emitError("unknown --iree-metal-msl-version '")
             << clMSLVersion << "'; known are: 2.4, 3.0, 3.1, 3.2";
    options.versionMajor = version->second.first;
    options.versionMinor = version->second.second;
    std::string error;
    if (!setOSVersion(options, getMetalOSVersionFlag(), error))
      return executable.emitError(error);
    return options;
  }
};

} // namespace

std::unique_ptr<TargetBackend> mlir::halc::createMetalSPIRVTargetBackend() {
  return std::make_unique<MetalSPIRVTargetBackend>();
}
