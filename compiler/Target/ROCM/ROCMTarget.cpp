//===- ROCMTarget.cpp - The rocm target backend ---------------------------===//
//
// AMD GPUs through LLVM: the shared tiling strategy, then ROCDL, an HSACO
// per executable and the HIP1 format.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/ROCM/ROCMTarget.h"

#include "compiler/Codegen/LLVMGPU/Passes.h"
#include "compiler/Stages/SharedStages.h"
#include "compiler/Target/LLVMGPUCommon/LLVMGPUStages.h"
#include "compiler/Target/ROCM/ChipTable.h"
#include "compiler/Target/ROCM/SerializeHIP1.h"
#include "compiler/Target/ROCM/SerializeHSACO.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;
using namespace mlir::halc;

namespace {

llvm::cl::OptionCategory &rocmCategory() {
  static llvm::cl::OptionCategory category("halc rocm target options");
  return category;
}

llvm::cl::opt<std::string> clTarget(
    "iree-rocm-target",
    llvm::cl::desc("AMD GPU to compile for (required): a chip (gfx908, "
                   "gfx90a, gfx942, gfx950, gfx1030, gfx1100, gfx1101, "
                   "gfx1200, gfx1201), a generic target (gfx9-4-generic, "
                   "gfx11-generic, gfx12-generic) or a product (mi300x, "
                   "mi250, rx7900xtx, ...)"),
    llvm::cl::init(""), llvm::cl::cat(rocmCategory()));

llvm::cl::opt<std::string> clFeatures(
    "iree-rocm-target-features",
    llvm::cl::desc("Target features, comma-separated: +sramecc, -sramecc, "
                   "+xnack, -xnack (where the chip has them)"),
    llvm::cl::init(""), llvm::cl::cat(rocmCategory()));

llvm::cl::opt<int> clWaveSize(
    "iree-rocm-wave-size",
    llvm::cl::desc("Wave size, 32 or 64, where the chip runs both (default: "
                   "64 on gfx9, 32 on RDNA)"),
    llvm::cl::init(0), llvm::cl::cat(rocmCategory()));

llvm::cl::opt<std::string> clBitcodeDir(
    "iree-rocm-bc-dir",
    llvm::cl::desc("Directory of the ROCm device libraries (ocml.bc, ockl.bc)"),
    llvm::cl::init("/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"),
    llvm::cl::cat(rocmCategory()));

/// The target the flags give, checked; prints the first problem and returns
/// null.
TargetAttr getTargetFromFlags(MLIRContext *context) {
  auto fail = [](const Twine &message) -> TargetAttr {
    llvm::errs() << "error: " << message << "\n";
    return {};
  };
  if (clTarget.empty())
    return fail("--iree-rocm-target is required; known are: " +
                listAMDChipNames());
  const AMDChip *chip = lookupAMDChip(clTarget);
  if (!chip)
    return fail("unknown --iree-rocm-target '" + clTarget +
                "'; known are: " + listAMDChipNames());
  std::optional<bool> sramecc, xnack;
  SmallVector<StringRef> features;
  StringRef(clFeatures).split(features, ',', -1, /*KeepEmpty=*/false);
  for (StringRef feature : features) {
    feature = feature.trim();
    bool on = feature.consume_front("+");
    if (!on && !feature.consume_front("-"))
      return fail("--iree-rocm-target-features: '" + feature +
                  "' needs a + or - in front");
    if (feature == "sramecc" && chip->hasSramecc)
      sramecc = on;
    else if (feature == "xnack" && chip->hasXnack)
      xnack = on;
    else
      return fail(Twine("--iree-rocm-target-features: ") + chip->name +
                  " has no feature '" + feature + "'" +
                  (chip->hasSramecc ? "; it has sramecc and xnack"
                                    : "; it has none to set"));
  }
  std::string targetId = chip->name;
  SmallVector<std::string> llvmFeatures;
  if (sramecc) {
    targetId += *sramecc ? ":sramecc+" : ":sramecc-";
    llvmFeatures.push_back(*sramecc ? "+sramecc" : "-sramecc");
  }
  if (xnack) {
    targetId += *xnack ? ":xnack+" : ":xnack-";
    llvmFeatures.push_back(*xnack ? "+xnack" : "-xnack");
  }
  int waveSize = clWaveSize ? int(clWaveSize) : chip->waveSizes[0];
  if (!supportsWaveSize(*chip, waveSize))
    return fail("--iree-rocm-wave-size=" + Twine(waveSize) + ": " +
                Twine(chip->name) + " runs waves of " +
                Twine(chip->waveSizes[0]) + " lanes only");
  Builder builder(context);
  DictionaryAttr configuration = builder.getDictionaryAttr(
      {builder.getNamedAttr("target_id", builder.getStringAttr(targetId)),
       builder.getNamedAttr(
           "llvm_features",
           builder.getStringAttr(llvm::join(llvmFeatures, ",")))});
  using F = TargetFeatures;
  F targetFeatures = F::F16 | F::I8 | F::I16 | F::I64 | F::F64 | F::Subgroup |
                     F::DotProduct;
  return TargetAttr::get(context, "rocm", chip->name,
                         TargetFeaturesAttr::get(context, targetFeatures),
                         /*maxWorkgroupInvocations=*/1024, {1024, 1024, 1024},
                         chip->ldsBytes, {waveSize},
                         /*cooperativeMatrices=*/{}, configuration,
                         /*computeUnitSharedMemoryBytes=*/0,
                         /*computeUnits=*/0, /*unrollsMarkedLoops=*/true,
                         /*peelsPrefetchedLoops=*/false);
}

/// The chip, features and wave size of the executable's target description;
/// the device libraries in `bitcodeDir`.
FailureOr<ROCMOptions> getROCMOptions(ExecutableOp executable,
                                      StringRef bitcodeDir) {
  TargetAttr target = executable.getTargetAttr();
  ROCMOptions options;
  options.chip = target ? lookupAMDChip(target.getArch()) : nullptr;
  if (!options.chip)
    return executable.emitError("executable @")
           << executable.getSymName() << " has no AMD chip as its target";
  options.features = target.getConfigurationString("llvm_features").str();
  options.targetId = target.getConfigurationString("target_id").str();
  if (options.targetId.empty())
    options.targetId = options.chip->name;
  options.waveSize = target.getPreferredSubgroupSize();
  options.bitcodeDir = bitcodeDir.str();
  return options;
}

/// The shared stages, then ROCDL, LLVM IR, an object, the HSACO and HIP1.
class ROCMTargetBackend : public TargetBackend {
public:
  StringRef getName() const override { return "rocm"; }

