//===- MetalSPIRVTarget.h - The metal-spirv target backend ------*- C++ -*-===//

#ifndef HALC_TARGET_METALSPIRV_METALSPIRVTARGET_H
#define HALC_TARGET_METALSPIRV_METALSPIRVTARGET_H

#include "compiler/Target/TargetBackend.h"

namespace mlir::halc {
std::unique_ptr<TargetBackend> createMetalSPIRVTargetBackend();
} // namespace mlir::halc

#endif // HALC_TARGET_METALSPIRV_METALSPIRVTARGET_H
