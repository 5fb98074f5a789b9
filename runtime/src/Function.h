//===- Function.h - A function's plan and the storage of its C view -------===//
//
// The loader fills one from a module file; a call copies it and works out
// what depends on its arguments (sizes, constants, workgroup counts).
//
//===----------------------------------------------------------------------===//

#ifndef HALC_RUNTIME_FUNCTION_H
#define HALC_RUNTIME_FUNCTION_H

#include "halc/runtime.h"
#include "module_def_generated.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace halc {

/// A value known when the function is called (ValueDef in
/// module_def.fbs): dimension `dimension` of tensor argument `argument`, or
/// (dimension -1) scalar argument `argument`'s bits; a constant; or
/// `lhs` `kind` `rhs` over earlier values.
struct PlanValue {
  ValueKind kind = ValueKind::Argument;
  uint32_t argument = 0;
  int32_t dimension = -1;
  int64_t constant = 0;
  uint32_t lhs = 0, rhs = 0;
};

struct Function {
  std::string name;
  std::vector<std::vector<int64_t>> shapes;
  std::vector<halc_tensor_type_t> arguments, results;
  /// Their names ("" where unnamed), and the C view's pointers to them.
  std::vector<std::string> argumentNames, resultNames;
  std::vector<const char *> argumentNameViews, resultNameViews;
  std::vector<uint32_t> argumentBuffers, resultBuffers;
  std::vector<uint64_t> bufferSizes;
  std::vector<const void *> bufferContents;
  std::vector<std::vector<uint32_t>> bindings, constants;
  std::vector<halc_dispatch_t> dispatches;
  /// How many of the dispatches, first, run once at load.
  size_t loadDispatchCount = 0;

  /// What depends on the call.
  std::vector<PlanValue> values;
  /// Per buffer: the values its size is a multiple of.
  std::vector<std::vector<uint32_t>> bufferSizeValues;
  /// Per dispatch: per constant and per axis, a value or -1; per axis
  /// counted at the call, the elements each workgroup takes along it.
  std::vector<std::vector<int32_t>> constantValues;
  std::vector<std::array<int32_t, 3>> workgroupCountValues;
  std::vector<std::array<uint32_t, 3>> elementsPerWorkgroup;
  /// Per dynamic dimension of the results, in order: its value.
  std::vector<uint32_t> resultDimValues;
  /// Sizes a call must give equal: dimension `dimension` of `argument` and
  /// dimension `otherDimension` of `otherArgument`, or `size` when
  /// otherArgument is HALC_NO_BUFFER.
  struct EqualSize {
    uint32_t argument, dimension, otherArgument, otherDimension;
    int64_t size;
  };
  std::vector<EqualSize> equalSizes;

  halc_function_t view = {};

  /// Points the C view (and the types and dispatches in it) at this
  /// function's storage.
  void updateView();
  /// Whether sizes, constants or workgroup counts depend on the call.
  bool dependsOnCall() const;
};

/// Checks that the dispatches `function` runs at load read and write only
/// constants and buffers no call gives or takes, with static sizes.
halc_status_t checkLoadDispatches(const Function &function);

/// Works out `function`'s plan for a call on `types` and `arguments` (see
/// halc_call_prepare) into `call`.
/// The most bytes a buffer may have: sizes computed from it stay far from
/// overflowing 64 bits.
constexpr uint64_t kMaxBufferBytes = uint64_t(1) << 62;

/// Whether a tensor of `shape` (its static dimensions; dynamic ones are -1)
/// with elements of `elementBytes` has at most kMaxBufferBytes.
bool fitsInMemory(const int64_t *shape, size_t rank, uint64_t elementBytes);

halc_status_t prepareCall(const Function &function,
                          const halc_tensor_type_t *types,
                          const void *const *arguments, Function &call);

} // namespace halc

struct halc_call_s {
  halc::Function function;
};

#endif // HALC_RUNTIME_FUNCTION_H
