//===- ROCMTarget.cpp - The rocm target backend ---------------------------===//
//
// AMD GPUs through LLVM: the shared tiling strategy, then ROCDL, an HSACO
// per executable and the HIP1 format.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/ROCM/ROCMTarget.h"

#include "compiler/Codegen/Common/Passes.h"
#include "compiler/Codegen/LLVMGPU/Passes.h"
#include "compiler/Target/ROCM/ChipTable.h"
#include "compiler/Target/ROCM/SerializeHIP1.h"
#include "compiler/Target/ROCM/SerializeHSACO.h"

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

/// The options the flags give, checked; prints the first problem and returns
/// none.
std::optional<ROCMOptions> resolveOptions() {
  auto fail = [](const Twine &message) -> std::optional<ROCMOptions> {
    llvm::errs() << "error: " << message << "\n";
    return std::nullopt;
  };
  ROCMOptions options;
  if (clTarget.empty())
    return fail("--iree-rocm-target is required; known are: " +
                listAMDChipNames());
  options.chip = lookupAMDChip(clTarget);
  if (!options.chip)
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
    if (feature == "sramecc" && options.chip->hasSramecc)
      sramecc = on;
    else if (feature == "xnack" && options.chip->hasXnack)
      xnack = on;
    else
      return fail(Twine("--iree-rocm-target-features: ") + options.chip->name +
                  " has no feature '" + feature + "'" +
                  (options.chip->hasSramecc ? "; it has sramecc and xnack"
                                            : "; it has none to set"));
  }
  options.targetId = options.chip->name;
  SmallVector<std::string> llvmFeatures;
  if (sramecc) {
    options.targetId += *sramecc ? ":sramecc+" : ":sramecc-";
    llvmFeatures.push_back(*sramecc ? "+sramecc" : "-sramecc");
  }
  if (xnack) {
    options.targetId += *xnack ? ":xnack+" : ":xnack-";
    llvmFeatures.push_back(*xnack ? "+xnack" : "-xnack");
  }
  options.features = llvm::join(llvmFeatures, ",");
  options.waveSize = clWaveSize ? int(clWaveSize) : options.chip->waveSizes[0];
  if (!supportsWaveSize(*options.chip, options.waveSize))
    return fail("--iree-rocm-wave-size=" + Twine(options.waveSize) + ": " +
                Twine(options.chip->name) + " runs waves of " +
                Twine(options.chip->waveSizes[0]) + " lanes only");
  options.bitcodeDir = clBitcodeDir;
  return options;
}

class ROCMTargetBackend : public TargetBackend {
public:
  StringRef getName() const override { return "rocm"; }

  TargetAttr getTarget(MLIRContext *context) const override {
    std::optional<ROCMOptions> options = resolveOptions();
    if (!options)
      return {};
    using F = TargetFeatures;
    F features = F::F16 | F::I8 | F::I16 | F::I64 | F::F64 | F::Subgroup |
                 F::DotProduct;
    return TargetAttr::get(context, getName(), options->chip->name,
                           TargetFeaturesAttr::get(context, features),
                           /*maxWorkgroupInvocations=*/1024, {1024, 1024, 1024},
                           options->chip->ldsBytes, {options->waveSize});
  }

  void buildCodegenStages(std::vector<PipelineStage> &stages) const override {
    stages.push_back({"tile-and-distribute", buildTileAndDistributeStage});
    stages.push_back({"vectorize", buildVectorizeStage});
    stages.push_back({"bufferize", buildBufferizeStage});
    stages.push_back({"lower-to-loops", buildLowerToLoopsStage});
    stages.push_back({"rocdl-dialect", buildROCDLStage});
  }

  FailureOr<std::vector<uint8_t>>
  serializeExecutable(ExecutableOp executable,
                      StringRef dumpDir) const override {
    std::optional<ROCMOptions> options = resolveOptions();
    if (!options)
      return failure();
    FailureOr<std::string> hsaco =
        serializeHSACO(executable, *options, dumpDir);
    if (failed(hsaco))
      return failure();
    return serializeHIP1(executable, *hsaco, options->targetId);
  }
};

} // namespace

std::unique_ptr<TargetBackend> mlir::halc::createROCMTargetBackend() {
  return std::make_unique<ROCMTargetBackend>();
}
