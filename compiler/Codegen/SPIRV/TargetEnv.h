//===- TargetEnv.h - SPIR-V target environment of a halc target -*- C++ -*-===//

#ifndef HALC_CODEGEN_SPIRV_TARGETENV_H
#define HALC_CODEGEN_SPIRV_TARGETENV_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"

namespace mlir::halc {

/// The SPIR-V version, capabilities, extensions and limits that `target`
/// allows: derived from its description, never from the backend's name.
/// Cooperative matrices (SPIR-V 1.6, whose entry points list every global
/// variable) only for a module that uses them (`cooperativeMatrices`); the
/// others stay SPIR-V 1.3.
spirv::TargetEnvAttr getSPIRVTargetEnv(TargetAttr target,
                                       bool cooperativeMatrices);

} // namespace mlir::halc

#endif // HALC_CODEGEN_SPIRV_TARGETENV_H
