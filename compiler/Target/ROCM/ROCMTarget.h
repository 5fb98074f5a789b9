//===- ROCMTarget.h - The rocm target backend --------------------*- C++ -*-===//

#ifndef HALC_TARGET_ROCM_ROCMTARGET_H
#define HALC_TARGET_ROCM_ROCMTARGET_H

#include "compiler/Target/TargetBackend.h"

namespace mlir::halc {
std::unique_ptr<TargetBackend> createROCMTargetBackend();
} // namespace mlir::halc

#endif // HALC_TARGET_ROCM_ROCMTARGET_H
