//===- LoadTime.cpp - Values the module computes once, when it loads ------===//

#include "compiler/DispatchFormation/LoadTime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

/// Whether `value` depends on constants only; `readsWeights` is set when
/// one of them is a tensor of distinct elements (not a splat: a fill is as
/// cheap to recompute as to read).
static bool dependsOnConstantsOnly(Value value, bool &readsWeights) {
  readsWeights = false;
  SmallVector<Operation *> worklist;
  llvm::SmallPtrSet<Operation *, 16> visited;
  auto visit = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return false;
    if (visited.insert(def).second)
      worklist.push_back(def);
    return true;
  };
  if (!visit(value))
    return false;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto elements = dyn_cast<ElementsAttr>(constant.getValue());
      readsWeights |= elements && !elements.isSplat();
      continue;
    }
    if (!isMemoryEffectFree(op))
      return false;
    SetVector<Value> used(op->getOperands().begin(), op->getOperands().end());
    getUsedValuesDefinedAbove(op->getRegions(), used);
    for (Value operand : used)
      if (!visit(operand))
        return false;
  }
  return true;
}

bool mlir::halc::isComputedFromConstants(Value value) {
  bool readsWeights;
  return dependsOnConstantsOnly(value, readsWeights);
}

/// The bytes of a statically shaped tensor, or nothing.
static std::optional<int64_t> getByteSize(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape() ||
      !tensor.getElementType().isIntOrFloat())
    return std::nullopt;
  return tensor.getNumElements() *
         llvm::divideCeil(tensor.getElementTypeBitWidth(), 8);
}

bool mlir::halc::isComputedOnceAtLoad(Operation *producer) {
  bool readsWeights = false;
  for (Value result : producer->getResults()) {
    bool resultReadsWeights;
    if (!dependsOnConstantsOnly(result, resultReadsWeights))
      return false;
    readsWeights |= resultReadsWeights;
  }
  if (!readsWeights)
    return false;
  // A destination-style op's inits (an empty tensor of its result's size)
  // are not read.
  auto destinationStyle = dyn_cast<DestinationStyleOpInterface>(producer);
  SmallVector<Value> inputs =
      destinationStyle ? SmallVector<Value>(destinationStyle.getDpsInputs())
                       : SmallVector<Value>(producer->getOperands());
  int64_t largestOperand = 0;
  for (Value operand : inputs)
    if (std::optional<int64_t> bytes = getByteSize(operand.getType()))
      largestOperand = std::max(largestOperand, *bytes);
  return llvm::all_of(producer->getResultTypes(), [&](Type type) {
    std::optional<int64_t> bytes = getByteSize(type);
    return bytes && *bytes <= largestOperand;
  });
}

bool mlir::halc::staysApartFromCall(Operation *producer, Operation *consumer) {
  return isComputedOnceAtLoad(producer) &&
         !llvm::all_of(consumer->getResults(), isComputedFromConstants);
}
