//===- HALCDialect.cpp - The halc dialect and its attributes --------------===//

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h" // used by the generated attribute printer

using namespace mlir;
using namespace mlir::halc;

#include "compiler/Dialect/HALC/HALCDialect.cpp.inc"
#include "compiler/Dialect/HALC/HALCEnums.cpp.inc"

/// The optional fields of a lowering config: `, name = value` each, in any
/// order, each at most once.
static ParseResult parseOptionalTuning(AsmParser &parser,
                                       SmallVector<int64_t> &reductionTile,
                                       int64_t &reductionLanes,
                                       SmallVector<int64_t> &promoteOperands,
                                       SmallVector<int64_t> &subgroupMatrix) {
  llvm::StringSet<> seen;
  while (succeeded(parser.parseOptionalComma())) {
    StringRef name;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&name) || parser.parseEqual())
      return failure();
    if (!seen.insert(name).second)
      return parser.emitError(loc) << "'" << name << "' is given twice";
    auto parseList = [&](SmallVector<int64_t> &list) {
      return parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square,
          [&] { return parser.parseInteger(list.emplace_back()); });
    };
    if (name == "reduction_tile") {
      if (parseList(reductionTile))
        return failure();
    } else if (name == "reduction_lanes") {
      if (parser.parseInteger(reductionLanes))
        return failure();
    } else if (name == "promote_operands") {
      if (parseList(promoteOperands))
        return failure();
    } else if (name == "subgroup_matrix") {
      if (parseList(subgroupMatrix))
        return failure();
    } else {
      return parser.emitError(loc)
             << "expected reduction_tile, reduction_lanes, promote_operands "
                "or subgroup_matrix, got '"
             << name << "'";
    }
  }
  return success();
}

static void printOptionalTuning(AsmPrinter &printer,
                                ArrayRef<int64_t> reductionTile,
                                int64_t reductionLanes,
                                ArrayRef<int64_t> promoteOperands,
                                ArrayRef<int64_t> subgroupMatrix) {
  if (!reductionTile.empty())
    printer << ", reduction_tile = [" << reductionTile << "]";
  if (reductionLanes != 0)
    printer << ", reduction_lanes = " << reductionLanes;
  if (!promoteOperands.empty())
    printer << ", promote_operands = [" << promoteOperands << "]";
  if (!subgroupMatrix.empty())
    printer << ", subgroup_matrix = [" << subgroupMatrix << "]";
}

/// The optional fields of a target: `, cooperative_matrices = [...]`,
/// `, configuration = {...}`, `, compute_unit_shared_memory_bytes = N`,
/// `, compute_units = N`, `, unrolls_marked_loops` and
/// `, peels_prefetched_loops`, printed in this order.
static ParseResult parseOptionalTargetFields(
    AsmParser &parser, SmallVector<CooperativeMatrixAttr> &matrices,
    DictionaryAttr &configuration, int64_t &computeUnitSharedMemoryBytes,
    int64_t &computeUnits, bool &unrollsMarkedLoops,
    bool &peelsPrefetchedLoops) {
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(
            parser.parseOptionalKeyword("compute_unit_shared_memory_bytes"))) {
      if (parser.parseEqual() ||
          parser.parseInteger(computeUnitSharedMemoryBytes))
        return failure();
      continue;
    }
    if (succeeded(parser.parseOptionalKeyword("compute_units"))) {
      if (parser.parseEqual() || parser.parseInteger(computeUnits))
        return failure();
      continue;
    }
    if (succeeded(parser.parseOptionalKeyword("unrolls_marked_loops"))) {
      unrollsMarkedLoops = true;
      continue;
    }
    if (succeeded(parser.parseOptionalKeyword("peels_prefetched_loops"))) {
      peelsPrefetchedLoops = true;
      continue;
    }
    if (succeeded(parser.parseOptionalKeyword("cooperative_matrices"))) {
      if (parser.parseEqual() ||
          parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&] {
                return parser.parseCustomAttributeWithFallback(
                    matrices.emplace_back());
              }))
        return failure();
      continue;
    }
    if (parser.parseKeyword("configuration") || parser.parseEqual() ||
        parser.parseAttribute(configuration))
      return failure();
  }
  return success();
}

static void printOptionalTargetFields(
    AsmPrinter &printer, ArrayRef<CooperativeMatrixAttr> matrices,
    DictionaryAttr configuration, int64_t computeUnitSharedMemoryBytes,
    int64_t computeUnits, bool unrollsMarkedLoops, bool peelsPrefetchedLoops) {
  if (!matrices.empty()) {
    printer << ", cooperative_matrices = [";
    llvm::interleaveComma(matrices, printer, [&](CooperativeMatrixAttr matrix) {
      printer.printStrippedAttrOrType(matrix);
    });
    printer << "]";
  }
  if (configuration)
    printer << ", configuration = " << configuration;
  if (computeUnitSharedMemoryBytes != 0)
    printer << ", compute_unit_shared_memory_bytes = "
            << computeUnitSharedMemoryBytes;
  if (computeUnits != 0)
    printer << ", compute_units = " << computeUnits;
  if (unrollsMarkedLoops)
    printer << ", unrolls_marked_loops";
  if (peelsPrefetchedLoops)
    printer << ", peels_prefetched_loops";
}

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

