//===- SPIRVTargetBackend.cpp - What SPIR-V targets share -----------------===//

#include "compiler/Target/SPIRVCommon/SPIRVTargetBackend.h"

#include "compiler/Codegen/SPIRV/Passes.h"
#include "compiler/Stages/SharedStages.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Target/SPIRV/Serialization.h"
#include "llvm/ADT/StringExtras.h"

#include "spirv-tools/libspirv.hpp"

using namespace mlir;
using namespace mlir::halc;

TargetAttr SPIRVTargetBackend::getTarget(MLIRContext *context,
                                         DictionaryAttr configuration) const {
  for (const GPUDescription &gpu : gpus) {
    if (gpuFlagValue != gpu.arch)
      continue;
    SmallVector<CooperativeMatrixAttr> matrices;
    for (const CooperativeMatrixShape &shape : gpu.cooperativeMatrices) {
      auto type = [&](StringRef name) {
        return parseType(name, context);
      };
      matrices.push_back(CooperativeMatrixAttr::get(
          context, shape.m, shape.n, shape.k, type(shape.a), type(shape.b),
          type(shape.c)));
    }
    // Peeled: NVIDIA's SPIR-V compiler ran a 3x3 56x56x64 layer's K loop
    // up to 28% faster so on an H100 (Metal follows it, unmeasured).
    return TargetAttr::get(
        context, name, gpu.arch, TargetFeaturesAttr::get(context, gpu.features),
        gpu.maxWorkgroupInvocations, gpu.maxWorkgroupSize,
        gpu.maxSharedMemoryBytes, gpu.subgroupSizes, matrices, configuration,
        gpu.computeUnitSharedMemoryBytes, gpu.computeUnits, unrollsMarkedLoops,
        /*peelsPrefetchedLoops=*/true);
  }
  std::vector<std::string> known;
  for (const GPUDescription &gpu : gpus)
    known.push_back(gpu.arch);
  llvm::errs() << "error: unknown " << gpuFlag << " '" << gpuFlagValue
               << "'; known are: " << llvm::join(known, ", ") << "\n";
  return {};
}

bool mlir::halc::usesCooperativeMatrices(spirv::ModuleOp module) {
  std::optional<spirv::VerCapExtAttr> triple = module.getVceTriple();
  return triple && llvm::is_contained(triple->getCapabilities(),
                                      spirv::Capability::CooperativeMatrixKHR);
}

/// Validates `binary` with SPIRV-Tools for the Vulkan 1.1 environment (SPIR-V
/// up to 1.3, shader capabilities), which is also what SPIRV-Cross accepts,
/// or Vulkan 1.2's for a module of SPIR-V 1.4 (a Vulkan 1.3 target's).
/// Debian 12's SPIRV-Tools (2023.1) predates SPV_KHR_cooperative_matrix and
/// rejects every module that uses it (SPIR-V 1.6), so those are not
/// validated (`module` tells).
static LogicalResult validateSPIRV(ExecutableOp executable,
                                   spirv::ModuleOp module,
                                   ArrayRef<uint32_t> binary) {
  if (usesCooperativeMatrices(module))
    return success();
  std::optional<spirv::VerCapExtAttr> triple = module.getVceTriple();
  spvtools::SpirvTools tools(triple && triple->getVersion() >=
                                           spirv::Version::V_1_4
                                 ? SPV_ENV_VULKAN_1_2
                                 : SPV_ENV_VULKAN_1_1);
  std::string messages;
  tools.SetMessageConsumer([&](spv_message_level_t, const char *,
                               const spv_position_t &position,
                               const char *message) {
    messages += "\n  word " + std::to_string(position.index) + ": " + message;
  });
  if (tools.Validate(binary.data(), binary.size()))
    return success();
  return executable.emitError("the SPIR-V of executable @")
         << executable.getSymName()
         << " is invalid (SPIRV-Tools validator):" << messages;
}

/// The validated SPIR-V binary of the executable's spirv.module.
static FailureOr<Artifact> serializeSPIRV(ExecutableOp executable) {
  ModuleOp inner = executable.getInnerModule();
  SmallVector<spirv::ModuleOp> modules;
  if (inner)
    llvm::append_range(modules, inner.getOps<spirv::ModuleOp>());
  if (modules.size() != 1)
    return executable.emitError("executable @")
           << executable.getSymName() << " does not hold one spirv.module";
  SmallVector<uint32_t> binary;
  if (failed(spirv::serialize(modules.front(), binary)))
    return executable.emitError("could not serialize the SPIR-V of @")
           << executable.getSymName();
  if (failed(validateSPIRV(executable, modules.front(), binary)))
    return failure();
  Artifact artifact;
  artifact.bytes.assign(reinterpret_cast<const char *>(binary.data()),
                        binary.size() * sizeof(uint32_t));
  artifact.data = std::vector<uint32_t>(binary.begin(), binary.end());
  return artifact;
}

std::vector<Stage> SPIRVTargetBackend::getSPIRVStages() {
  std::vector<Stage> stages = getSharedStages();
  stages.push_back(makeExecutableMLIRStage("spirv-dialect", buildSPIRVStage));
  stages.push_back(makeExecutableStage(
      "spirv", "spv",
      [](ExecutableOp executable, const ExecutableArtifacts &,
         const StageOptions &) { return serializeSPIRV(executable); }));
  return stages;
}
