//===- CUDATarget.cpp - The cuda target backend ---------------------------===//
//
// NVIDIA GPUs through LLVM: the shared tiling strategy and the kernels the
// rocm target has, then NVVM, PTX from LLVM's NVPTX backend and the CDA1
// format; the CUDA driver compiles the PTX when it loads it.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/CUDA/CUDATarget.h"

#include "compiler/Codegen/LLVMGPU/Passes.h"
#include "compiler/Stages/SharedStages.h"
#include "compiler/Target/LLVMGPUCommon/LLVMGPUStages.h"
#include "compiler/Target/CUDA/SerializeCDA1.h"
#include "compiler/Target/CUDA/SerializePTX.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;
using namespace mlir::halc;

namespace {

/// An SM architecture halc compiles for, or a product named after its GPU,
/// with the PTX ISA version its PTX declares (the one the SM first had, and
/// at least 6.0: warp shuffles need .sync), the shared memory of one SM
/// in KiB, which the CUDA driver splits among the blocks it runs at once
/// (the CUDA programming guide's table of compute capabilities), and a
/// product's SMs (an architecture's: 0, not known).
struct NVIDIAArch {
  const char *name;
  const char *arch;
  const char *ptx;
  int64_t smSharedMemoryKiB;
  int64_t sms = 0;
};

/// The architectures (each its own name), then products, as IREE's
/// --iree-cuda-target takes them.
constexpr NVIDIAArch kArchs[] = {
    {"sm_60", "sm_60", "+ptx60", 64},
    {"sm_61", "sm_61", "+ptx60", 96},
    {"sm_70", "sm_70", "+ptx60", 96},
    {"sm_75", "sm_75", "+ptx63", 64},
    {"sm_80", "sm_80", "+ptx70", 164},
    {"sm_86", "sm_86", "+ptx71", 100},
    {"sm_87", "sm_87", "+ptx74", 164},
    {"sm_89", "sm_89", "+ptx78", 100},
    {"sm_90", "sm_90", "+ptx78", 228},
    {"p100", "sm_60", "+ptx60", 64, 56},
    {"v100", "sm_70", "+ptx60", 96, 80},
    {"t4", "sm_75", "+ptx63", 64, 40},
    {"a100", "sm_80", "+ptx70", 164, 108},
    {"a10", "sm_86", "+ptx71", 100, 72},
    {"rtx3090", "sm_86", "+ptx71", 100, 82},
    {"l4", "sm_89", "+ptx78", 100, 58},
    {"rtx4090", "sm_89", "+ptx78", 100, 128},
    {"h100", "sm_90", "+ptx78", 228, 132},
};

std::string listArchNames() {
  return llvm::join(llvm::map_range(kArchs,
                                    [](const NVIDIAArch &a) { return a.name; }),
                    ", ");
}

llvm::cl::OptionCategory &cudaCategory() {
  static llvm::cl::OptionCategory category("halc cuda target options");
  return category;
}

llvm::cl::opt<std::string> clTarget(
    "iree-cuda-target",
    llvm::cl::desc("NVIDIA GPU to compile for: an SM architecture (sm_60 "
                   "... sm_90) or a product (a100, h100, l4, ...)"),
    llvm::cl::init("sm_60"), llvm::cl::cat(cudaCategory()));

/// The target the flag gives; prints the problem and returns null.
TargetAttr getTargetFromFlags(MLIRContext *context) {
  const NVIDIAArch *found = llvm::find_if(
      kArchs, [](const NVIDIAArch &a) { return clTarget == a.name; });
  if (found == std::end(kArchs)) {
    llvm::errs() << "error: unknown --iree-cuda-target '" << clTarget
                 << "'; known are: " << listArchNames() << "\n";
    return {};
  }
  using F = TargetFeatures;
  F features = F::F16 | F::I8 | F::I16 | F::I64 | F::F64 | F::Subgroup;
  // 48 KiB of shared memory per block without opting in, on every SM.
  Builder builder(context);
  DictionaryAttr configuration = builder.getDictionaryAttr(builder.getNamedAttr(
      "llvm_features", builder.getStringAttr(found->ptx)));
  // Tensor cores from sm_70 on: the f16 WMMA shapes NVVM lowers upstream's
  // subgroup MMA ops to (bf16 has no gpu.mma_matrix type).
  SmallVector<CooperativeMatrixAttr> matrices;
  unsigned sm = 0;
  if (!StringRef(found->arch).drop_front(3).getAsInteger(10, sm) && sm >= 70) {
    Type f16 = builder.getF16Type(), f32 = builder.getF32Type();
    for (Type accumulator : {f32, f16})
      matrices.push_back(CooperativeMatrixAttr::get(context, 16, 16, 16, f16,
                                                    f16, accumulator));
  }
  return TargetAttr::get(
      context, "cuda", found->arch, TargetFeaturesAttr::get(context, features),
      /*maxWorkgroupInvocations=*/1024, {1024, 1024, 64},
      /*maxWorkgroupMemoryBytes=*/48 * 1024, {32}, matrices, configuration,
      found->smSharedMemoryKiB * 1024, found->sms,
      /*unrollsMarkedLoops=*/true,
      /*peelsPrefetchedLoops=*/false);
}

/// The SM architecture and LLVM features of the executable's target
/// description.
FailureOr<NVPTXOptions> getNVPTXOptions(ExecutableOp executable) {
  TargetAttr target = executable.getTargetAttr();
  if (!target || !StringRef(target.getArch()).starts_with("sm_"))
    return executable.emitError("executable @")
           << executable.getSymName() << " has no SM architecture as its target";
  return NVPTXOptions{target.getArch().str(),
                      target.getConfigurationString("llvm_features").str()};
}

/// The shared stages, then NVVM, LLVM IR, PTX and CDA1.
class CUDATargetBackend : public TargetBackend {
public:
  StringRef getName() const override { return "cuda"; }

  TargetAttr getTarget(MLIRContext *context) const override {
    return getTargetFromFlags(context);
  }

  std::vector<Stage> getStages() const override {
    std::vector<Stage> stages = getSharedStages();
    stages.push_back(makeExecutableMLIRStage("nvvm-dialect", buildNVVMStage));
    stages.push_back(makeLLVMIRStage(
        [](ExecutableOp executable)
            -> FailureOr<std::shared_ptr<OwnedLLVMModule>> {
          FailureOr<NVPTXOptions> options = getNVPTXOptions(executable);
          if (failed(options))
            return failure();
          return translateToNVPTXIR(executable, *options);
        }));
    stages.push_back(makeLLVMCodegenStage(
        "ptx", "ptx",
        [](ExecutableOp executable,
           llvm::Module &module) -> FailureOr<std::string> {
          FailureOr<NVPTXOptions> options = getNVPTXOptions(executable);
          if (failed(options))
            return failure();
          return compileToPTX(executable, module, *options);
        }));
    stages.push_back(makeExecutableFormatStage(
        "cda1",
        [](ExecutableOp executable, const ExecutableArtifacts &artifacts,
           const StageOptions &options) -> FailureOr<std::vector<uint8_t>> {
          FailureOr<NVPTXOptions> nvptx = getNVPTXOptions(executable);
          if (failed(nvptx))
            return failure();
          return serializeCDA1(executable, artifacts.get("ptx").bytes,
                               nvptx->arch, options.debugLevel);
        }));
    stages.push_back(getEndStage());
    return stages;
  }
};

} // namespace

std::unique_ptr<TargetBackend> mlir::halc::createCUDATargetBackend() {
  return std::make_unique<CUDATargetBackend>();
}