LogicalResult TargetAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, StringRef backend,
    StringRef arch, TargetFeaturesAttr, int64_t maxWorkgroupInvocations,
    ArrayRef<int64_t> maxWorkgroupSize, int64_t maxSharedMemoryBytes,
    ArrayRef<int64_t> subgroupSizes, ArrayRef<CooperativeMatrixAttr>,
    DictionaryAttr, int64_t computeUnitSharedMemoryBytes, int64_t computeUnits,
    bool, bool) {
  if (backend.empty() || arch.empty())
    return emitError() << "target needs a backend and an arch";
  if (maxWorkgroupInvocations <= 0)
    return emitError() << "max_workgroup_invocations must be positive";
  if (maxWorkgroupSize.size() != 3 ||
      llvm::any_of(maxWorkgroupSize, [](int64_t s) { return s <= 0; }))
    return emitError() << "max_workgroup_size needs 3 positive entries";
  if (maxSharedMemoryBytes < 0)
    return emitError() << "max_shared_memory_bytes must not be negative";
  if (computeUnitSharedMemoryBytes < 0)
    return emitError()
           << "compute_unit_shared_memory_bytes must not be negative";
  if (computeUnits < 0)
    return emitError() << "compute_units must not be negative";
  if (subgroupSizes.empty() ||
      llvm::any_of(subgroupSizes, [](int64_t s) { return s <= 0; }))
    return emitError() << "subgroup_sizes needs at least one positive entry";
  return success();
}

LogicalResult LoweringConfigAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, Strategy strategy,
    ArrayRef<int64_t> workgroupTile, ArrayRef<int64_t> workgroupSize,
    ArrayRef<int64_t> reductionTile, int64_t reductionLanes,
    ArrayRef<int64_t> promoteOperands, ArrayRef<int64_t> subgroupMatrix) {
  if (llvm::any_of(workgroupTile, [](int64_t s) { return s < 0; }))
    return emitError() << "workgroup_tile entries must not be negative";
  if (workgroupSize.size() != 3 ||
      llvm::any_of(workgroupSize, [](int64_t s) { return s <= 0; }))
    return emitError() << "workgroup_size needs 3 positive entries [x, y, z]";
  if (llvm::any_of(reductionTile, [](int64_t s) { return s < 0; }))
    return emitError() << "reduction_tile entries must not be negative";
  if (reductionLanes < 0)
    return emitError() << "reduction_lanes must not be negative";
  if (llvm::any_of(promoteOperands, [](int64_t s) { return s < 0; }) ||
      !llvm::is_sorted(promoteOperands) ||
      llvm::adjacent_find(promoteOperands) != promoteOperands.end())
    return emitError() << "promote_operands must be distinct operand numbers "
                          "in increasing order";
  if (!subgroupMatrix.empty() &&
      (subgroupMatrix.size() != 3 ||
       llvm::any_of(subgroupMatrix, [](int64_t s) { return s <= 0; })))
    return emitError() << "subgroup_matrix needs 3 positive entries [m, n, k]";
  // Each strategy's fields, and only those.
  StringRef name = stringifyStrategy(strategy);
  bool lanes =
      strategy == Strategy::RowLanes || strategy == Strategy::ColumnLanes;
  bool promotes = strategy == Strategy::Transpose ||
                  strategy == Strategy::StagedContraction ||
                  strategy == Strategy::CooperativeMatrix;
  bool matrices = strategy == Strategy::CooperativeMatrix;
  if (lanes != (reductionLanes > 0))
    return emitError() << "strategy " << name
                       << (lanes ? " needs" : " takes no")
                       << " reduction_lanes";
  if (promotes != !promoteOperands.empty())
    return emitError() << "strategy " << name
                       << (promotes ? " needs" : " takes no")
                       << " promote_operands";
  if (matrices != !subgroupMatrix.empty())
    return emitError() << "strategy " << name
                       << (matrices ? " needs" : " takes no")
                       << " subgroup_matrix";
  if (strategy == Strategy::RowLanes &&
      (reductionLanes != workgroupSize[0] || workgroupTile.empty() ||
       workgroupTile.back() != 0))
    return emitError() << "strategy row_lanes shares each row among "
                          "workgroup_size[0] lanes (reduction_lanes), the "
                          "innermost loop whole (workgroup_tile 0)";
  if (strategy == Strategy::ColumnLanes && reductionLanes != workgroupSize[1])
    return emitError() << "strategy column_lanes shares each column among "
                          "workgroup_size[1] lanes (reduction_lanes)";
  return success();
}