  TargetAttr getTarget(MLIRContext *context) const override {
    return getTargetFromFlags(context);
  }

  std::vector<Stage> getStages() const override {
    std::vector<Stage> stages = getSharedStages();
    stages.push_back(makeExecutableMLIRStage("rocdl-dialect", buildROCDLStage));
    // The device libraries are the host's, not the target's: where they
    // are is read once here.
    std::string bitcodeDir = clBitcodeDir;
    stages.push_back(makeLLVMIRStage(
        [bitcodeDir](ExecutableOp executable)
            -> FailureOr<std::shared_ptr<OwnedLLVMModule>> {
          FailureOr<ROCMOptions> options =
              getROCMOptions(executable, bitcodeDir);
          if (failed(options))
            return failure();
          return translateToLLVMIR(executable, *options);
        }));
    stages.push_back(makeLLVMCodegenStage(
        "object", "o",
        [bitcodeDir](ExecutableOp executable,
                     llvm::Module &module) -> FailureOr<std::string> {
          FailureOr<ROCMOptions> options =
              getROCMOptions(executable, bitcodeDir);
          if (failed(options))
            return failure();
          return compileToObject(executable, module, *options);
        }));
    stages.push_back(makeExecutableStage(
        "hsaco", "hsaco",
        [](ExecutableOp executable, const ExecutableArtifacts &artifacts,
           const StageOptions &) -> FailureOr<Artifact> {
          FailureOr<std::string> hsaco =
              linkHSACO(executable, artifacts.get("object").bytes);
          if (failed(hsaco))
            return failure();
          return Artifact{std::move(*hsaco), {}};
        }));
    stages.push_back(makeExecutableFormatStage(
        "hip1",
        [bitcodeDir](ExecutableOp executable,
                     const ExecutableArtifacts &artifacts,
                     const StageOptions &stageOptions)
            -> FailureOr<std::vector<uint8_t>> {
          FailureOr<ROCMOptions> options =
              getROCMOptions(executable, bitcodeDir);
          if (failed(options))
            return failure();
          return serializeHIP1(executable, artifacts.get("hsaco").bytes,
                               options->targetId, stageOptions.debugLevel);
        }));
    stages.push_back(getEndStage());
    return stages;
  }
};

} // namespace

std::unique_ptr<TargetBackend> mlir::halc::createROCMTargetBackend() {
  return std::make_unique<ROCMTargetBackend>();
}
