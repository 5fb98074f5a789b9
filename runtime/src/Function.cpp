//===- Function.cpp - A function's plan, and its plan for one call --------===//
//
// A call fixes what the module left open: the dynamic dimensions of the
// tensors passed and the scalar arguments' values. From them come the sizes
// of the buffers, the dispatches' constants and their workgroup counts.
//
//===----------------------------------------------------------------------===//

#include "Function.h"
#include "halc/status_cc.h"
#include "schemas/plan_value.h"

#include <cstring>

using namespace halc;

void Function::updateView() {
  size_t shape = 0;
  for (auto *types : {&arguments, &results})
    for (halc_tensor_type_t &type : *types)
      type.shape = shapes[shape++].data();
  for (size_t i = 0; i < dispatches.size(); ++i) {
    halc_dispatch_t &dispatch = dispatches[i];
    dispatch.binding_count = bindings[i].size();
    dispatch.bindings = bindings[i].data();
    dispatch.constant_count = constants[i].size();
    dispatch.constants = constants[i].data();
  }
  auto viewNames = [](std::vector<std::string> &names, size_t count,
                      std::vector<const char *> &views) {
    names.resize(count);
    views.clear();
    for (const std::string &name : names)
      views.push_back(name.c_str());
  };
  viewNames(argumentNames, arguments.size(), argumentNameViews);
  viewNames(resultNames, results.size(), resultNameViews);
  view = {
      name.c_str(),           arguments.size(),         arguments.data(),
      argumentBuffers.data(), results.size(),           results.data(),
      resultBuffers.data(),   bufferSizes.size(),       bufferSizes.data(),
      bufferContents.data(),  dispatches.size(),        dispatches.data(),
      dependsOnCall(),        argumentNameViews.data(), resultNameViews.data(),
      loadDispatchCount};
}

bool Function::dependsOnCall() const {
  if (!values.empty())
    return true;
  for (const halc_tensor_type_t &type : arguments)
    if (type.scalar)
      return true;
  return false;
}

bool halc::fitsInMemory(const int64_t *shape, size_t rank,
                        uint64_t elementBytes) {
  uint64_t bytes = elementBytes;
  for (size_t d = 0; d < rank; ++d)
    if (shape[d] > 0 && __builtin_mul_overflow(bytes, uint64_t(shape[d]), &bytes))
      return false;
  return bytes <= kMaxBufferBytes;
}

halc_status_t halc::checkLoadDispatches(const Function &function) {
  if (function.loadDispatchCount > function.dispatches.size())
    return makeError(
        "load_dispatch_count is " + std::to_string(function.loadDispatchCount) +
        " of " + std::to_string(function.dispatches.size()) + " dispatches");
  std::vector<bool> givenOrTaken(function.bufferSizes.size(), false);
  for (const std::vector<uint32_t> *buffers :
       {&function.argumentBuffers, &function.resultBuffers})
    for (uint32_t buffer : *buffers)
      if (buffer != HALC_NO_BUFFER)
        givenOrTaken[buffer] = true;
  for (size_t d = 0; d < function.loadDispatchCount; ++d) {
    std::string name = "dispatches[" + std::to_string(d) + "]";
    for (int32_t value : function.constantValues[d])
      if (value >= 0)
        return makeError(name + " runs at load but has a constant of the call");
    for (int32_t value : function.workgroupCountValues[d])
      if (value >= 0)
        return makeError(name +
                         " runs at load but counts workgroups at the call");
    for (uint32_t buffer : function.bindings[d])
      if (givenOrTaken[buffer] || !function.bufferSizeValues[buffer].empty())
        return makeError(
            name + " runs at load but binds buffer " + std::to_string(buffer) +
            ", an argument's, a result's or one sized at the call");
  }
  return nullptr;
}

