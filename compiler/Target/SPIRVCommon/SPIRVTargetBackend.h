//===- SPIRVTargetBackend.h - What SPIR-V targets share ---------*- C++ -*-===//

#ifndef HALC_TARGET_SPIRVCOMMON_SPIRVTARGETBACKEND_H
#define HALC_TARGET_SPIRVCOMMON_SPIRVTARGETBACKEND_H

#include "compiler/Target/TargetBackend.h"

namespace mlir::halc {

/// A row of a target table: one GPU and what it can do.
struct GPUDescription {
  const char *arch;
  TargetFeatures features;
  int64_t maxWorkgroupInvocations;
  int64_t maxWorkgroupSize[3];
  int64_t maxSharedMemoryBytes;
  std::vector<int64_t> subgroupSizes;
};

/// The TargetAttr of one row of `backend`'s table.
TargetAttr getTargetAttr(MLIRContext *context, StringRef backend,
                         const GPUDescription &gpu);

/// Looks `arch` up in `table`; reports an error listing the known ones when
/// it is not there.
const GPUDescription *lookupGPU(ArrayRef<GPUDescription> table, StringRef arch,
                                StringRef flag);

/// The codegen stages and the validated SPIR-V of the SPIR-V family: Metal
/// (through SPIRV-Cross) and Vulkan.
class SPIRVTargetBackend : public TargetBackend {
public:
  void buildCodegenStages(std::vector<PipelineStage> &stages) const override;
  FailureOr<std::vector<uint32_t>>
  serializeSPIRV(ExecutableOp executable) const override;
};

} // namespace mlir::halc

#endif // HALC_TARGET_SPIRVCOMMON_SPIRVTARGETBACKEND_H
