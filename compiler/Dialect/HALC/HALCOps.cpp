//===- HALCOps.cpp - Verifiers and helpers of the halc ops ----------------===//

#include "compiler/Dialect/HALC/HALCDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::halc;

//===----------------------------------------------------------------------===//
// ExecutableOp
//===----------------------------------------------------------------------===//

void ExecutableOp::build(OpBuilder &builder, OperationState &state,
                         StringRef name) {
  state.addAttribute(mlir::SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addRegion()->emplaceBlock();
}

ModuleOp ExecutableOp::getInnerModule() {
  auto modules = getBody().front().getOps<ModuleOp>();
  return modules.empty() ? ModuleOp() : *modules.begin();
}

SmallVector<ExportOp> mlir::halc::getExportsInOrder(ExecutableOp executable) {
  SmallVector<ExportOp> exports(
      executable.getBody().front().getOps<ExportOp>());
  llvm::sort(exports, [](ExportOp a, ExportOp b) {
    return a.getOrdinal() < b.getOrdinal();
  });
  return exports;
}

LogicalResult ExecutableOp::verify() {
  int64_t moduleCount = 0;
  for (Operation &op : getBody().front()) {
    if (isa<ModuleOp>(op)) {
      ++moduleCount;
      continue;
    }
    if (!isa<ExportOp>(op))
      return op.emitOpError("is not allowed in a halc.executable; it holds "
                            "halc.export ops and one builtin.module");
  }
  if (moduleCount > 1)
    return emitOpError("holds ") << moduleCount
                                 << " inner modules; expected at most one";
  // Ordinals number the exports densely: 0..N-1, each once.
  SmallVector<ExportOp> exports = getExportsInOrder(*this);
  for (auto [index, exportOp] : llvm::enumerate(exports)) {
    if (exportOp.getOrdinal() != index)
      return exportOp.emitOpError("has ordinal ")
             << exportOp.getOrdinal() << " but the executable's "
             << exports.size() << " exports must be numbered 0.."
             << exports.size() - 1 << " without gaps or repeats";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ExportOp
//===----------------------------------------------------------------------===//

/// Checks [x, y, z]; entries may be 0 where `zeroMeansNothing` (a
/// dispatch over an empty tensor runs no workgroup).
static LogicalResult verifyDims(ExportOp op, StringRef what,
                                ArrayRef<int64_t> dims, bool zeroMeansNothing) {
  if (dims.size() != 3)
    return op.emitOpError() << what << " needs 3 entries [x, y, z], got "
                            << dims.size();
  int64_t least = zeroMeansNothing ? 0 : 1;
  if (llvm::any_of(dims, [&](int64_t d) { return d < least; }))
    return op.emitOpError() << what << " entries must be "
                            << (zeroMeansNothing ? "non-negative" : "positive");
  return success();
}

LogicalResult ExportOp::verify() {
  LayoutAttr layout = getLayout();
  int64_t bindings = layout.getBindings().size();
  if (bindings > kMaxBindings)
    return emitOpError("has ") << bindings << " bindings; at most "
                               << kMaxBindings << " are supported";
  if (layout.getConstants() < 0 || layout.getConstants() > kMaxConstants)
    return emitOpError("has ")
           << layout.getConstants() << " push constants; at most "
           << kMaxConstants << " are supported";

  if (std::optional<ArrayRef<int64_t>> count = getWorkgroupCount())
    if (failed(verifyDims(*this, "workgroup_count", *count,
                          /*zeroMeansNothing=*/true)))
      return failure();
  if (std::optional<ArrayRef<int64_t>> sources = getWorkgroupCountConstants()) {
    if (sources->size() != 3 || !getWorkgroupCount())
      return emitOpError("workgroup_count_constants needs 3 entries and a "
                         "workgroup_count");
    for (auto [axis, source] : llvm::enumerate(*sources)) {
      if (source < -1 || source >= layout.getConstants())
        return emitOpError("workgroup_count_constants names constant ")
               << source << " of " << layout.getConstants();
      // The count of a dynamic axis divides its constant.
      if (source >= 0 && (*getWorkgroupCount())[axis] == 0)
        return emitOpError("workgroup_count entry ")
               << axis << " divides a constant and may not be 0";
    }
  }

  std::optional<ArrayRef<int64_t>> size = getWorkgroupSize();
  if (!size)
    return success();
  if (failed(verifyDims(*this, "workgroup_size", *size,
                          /*zeroMeansNothing=*/false)))
    return failure();
  TargetAttr target = getParentOp<ExecutableOp>().getTargetAttr();
  if (!target)
    return success();
  static constexpr char kDims[] = "xyz";
  for (auto [dim, limit, value] :
       llvm::zip(kDims, target.getMaxWorkgroupSize(), *size)) {
    if (value > limit)
      return emitOpError("workgroup size ")
             << value << " along " << dim << " exceeds the limit of " << limit
             << " of target '" << target.getArch() << "'";
  }
  int64_t total = (*size)[0] * (*size)[1] * (*size)[2];
  if (total > target.getMaxWorkgroupInvocations())
    return emitOpError("workgroup of ")
           << total << " threads exceeds the limit of "
           << target.getMaxWorkgroupInvocations() << " of target '"
           << target.getArch() << "'";
  return success();
}

//===----------------------------------------------------------------------===//
// DispatchOp
//===----------------------------------------------------------------------===//

LogicalResult
DispatchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto exportOp =
      symbolTable.lookupNearestSymbolFrom<ExportOp>(*this, getEntryPoint());
  if (!exportOp)
    return emitOpError("entry point ")
           << getEntryPoint() << " does not name a halc.export";
  size_t operands = getArguments().size(), results = getResults().size();
  size_t bindings = exportOp.getLayout().getBindings().size();
  if (operands + results != bindings)
    return emitOpError("has ")
           << operands << " operands and " << results
           << " results but the export has " << bindings << " bindings";
  int64_t constants = exportOp.getLayout().getConstants();
  if (static_cast<int64_t>(getConstants().size()) != constants)
    return emitOpError("passes ")
           << getConstants().size() << " constants but the export takes "
           << constants;
  return success();
}

LogicalResult DispatchOp::verify() {
  int64_t dynamic = 0;
  for (Type type : getResultTypes())
    dynamic += cast<RankedTensorType>(type).getNumDynamicDims();
  if (static_cast<int64_t>(getResultDims().size()) != dynamic)
    return emitOpError("has ")
           << getResultDims().size() << " result_dims for " << dynamic
           << " dynamic result dimensions";
  return success();
}

LogicalResult DispatchRegionOp::verify() {
  int64_t dynamic = 0;
  for (Type type : getResultTypes())
    dynamic += cast<RankedTensorType>(type).getNumDynamicDims();
  if (static_cast<int64_t>(getResultDims().size()) != dynamic)
    return emitOpError("has ") << getResultDims().size() << " result_dims for "
                               << dynamic << " dynamic result dimensions";
  Block &body = getBody().front();
  if (body.getNumArguments() != 0)
    return emitOpError("reads values from above, not block arguments");
  auto yield = body.empty() ? YieldOp() : dyn_cast<YieldOp>(body.back());
  if (!yield || yield.getValues().getTypes() != getResultTypes())
    return emitOpError("must end in a halc.yield of its result types");
  return success();
}

#define GET_OP_CLASSES
#include "compiler/Dialect/HALC/HALCOps.cpp.inc"

//===----------------------------------------------------------------------===//
// ConstantLoadOp
//===----------------------------------------------------------------------===//

LogicalResult ConstantLoadOp::verify() {
  // Inside an executable, the export of the enclosing function says how
  // many constants there are.
  auto executable = (*this)->getParentOfType<ExecutableOp>();
  auto function = (*this)->getParentOfType<FunctionOpInterface>();
  if (!executable || !function)
    return success();
  for (auto exportOp : executable.getBody().front().getOps<ExportOp>()) {
    if (exportOp.getSymName() != function.getName())
      continue;
    int64_t count = exportOp.getLayout().getConstants();
    if (static_cast<int64_t>(getOrdinal()) >= count)
      return emitOpError("reads constant ")
             << getOrdinal() << " but export @" << exportOp.getSymName()
             << " has " << count << " constants";
  }
  return success();
}