extern "C" halc_status_t
halc_function_check_argument(const halc_function_t *function, size_t index,
                             const halc_tensor_type_t *givenType) {
  return catchExceptions("checking an argument", [&]() -> halc_status_t {
    if (index >= function->argument_count)
      return makeError("@" + std::string(function->name) + " has " +
                       std::to_string(function->argument_count) +
                       " arguments; there is no argument " +
                       std::to_string(index));
    const halc_tensor_type_t &expected = function->arguments[index];
    const halc_tensor_type_t &given = *givenType;
    std::string name = "argument " + std::to_string(index);
    if (expected.element_type != given.element_type ||
        expected.scalar != given.scalar)
      return makeError(name + " is a " + (given.scalar ? "scalar" : "tensor") +
                       " of " + halc_element_type_name(given.element_type) +
                       "; the function takes a " +
                       (expected.scalar ? "scalar" : "tensor") + " of " +
                       halc_element_type_name(expected.element_type));
    if (expected.rank != given.rank)
      return makeError(name + " has rank " + std::to_string(given.rank) +
                       "; the function takes rank " +
                       std::to_string(expected.rank));
    for (size_t d = 0; d < expected.rank; ++d)
      if (given.shape[d] < 0 ||
          (expected.shape[d] >= 0 && expected.shape[d] != given.shape[d]))
        return makeError(name + " has " + std::to_string(given.shape[d]) +
                         " elements along dimension " + std::to_string(d) +
                         "; the function takes " +
                         (expected.shape[d] < 0
                              ? std::string("any number")
                              : std::to_string(expected.shape[d])));
    if (!fitsInMemory(given.shape, given.rank,
                      halc_element_type_size(given.element_type)))
      return makeError(name + " has more bytes than a buffer can hold");
    return nullptr;
  });
}

namespace {

/// A scalar argument as a value: an integer sign-extended (a size from a
/// negative i32 is caught as negative), a float's bits.
int64_t readScalar(halc_element_type_t type, const void *data) {
  switch (type) {
  case HALC_ELEMENT_TYPE_I8:
    return *static_cast<const int8_t *>(data);
  case HALC_ELEMENT_TYPE_I16:
    return *static_cast<const int16_t *>(data);
  case HALC_ELEMENT_TYPE_I32:
    return *static_cast<const int32_t *>(data);
  default: {
    uint32_t bits = 0;
    std::memcpy(&bits, data, halc_element_type_size(type));
    return bits;
  }
  }
}

} // namespace

