//===- Plan.h - What a host function runs, as data --------------*- C++ -*-===//
//
// The dispatch plan of each public host function after dispatch formation:
// its buffers, the dispatches that run in order, and the values of the call
// (dynamic dimensions, scalar arguments and arithmetic over them) that
// sizes, constants and workgroup counts are. buildModulePlan reads the host
// IR; serializeModule writes a plan as it is (schemas/module_def.fbs).
//
//===----------------------------------------------------------------------===//

#ifndef HALC_PLAN_PLAN_H
#define HALC_PLAN_PLAN_H

#include "mlir/IR/BuiltinOps.h"

#include "schemas/module_def_generated.h"

#include <array>
#include <string>
#include <vector>

namespace mlir::halc::plan {

/// A 32-bit word known before the call (`bits`), or value `value` of the
/// call (an index into FunctionPlan::values; -1 when static).
struct Word {
  uint32_t bits = 0;
  int32_t value = -1;
  bool isStatic() const { return value < 0; }
};

/// The type of a host function's argument or result: a tensor (shape with
/// -1 for a dimension known at the call) or a scalar argument.
struct HostType {
  ::halc::ElementType elementType;
  std::vector<int64_t> shape;
  bool scalar = false;
};

struct Buffer {
  /// Its size, times the product of `sizeValues` when it is sized at the
  /// call.
  uint64_t sizeBytes = 0;
  std::vector<uint32_t> sizeValues;
  /// The elements of a constant tensor it holds before the first dispatch.
  std::vector<uint8_t> contents;
  /// Or the name of the parameter whose bytes it holds (given at load).
  std::string parameter;
};

/// Along an axis of a dispatch: `count` workgroups, or (when `extent` is a
/// value of the call) as many as `extent` needs at `perWorkgroup` elements
/// each (::halc::workgroupCountAlong).
struct WorkgroupCount {
  uint32_t count = 1;
  int32_t extent = -1;
  uint32_t perWorkgroup = 0;
};

struct Dispatch {
  uint32_t executable = 0;
  uint32_t exportOrdinal = 0;
  /// Buffer of each binding: operands, then results.
  std::vector<uint32_t> bindings;
  /// In the order of the dispatch's constants (its kernel's loads).
  std::vector<Word> constants;
  std::array<WorkgroupCount, 3> workgroupCount;
};

/// Two sizes the program needs equal (halc.equal_sizes): dimension
/// `dimension` of `argument` and dimension `otherDimension` of
/// `otherArgument`, or the number `size` when there is no other argument.
struct EqualSize {
  uint32_t argument = 0, dimension = 0;
  std::optional<uint32_t> otherArgument;
  uint32_t otherDimension = 0;
  int64_t size = 0;
};

struct FunctionPlan {
  std::string name;
  std::vector<HostType> arguments, results;
  /// Their names (`iree.abi.name`), "" where unnamed.
  std::vector<std::string> argumentNames, resultNames;
  std::vector<Buffer> buffers;
  /// The buffer of each argument (none for a scalar) and result.
  std::vector<std::optional<uint32_t>> argumentBuffers;
  std::vector<uint32_t> resultBuffers;
  /// Those that run once, when the module loads, first.
  std::vector<Dispatch> dispatches;
  /// How many of the dispatches run at load: they read constants only.
  uint32_t loadDispatchCount = 0;
  /// The values of the call; each refers only to earlier ones.
  std::vector<::halc::ValueDefT> values;
  /// Per dynamic dimension of the results, in order: its value.
  std::vector<uint32_t> resultDimValues;
  std::vector<EqualSize> equalSizes;
};

struct ModulePlan {
  /// The executables dispatched, as the module embeds them: the symbol of
  /// each and its target backend.
  std::vector<std::pair<std::string, std::string>> executables;
  std::vector<FunctionPlan> functions;
};

/// The plan of every public function of `module`; the executables are
/// `executableNames`, in that order. Reports what it cannot plan.
FailureOr<ModulePlan> buildModulePlan(ModuleOp module,
                                      ArrayRef<std::string> executableNames);

} // namespace mlir::halc::plan

#endif // HALC_PLAN_PLAN_H
