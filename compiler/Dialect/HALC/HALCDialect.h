//===- HALCDialect.h - The halc dialect: ops and attributes -----*- C++ -*-===//

#ifndef HALC_DIALECT_HALC_HALCDIALECT_H
#define HALC_DIALECT_HALC_HALCDIALECT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "compiler/Dialect/HALC/HALCDialect.h.inc"
#include "compiler/Dialect/HALC/HALCEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "compiler/Dialect/HALC/HALCAttrs.h.inc"

namespace mlir::halc {
/// IREE's driver limits on one export (DESIGN.md, the binding contract).
constexpr int64_t kMaxBindings = 16;
constexpr int64_t kMaxConstants = 64;

/// The discardable attribute that carries a LoweringConfigAttr on an op.
constexpr llvm::StringLiteral kLoweringConfigAttrName = "lowering_config";

/// The discardable attribute on a thread scf.forall whose reduction that
/// many lanes share (LoweringConfigAttr's reduction_lanes).
constexpr llvm::StringLiteral kReductionLanesAttrName = "halc.reduction_lanes";

/// The discardable attribute on an scf.for that the compiler the kernel
/// reaches unrolls instead of halc (TargetAttr's unrolls_marked_loops): a
/// unit attribute, fully (a SPIR-V loop's Unroll control, LLVM's
/// llvm.loop.unroll.full); an integer, that many steps at a time (LLVM's
/// llvm.loop.unroll.count).
constexpr llvm::StringLiteral kUnrollAttrName = "halc.unroll";

/// The discardable attribute that carries the TargetAttr on the module.
constexpr llvm::StringLiteral kModuleTargetAttrName = "halc.target";
} // namespace mlir::halc

#define GET_OP_CLASSES
#include "compiler/Dialect/HALC/HALCOps.h.inc"

namespace mlir::halc {
/// The exports of `executable` in ordinal order.
SmallVector<ExportOp> getExportsInOrder(ExecutableOp executable);
} // namespace mlir::halc

#endif // HALC_DIALECT_HALC_HALCDIALECT_H
