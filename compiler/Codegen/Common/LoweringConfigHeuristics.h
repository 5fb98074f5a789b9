//===- LoweringConfigHeuristics.h - Default tile and workgroup sizes -*- C++ -*-===//

#ifndef HALC_CODEGEN_COMMON_LOWERINGCONFIGHEURISTICS_H
#define HALC_CODEGEN_COMMON_LOWERINGCONFIGHEURISTICS_H

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::halc {

/// Chooses the lowering config of `root`, the op that `dispatch` tiles, from
/// the target description alone.
LoweringConfigAttr chooseLoweringConfig(linalg::LinalgOp root,
                                        func::FuncOp dispatch,
                                        TargetAttr target);

} // namespace mlir::halc

#endif // HALC_CODEGEN_COMMON_LOWERINGCONFIGHEURISTICS_H
