//===- SPIRVTargetBackend.h - What SPIR-V targets share ---------*- C++ -*-===//

#ifndef HALC_TARGET_SPIRVCOMMON_SPIRVTARGETBACKEND_H
#define HALC_TARGET_SPIRVCOMMON_SPIRVTARGETBACKEND_H

#include "compiler/Target/TargetBackend.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"

namespace mlir::halc {

/// One cooperative-matrix operation: C (m x n) += A (m x k) B (k x n), the
/// element types by name.
struct CooperativeMatrixShape {
  int64_t m, n, k;
  const char *a, *b, *c;
};

/// A row of a target table: one GPU and what it can do.
struct GPUDescription {
  const char *arch;
  TargetFeatures features;
  int64_t maxWorkgroupInvocations;
  int64_t maxWorkgroupSize[3];
  int64_t maxSharedMemoryBytes;
  std::vector<int64_t> subgroupSizes;
  /// Cooperative-matrix operations as the device lists them.
  std::vector<CooperativeMatrixShape> cooperativeMatrices = {};
  /// Workgroup memory one compute unit holds for all the workgroups it runs
  /// at once; 0: not known.
  int64_t computeUnitSharedMemoryBytes = 0;
  /// Compute units; 0: not known.
  int64_t computeUnits = 0;
};

/// A backend of the SPIR-V family (Metal through SPIRV-Cross, Vulkan): its
/// name, its table of GPUs and the flag that picks one, and whether the
/// compiler its kernels reach unrolls a loop SPIR-V marks Unroll; the stages
/// up to the validated SPIR-V binary are shared.
class SPIRVTargetBackend : public TargetBackend {
public:
  SPIRVTargetBackend(StringRef name, ArrayRef<GPUDescription> gpus,
                     StringRef gpuFlag, const std::string &gpuFlagValue,
                     bool unrollsMarkedLoops)
      : name(name), gpus(gpus), gpuFlag(gpuFlag), gpuFlagValue(gpuFlagValue),
        unrollsMarkedLoops(unrollsMarkedLoops) {}

  StringRef getName() const override { return name; }
  TargetAttr getTarget(MLIRContext *context) const override {
    return getTarget(context, DictionaryAttr());
  }

protected:
  /// The row the flag picks, with the backend's `configuration`.
  TargetAttr getTarget(MLIRContext *context,
                       DictionaryAttr configuration) const;

  /// The shared stages, then `spirv-dialect` (one spirv.module per
  /// executable) and `spirv` (its binary, serialized and validated once;
  /// later stages read it as a `std::vector<uint32_t>`).
  static std::vector<Stage> getSPIRVStages();

private:
  StringRef name;
  ArrayRef<GPUDescription> gpus;
  StringRef gpuFlag;
  /// The value of the flag, read when a target is asked for.
  const std::string &gpuFlagValue;
  bool unrollsMarkedLoops;
};

/// Whether `module` declares the KHR cooperative-matrix capability (its
/// kernels run on the target's cooperative matrices).
bool usesCooperativeMatrices(spirv::ModuleOp module);

} // namespace mlir::halc

#endif // HALC_TARGET_SPIRVCOMMON_SPIRVTARGETBACKEND_H
