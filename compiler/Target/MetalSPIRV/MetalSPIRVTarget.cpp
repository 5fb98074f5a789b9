//===- MetalSPIRVTarget.cpp - The metal-spirv target backend --------------===//
//
// Apple GPUs through SPIR-V: codegen is the SPIR-V family's; the GPU families
// below are what the heuristics read.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/MetalSPIRV/MetalSPIRVTarget.h"

#include "compiler/Stages/SharedStages.h"
#include "compiler/Target/MetalSPIRV/CrossCompileMSL.h"
#include "compiler/Target/MetalSPIRV/MetalFlags.h"
#include "compiler/Target/MetalSPIRV/MetalToolchain.h"
#include "compiler/Target/MetalSPIRV/SerializeMTL1.h"
#include "compiler/Target/SPIRVCommon/SPIRVTargetBackend.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/CommandLine.h"
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

constexpr std::pair<StringRef, MetalPlatform> kPlatforms[] = {
    {"macos", MetalPlatform::MacOS},
    {"ios", MetalPlatform::IOS},
    {"ios-simulator", MetalPlatform::IOSSimulator}};

/// The MSL options the target description's configuration holds
/// (`msl_version`, `platform`, `os_version`); fills `error` when they are
/// missing or malformed.
std::optional<MSLOptions> getMSLOptions(TargetAttr target, std::string &error) {
  if (!target) {
    error = "the executable has no target description";
    return std::nullopt;
  }
  MSLOptions options;
  StringRef platform = target.getConfigurationString("platform");
  auto knownPlatform = llvm::find_if(
      kPlatforms, [&](const auto &known) { return known.first == platform; });
  StringRef version = target.getConfigurationString("msl_version");
  auto [major, minor] = version.split('.');
  if (knownPlatform == std::end(kPlatforms) ||
      major.getAsInteger(10, options.versionMajor) ||
      minor.getAsInteger(10, options.versionMinor)) {
    error = "the metal-spirv target description needs a platform (macos, "
            "ios, ios-simulator) and an msl_version (e.g. \"3.0\")";
    return std::nullopt;
  }
  options.platform = knownPlatform->second;
  if (!setOSVersion(options, target.getConfigurationString("os_version"),
                    error))
    return std::nullopt;
  return options;
}

/// The SPIR-V family's codegen; SPIRV-Cross to one MSL library, compiled to
/// a metallib where a Metal toolchain is found; MTL1.
class MetalSPIRVTargetBackend : public SPIRVTargetBackend {
public:
  MetalSPIRVTargetBackend()
      // SPIRV-Cross drops SPIR-V's Unroll control: halc unrolls.
      : SPIRVTargetBackend("metal-spirv", kAppleGPUs, "--iree-metal-gpu-family",
                           clGPUFamily, /*unrollsMarkedLoops=*/false) {}

  /// The GPU family, with the MSL version, platform and OS version from the
  /// flags, checked.
  TargetAttr getTarget(MLIRContext *context) const override {
    static const StringRef kVersions[] = {"2.4", "3.0", "3.1", "3.2"};
    if (!llvm::is_contained(kVersions, StringRef(clMSLVersion))) {
      llvm::errs() << "error: unknown --iree-metal-msl-version '"
                   << clMSLVersion << "'; known are: 2.4, 3.0, 3.1, 3.2\n";
      return {};
    }
    Builder builder(context);
    StringRef platform = llvm::find_if(kPlatforms, [](const auto &known) {
                           return known.second == getMetalPlatformFlag();
                         })->first;
    SmallVector<NamedAttribute> configuration = {
        builder.getNamedAttr("msl_version", builder.getStringAttr(clMSLVersion)),
        builder.getNamedAttr("platform", builder.getStringAttr(platform))};
    if (!getMetalOSVersionFlag().empty())
      configuration.push_back(builder.getNamedAttr(
          "os_version", builder.getStringAttr(getMetalOSVersionFlag())));
    TargetAttr target = SPIRVTargetBackend::getTarget(
        context, builder.getDictionaryAttr(configuration));
    std::string error;
    if (target && !getMSLOptions(target, error)) {
      llvm::errs() << "error: " << error << "\n";
      return {};
    }
    return target;
  }

  std::vector<Stage> getStages() const override {
    std::vector<Stage> stages = getSPIRVStages();
    stages.push_back(makeExecutableStage(
        "msl", "metal",
        [](ExecutableOp executable, const ExecutableArtifacts &artifacts,
           const StageOptions &) -> FailureOr<Artifact> {
          FailureOr<MSLOptions> options = getExecutableMSLOptions(executable);
          if (failed(options))
            return failure();
          FailureOr<MSLLibrary> library = crossCompileToMSL(
              executable, artifacts.getData<std::vector<uint32_t>>("spirv"),
              *options);
          if (failed(library))
            return failure();
          return Artifact{library->source, *library};
        }));
    // The toolchain is the host's, not the target's: where to look and
    // whether to, read once here.
    std::string toolchainDir = getMetalToolchainDirFlag().str();
    bool compileToMetallib = clCompileToMetallib;
    stages.push_back(makeExecutableStage(
        "metallib", "metallib",
        [toolchainDir, compileToMetallib](
            ExecutableOp executable, const ExecutableArtifacts &artifacts,
            const StageOptions &) -> FailureOr<Artifact> {
          if (!compileToMetallib)
            return Artifact();
          FailureOr<std::string> metallib = buildMetallib(
              executable, artifacts.getData<MSLLibrary>("msl"), toolchainDir);
          if (failed(metallib))
            return failure();
          return Artifact{std::move(*metallib), {}};
        }));
    stages.push_back(makeExecutableFormatStage(
        "mtl1",
        [](ExecutableOp executable, const ExecutableArtifacts &artifacts,
           const StageOptions &options) -> FailureOr<std::vector<uint8_t>> {
          return serializeMTL1(executable, artifacts.getData<MSLLibrary>("msl"),
                               artifacts.get("metallib").bytes, kSIMDWidth,
                               options.debugLevel);
        }));
    stages.push_back(getEndStage());
    return stages;
  }

private:
  static FailureOr<MSLOptions> getExecutableMSLOptions(ExecutableOp executable) {
    std::string error;
    std::optional<MSLOptions> options =
        getMSLOptions(executable.getTargetAttr(), error);
    if (!options)
      return executable.emitError(error);
    return *options;
  }

  /// The library compiled by the Metal toolchain, or empty (the MTL1 keeps
  /// the source) where none is found.
  static FailureOr<std::string> buildMetallib(ExecutableOp executable,
                                              const MSLLibrary &library,
                                              StringRef toolchainDir) {
    std::optional<MetalToolchain> toolchain =
        findMetalToolchain(toolchainDir, library.options.platform);
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
        compileMetallib(*toolchain, library.source, library.options, error);
    if (!metallib)
      return executable.emitError("the Metal toolchain (")
             << toolchain->description << ") failed: " << error;
    return *metallib;
  }
};

} // namespace

std::unique_ptr<TargetBackend> mlir::halc::createMetalSPIRVTargetBackend() {
  return std::make_unique<MetalSPIRVTargetBackend>();
}