halc_status_t halc::prepareCall(const Function &function,
                                const halc_tensor_type_t *types,
                                const void *const *arguments, Function &call) {
  call = function;
  for (size_t i = 0; i < function.arguments.size(); ++i) {
    if (halc_status_t status =
            halc_function_check_argument(&function.view, i, &types[i]))
      return status;
    call.shapes[i].assign(types[i].shape, types[i].shape + types[i].rank);
  }
  for (const Function::EqualSize &equal : function.equalSizes) {
    int64_t size = call.shapes[equal.argument][equal.dimension];
    bool isSize = equal.otherArgument == HALC_NO_BUFFER;
    int64_t other = isSize ? equal.size
                           : call.shapes[equal.otherArgument][equal.otherDimension];
    if (size == other)
      continue;
    std::string first = "argument " + std::to_string(equal.argument) +
                        " has " + std::to_string(size) +
                        " elements along dimension " +
                        std::to_string(equal.dimension);
    return makeError(
        first + (isSize ? "; the program needs " + std::to_string(other)
                        : " and argument " +
                              std::to_string(equal.otherArgument) + " has " +
                              std::to_string(other) + " along dimension " +
                              std::to_string(equal.otherDimension) +
                              "; the program needs them equal"));
  }
  std::vector<int64_t> values;
  for (const PlanValue &value : function.values) {
    int64_t result = 0;
    if (value.kind == ValueKind::Constant) {
      result = value.constant;
    } else if (value.kind != ValueKind::Argument) {
      int64_t rhs = values[value.rhs];
      std::optional<int64_t> applied =
          applyValueKind(value.kind, values[value.lhs], rhs);
      if (!applied)
        return makeError("values[" + std::to_string(values.size()) + "] " +
                         (isDivision(value.kind) && rhs == 0
                              ? "divides by zero"
                              : "overflows 64-bit arithmetic") +
                         " for these arguments");
      result = *applied;
    } else if (value.dimension >= 0) {
      result = call.shapes[value.argument][value.dimension];
    } else {
      result = readScalar(types[value.argument].element_type,
                          arguments[value.argument]);
    }
    values.push_back(result);
  }
  // No size or count may be negative (a convolution window larger than its
  // input makes its output size negative).
  auto checkSize = [&](uint32_t value) -> halc_status_t {
    if (values[value] >= 0)
      return nullptr;
    return makeError("these arguments make values[" + std::to_string(value) +
                     "], a size of the call, negative (" +
                     std::to_string(values[value]) + ")");
  };
  for (const std::vector<uint32_t> &sizeValues : function.bufferSizeValues)
    for (uint32_t value : sizeValues)
      if (halc_status_t status = checkSize(value))
        return status;
  for (uint32_t value : function.resultDimValues)
    if (halc_status_t status = checkSize(value))
      return status;
  for (const std::array<int32_t, 3> &countValues :
       function.workgroupCountValues)
    for (int32_t value : countValues)
      if (value >= 0)
        if (halc_status_t status = checkSize(value))
          return status;
  for (size_t b = 0; b < call.bufferSizes.size(); ++b)
    for (uint32_t value : function.bufferSizeValues[b])
      if (__builtin_mul_overflow(call.bufferSizes[b], uint64_t(values[value]),
                                 &call.bufferSizes[b]) ||
          call.bufferSizes[b] > kMaxBufferBytes)
        return makeError("these arguments make buffer " + std::to_string(b) +
                         " larger than a buffer can hold");
  for (size_t d = 0; d < call.dispatches.size(); ++d) {
    std::string dispatch = "dispatch " + std::to_string(d);
    for (size_t c = 0; c < call.constants[d].size(); ++c) {
      int32_t value = function.constantValues[d][c];
      if (value < 0)
        continue;
      // A 32-bit word: a signed or an unsigned number.
      if (values[value] < INT32_MIN || values[value] > int64_t(UINT32_MAX))
        return makeError("these arguments make constant " + std::to_string(c) +
                         " of " + dispatch + " " +
                         std::to_string(values[value]) +
                         ", which 32 bits do not hold");
      call.constants[d][c] = static_cast<uint32_t>(values[value]);
    }
    for (int axis = 0; axis < 3; ++axis) {
      int32_t value = function.workgroupCountValues[d][axis];
      if (value < 0)
        continue;
      uint64_t count = workgroupCountAlong(
          values[value], function.elementsPerWorkgroup[d][axis]);
      if (count > UINT32_MAX)
        return makeError("these arguments make " + dispatch + " run " +
                         std::to_string(count) +
                         " workgroups along an axis, more than 32 bits hold");
      call.dispatches[d].workgroup_count[axis] = static_cast<uint32_t>(count);
    }
  }
  // The results' dynamic dimensions, in order.
  auto dimValue = function.resultDimValues.begin();
  for (size_t r = 0; r < call.results.size(); ++r)
    for (int64_t &dim : call.shapes[call.arguments.size() + r])
      if (dim < 0)
        dim = static_cast<int64_t>(values[*dimValue++]);
  // Every tensor fits its buffer (the drivers copy the tensor's bytes).
  for (size_t t = 0; t < call.shapes.size(); ++t) {
    bool isArgument = t < call.arguments.size();
    size_t index = isArgument ? t : t - call.arguments.size();
    uint32_t buffer = isArgument ? call.argumentBuffers[index]
                                 : call.resultBuffers[index];
    if (buffer == HALC_NO_BUFFER)
      continue;
    std::string name =
        (isArgument ? "argument " : "result ") + std::to_string(index);
    halc_tensor_type_t type =
        isArgument ? call.arguments[index] : call.results[index];
    type.shape = call.shapes[t].data();
    if (!fitsInMemory(type.shape, type.rank,
                      halc_element_type_size(type.element_type)))
      return makeError("these arguments make " + name +
                       " larger than a buffer can hold");
    uint64_t bytes = halc_tensor_type_byte_size(&type);
    if (bytes > call.bufferSizes[buffer])
      return makeError(name + " needs " + std::to_string(bytes) +
                       " bytes for these arguments; its buffer " +
                       std::to_string(buffer) + " has " +
                       std::to_string(call.bufferSizes[buffer]));
  }
  call.values.clear();
  call.resultDimValues.clear();
  call.bufferSizeValues.assign(call.bufferSizes.size(), {});
  for (std::vector<int32_t> &constantValues : call.constantValues)
    constantValues.assign(constantValues.size(), -1);
  for (std::array<int32_t, 3> &countValues : call.workgroupCountValues)
    countValues = {-1, -1, -1};
  call.updateView();
  call.view.depends_on_call = 0;
  return nullptr;
}
