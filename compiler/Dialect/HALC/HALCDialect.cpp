//===- HALCDialect.cpp - The halc dialect and its attributes --------------===//

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h" // used by the generated attribute printer

using namespace mlir;
using namespace mlir::halc;

#include "compiler/Dialect/HALC/HALCDialect.cpp.inc"
#include "compiler/Dialect/HALC/HALCEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "compiler/Dialect/HALC/HALCAttrs.cpp.inc"

void HALCDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/HALC/HALCOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "compiler/Dialect/HALC/HALCAttrs.cpp.inc"
      >();
}

LogicalResult
TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                   StringRef backend, StringRef arch, TargetFeaturesAttr,
                   int64_t maxWorkgroupInvocations,
                   ArrayRef<int64_t> maxWorkgroupSize,
                   int64_t maxSharedMemoryBytes,
                   ArrayRef<int64_t> subgroupSizes, DictionaryAttr) {
  if (backend.empty() || arch.empty())
    return emitError() << "target needs a backend and an arch";
  if (maxWorkgroupInvocations <= 0)
    return emitError() << "max_workgroup_invocations must be positive";
  if (maxWorkgroupSize.size() != 3 ||
      llvm::any_of(maxWorkgroupSize, [](int64_t s) { return s <= 0; }))
    return emitError() << "max_workgroup_size needs 3 positive entries";
  if (maxSharedMemoryBytes < 0)
    return emitError() << "max_shared_memory_bytes must not be negative";
  if (subgroupSizes.empty() ||
      llvm::any_of(subgroupSizes, [](int64_t s) { return s <= 0; }))
    return emitError() << "subgroup_sizes needs at least one positive entry";
  return success();
}

LogicalResult
LoweringConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           ArrayRef<int64_t> workgroupTile,
                           ArrayRef<int64_t> workgroupSize,
                           ArrayRef<int64_t> reductionTile,
                           int64_t reductionLanes) {
  if (llvm::any_of(workgroupTile, [](int64_t s) { return s < 0; }))
    return emitError() << "workgroup_tile entries must not be negative";
  if (workgroupSize.size() != 3 ||
      llvm::any_of(workgroupSize, [](int64_t s) { return s <= 0; }))
    return emitError() << "workgroup_size needs 3 positive entries [x, y, z]";
  if (llvm::any_of(reductionTile, [](int64_t s) { return s < 0; }))
    return emitError() << "reduction_tile entries must not be negative";
  if (reductionLanes < 0 ||
      (reductionLanes > 0 && reductionLanes != workgroupSize[0] &&
       reductionLanes != workgroupSize[1]))
    return emitError()
           << "reduction_lanes must be 0, workgroup_size[0] or workgroup_size[1]";
  return success();
}
