//===- SPIRVTargetBackend.cpp - What SPIR-V targets share -----------------===//

#include "compiler/Target/SPIRVCommon/SPIRVTargetBackend.h"

#include "compiler/Codegen/Common/Passes.h"
#include "compiler/Codegen/SPIRV/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Target/SPIRV/Serialization.h"
#include "llvm/ADT/StringExtras.h"

#include "spirv-tools/libspirv.hpp"

using namespace mlir;
using namespace mlir::halc;

TargetAttr SPIRVTargetBackend::getTarget(MLIRContext *context) const {
  for (const GPUDescription &gpu : gpus) {
    if (gpuFlagValue != gpu.arch)
      continue;
    return TargetAttr::get(context, name, gpu.arch,
                           TargetFeaturesAttr::get(context, gpu.features),
                           gpu.maxWorkgroupInvocations, gpu.maxWorkgroupSize,
                           gpu.maxSharedMemoryBytes, gpu.subgroupSizes);
  }
  std::vector<std::string> known;
  for (const GPUDescription &gpu : gpus)
    known.push_back(gpu.arch);
  llvm::errs() << "error: unknown " << gpuFlag << " '" << gpuFlagValue
               << "'; known are: " << llvm::join(known, ", ") << "\n";
  return {};
}

void SPIRVTargetBackend::buildCodegenStages(
    std::vector<PipelineStage> &stages) const {
  stages.push_back({"tile-and-distribute", buildTileAndDistributeStage});
  stages.push_back({"vectorize", buildVectorizeStage});
  stages.push_back({"bufferize", buildBufferizeStage});
  stages.push_back({"lower-to-loops", buildLowerToLoopsStage});
  stages.push_back({"spirv-dialect", buildSPIRVStage});
}

/// Validates `binary` with SPIRV-Tools for the Vulkan 1.1 environment (SPIR-V
/// up to 1.3, shader capabilities), which is also what SPIRV-Cross accepts.
static LogicalResult validateSPIRV(ExecutableOp executable,
                                   ArrayRef<uint32_t> binary) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
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

FailureOr<std::vector<uint32_t>>
SPIRVTargetBackend::serializeSPIRV(ExecutableOp executable) const {
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
  if (failed(validateSPIRV(executable, binary)))
    return failure();
  return std::vector<uint32_t>(binary.begin(), binary.end());
}
