//===- Module.cpp - Loading and verifying module files --------------------===//
//
// A module is verified whole before it is used: the header, the FlatBuffer
// verifier, every embedded executable (with its own loader), and each plan:
// buffers in range and as large as the tensors they hold, constants' contents
// as large as their buffers, dispatches naming
// existing exports with as many bindings and constants as those take.
//
//===----------------------------------------------------------------------===//

#include "BinaryHeader.h"
#include "Function.h"
#include "Parameters.h"
#include "halc/status_cc.h"
#include "Unaligned.h"

#include "module_def_generated.h"
#include "schemas/binary_header.h"
#include "schemas/element_type.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <vector>

using namespace halc;
namespace hm = ::halc;

struct halc_module_s {
  std::vector<uint8_t> bytes;
  std::vector<halc_executable_t *> executables;
  std::vector<std::unique_ptr<Function>> functions;
  std::vector<halc_function_t> views;
  std::string sourcePath, sourceText;
  /// The bytes of the parameters its buffers hold (copied at load).
  std::vector<std::vector<uint8_t>> parameterBytes;

  ~halc_module_s() {
    for (halc_executable_t *executable : executables)
      halc_executable_free(executable);
  }
};

namespace {

/// The bytes of a tensor of static shape; 0 when a dimension is dynamic
/// (its buffer is sized at the call).
uint64_t staticTensorBytes(const halc_tensor_type_t &type) {
  uint64_t bytes = halc_element_type_size(type.element_type);
  for (size_t i = 0; i < type.rank; ++i)
    bytes *= type.shape[i] < 0 ? 0 : type.shape[i];
  return bytes;
}


class Verifier {
public:
  Verifier(halc_module_s &module, const halc_parameters_t *parameters)
      : module(module), parameters(parameters) {}
  halc_status_t verify(const hm::ModuleDef &def);

private:
  halc_status_t readTypes(
      const flatbuffers::Vector<flatbuffers::Offset<hm::TensorTypeDef>> *defs,
      const char *what, Function &function,
      std::vector<halc_tensor_type_t> &types);
  halc_status_t readBuffers(const flatbuffers::Vector<uint32_t> *indices,
                            const std::vector<halc_tensor_type_t> &types,
                            const char *what, Function &function,
                            std::vector<uint32_t> &buffers);
  /// One name per argument or result (`count`), each "" or unique.
  halc_status_t readNames(
      const flatbuffers::Vector<flatbuffers::Offset<flatbuffers::String>> *defs,
      const char *what, size_t count, std::vector<std::string> &names);
  halc_status_t readDispatch(const hm::DispatchDef &def, Function &function,
                             size_t index);
  halc_status_t readFunction(const hm::FunctionDef &def, Function &function);

  /// The contents of buffer `index`, which holds parameter `name`: its
  /// bytes, copied from the parameters given at load.
  halc_status_t bindParameter(const std::string &name, size_t index,
                              uint64_t size, const void *&contents);

  halc_module_s &module;
  const halc_parameters_t *parameters;
};

halc_status_t Verifier::bindParameter(const std::string &name, size_t index,
                                      uint64_t size, const void *&contents) {
  std::string buffer = "buffers[" + std::to_string(index) + "]";
  if (name.empty())
    return makeError(buffer + " names an empty parameter");
  if (!parameters)
    return makeError(buffer + " holds parameter '" + name +
                     "': load the module with its parameters "
                     "(halc_module_load_with_parameters; halc-run "
                     "--parameters=FILE)");
  auto entry = parameters->entries.find(name);
  if (entry == parameters->entries.end())
    return makeError(buffer + " holds parameter '" + name +
                     "', which the parameters given do not have");
  auto [begin, end] = entry->second;
  if (end - begin != size)
    return makeError("parameter '" + name + "' has " +
                     std::to_string(end - begin) + " bytes; " + buffer +
                     " holds " + std::to_string(size));
  module.parameterBytes.emplace_back(parameters->bytes.begin() + begin,
                                     parameters->bytes.begin() + end);
  contents = module.parameterBytes.back().data();
  return nullptr;
}

halc_status_t Verifier::readNames(
    const flatbuffers::Vector<flatbuffers::Offset<flatbuffers::String>> *defs,
    const char *what, size_t count, std::vector<std::string> &names) {
  if (!defs)
    return nullptr;
  if (defs->size() != count)
    return makeError(std::string(what) + " has " +
                     std::to_string(defs->size()) + " names for " +
                     std::to_string(count));
  std::set<std::string> seen;
  for (const flatbuffers::String *def : *defs) {
    names.push_back(def ? def->str() : std::string());
    if (!names.back().empty() && !seen.insert(names.back()).second)
      return makeError(std::string(what) + " repeats '" + names.back() + "'");
  }
  return nullptr;
}

halc_status_t Verifier::readTypes(
    const flatbuffers::Vector<flatbuffers::Offset<hm::TensorTypeDef>> *defs,
    const char *what, Function &function,
    std::vector<halc_tensor_type_t> &types) {
  if (!defs)
    return nullptr;
  for (size_t i = 0; i < defs->size(); ++i) {
    const hm::TensorTypeDef *def = defs->Get(i);
    if (static_cast<uint8_t>(def->element_type()) >
        static_cast<uint8_t>(hm::ElementType::MAX))
      return makeError(std::string(what) + "[" + std::to_string(i) +
                       "] has an unknown element type");
    std::vector<int64_t> shape = readUnaligned<int64_t>(def->shape());
    for (int64_t dim : shape)
      if (dim < -1)
        return makeError(std::string(what) + "[" + std::to_string(i) +
                         "] has a negative dimension");
    if (def->scalar() && !shape.empty())
      return makeError(std::string(what) + "[" + std::to_string(i) +
                       "] is a scalar with a shape");
    auto type = static_cast<halc_element_type_t>(def->element_type());
    if (def->scalar() && halc_element_type_size(type) > 4)
      return makeError(std::string(what) + "[" + std::to_string(i) +
                       "] is a scalar of " + halc_element_type_name(type) +
                       "; a scalar travels as one 32-bit constant");
    if (!fitsInMemory(shape.data(), shape.size(), halc_element_type_size(type)))
      return makeError(std::string(what) + "[" + std::to_string(i) +
                       "] has more bytes than a buffer can hold");
    function.shapes.push_back(std::move(shape));
    types.push_back({static_cast<halc_element_type_t>(def->element_type()),
                     function.shapes.back().size(), nullptr, def->scalar()});
  }
  return nullptr;
}

halc_status_t
Verifier::readBuffers(const flatbuffers::Vector<uint32_t> *indices,
                      const std::vector<halc_tensor_type_t> &types,
                      const char *what, Function &function,
                      std::vector<uint32_t> &buffers) {
  size_t count = indices ? indices->size() : 0;
  if (count != types.size())
    return makeError(std::string(what) + " has " + std::to_string(count) +
                     " buffers for " + std::to_string(types.size()) +
                     " tensors");
  for (size_t i = 0; i < count; ++i) {
    uint32_t buffer = indices->Get(i);
    if (types[i].scalar != (buffer == HALC_NO_BUFFER))
      return makeError(std::string(what) + "[" + std::to_string(i) + "]: " +
                       (types[i].scalar ? "a scalar has a buffer"
                                        : "a tensor has no buffer"));
    if (types[i].scalar) {
      buffers.push_back(buffer);
      continue;
    }
    if (buffer >= function.bufferSizes.size())
      return makeError(std::string(what) + "[" + std::to_string(i) +
                       "] names buffer " + std::to_string(buffer) + " of " +
                       std::to_string(function.bufferSizes.size()));
    if (function.bufferSizeValues[buffer].empty() &&
        function.bufferSizes[buffer] < staticTensorBytes(types[i]))
      return makeError(std::string(what) + "[" + std::to_string(i) +
                       "]: buffer " + std::to_string(buffer) +
                       " is smaller than its tensor");
    buffers.push_back(buffer);
  }
  return nullptr;
}

halc_status_t Verifier::readDispatch(const hm::DispatchDef &def,
                                     Function &function, size_t index) {
  std::string name = "dispatches[" + std::to_string(index) + "]";
  if (def.executable_ordinal() >= module.executables.size())
    return makeError(name + " names executable " +
                     std::to_string(def.executable_ordinal()) + " of " +
                     std::to_string(module.executables.size()));
  const halc_executable_t *executable =
      module.executables[def.executable_ordinal()];
  halc_export_info_t info;
  if (halc_status_t status =
          halc_executable_export_info(executable, def.export_ordinal(), &info))
    return prefixError(name, status);
  std::vector<uint32_t> bindings, constants;
  if (def.bindings())
    bindings.assign(def.bindings()->begin(), def.bindings()->end());
  if (def.constants())
    constants.assign(def.constants()->begin(), def.constants()->end());
  if (bindings.size() != info.binding_count)
    return makeError(name + " binds " + std::to_string(bindings.size()) +
                     " buffers; export '" + info.name + "' has " +
                     std::to_string(info.binding_count) + " bindings");
  for (uint32_t buffer : bindings)
    if (buffer >= function.bufferSizes.size())
      return makeError(name + " binds buffer " + std::to_string(buffer) +
                       " of " + std::to_string(function.bufferSizes.size()));
  if (constants.size() != info.constant_count)
    return makeError(name + " passes " + std::to_string(constants.size()) +
                     " constants; export '" + info.name + "' takes " +
                     std::to_string(info.constant_count));
  const auto *count = def.workgroup_count();
  if (!count || count->size() != 3)
    return makeError(name + " needs a workgroup_count of three entries");
  // What depends on the call: values in range, one per constant and axis.
  auto readValues = [&](const flatbuffers::Vector<int32_t> *indices,
                        size_t size, const char *what,
                        std::vector<int32_t> &values) -> halc_status_t {
    values.assign(size, -1);
    if (!indices)
      return nullptr;
    if (indices->size() != size)
      return makeError(name + " has " + std::to_string(indices->size()) + " " +
                       what + " for " + std::to_string(size));
    for (size_t i = 0; i < size; ++i) {
      int32_t value = indices->Get(i);
      if (value < -1 || value >= static_cast<int32_t>(function.values.size()))
        return makeError(name + ": " + what + "[" + std::to_string(i) +
                         "] names value " + std::to_string(value) + " of " +
                         std::to_string(function.values.size()));
      values[i] = value;
    }
    return nullptr;
  };
  std::vector<int32_t> constantValues, countValues;
  if (halc_status_t status = readValues(def.constant_values(), constants.size(),
                                        "constant_values", constantValues))
    return status;
  if (halc_status_t status = readValues(def.workgroup_count_values(), 3,
                                        "workgroup_count_values", countValues))
    return status;
  // A count of 0 runs nothing (a dispatch over an empty tensor); one
  // counted at the call divides its extent by the elements per workgroup.
  const auto *perWorkgroup = def.elements_per_workgroup();
  std::array<uint32_t, 3> elementsPerWorkgroup = {0, 0, 0};
  for (int axis = 0; axis < 3; ++axis) {
    if (countValues[axis] < 0)
      continue;
    if (!perWorkgroup || perWorkgroup->size() != 3)
      return makeError(name + " counts workgroups at the call and needs "
                              "elements_per_workgroup of three entries");
    elementsPerWorkgroup[axis] = perWorkgroup->Get(axis);
    if (elementsPerWorkgroup[axis] == 0)
      return makeError(name + ": elements_per_workgroup[" +
                       std::to_string(axis) + "] divides the extent of " +
                       "workgroup_count_values[" + std::to_string(axis) +
                       "] and may not be 0");
  }
  function.constantValues.push_back(std::move(constantValues));
  function.workgroupCountValues.push_back(
      {countValues[0], countValues[1], countValues[2]});
  function.elementsPerWorkgroup.push_back(elementsPerWorkgroup);
  function.bindings.push_back(std::move(bindings));
  function.constants.push_back(std::move(constants));
  halc_dispatch_t dispatch = {};
  dispatch.executable = def.executable_ordinal();
  dispatch.export_ordinal = def.export_ordinal();
  for (int d = 0; d < 3; ++d)
    dispatch.workgroup_count[d] = count->Get(d);
  function.dispatches.push_back(dispatch);
  return nullptr;
}

/// Checks that a value of kind Argument names a scalar argument or a
/// dynamic dimension of a tensor argument.
halc_status_t checkArgumentValue(const hm::ValueDef &value,
                                 const std::string &name,
                                 const Function &function) {
  if (value.argument() >= function.arguments.size())
    return makeError(name + " names argument " +
                     std::to_string(value.argument()) + " of " +
                     std::to_string(function.arguments.size()));
  const halc_tensor_type_t &type = function.arguments[value.argument()];
  const std::vector<int64_t> &shape = function.shapes[value.argument()];
  bool valid =
      value.dimension() == -1
          ? static_cast<bool>(type.scalar)
          : value.dimension() >= 0 &&
                static_cast<size_t>(value.dimension()) < shape.size() &&
                shape[value.dimension()] == -1;
  if (!valid)
    return makeError(name + " is neither a scalar argument nor a dynamic "
                            "dimension of one");
  return nullptr;
}

halc_status_t Verifier::readFunction(const hm::FunctionDef &def,
                                     Function &function) {
  if (!def.name() || def.name()->size() == 0)
    return makeError("has no name");
  function.name = def.name()->str();
  if (halc_status_t status =
          readTypes(def.arguments(), "arguments", function, function.arguments))
    return status;
  for (const hm::EqualSizeDef &equal :
       readUnaligned<hm::EqualSizeDef>(def.equal_sizes())) {
    std::string name =
        "equal_sizes[" + std::to_string(function.equalSizes.size()) + "]";
    auto checkDimension = [&](uint32_t argument, uint32_t dim) {
      return argument < function.arguments.size() &&
             dim < function.arguments[argument].rank;
    };
    bool isSize = equal.other_argument() == HALC_NO_BUFFER;
    if (!checkDimension(equal.argument(), equal.dimension()) ||
        (!isSize &&
         !checkDimension(equal.other_argument(), equal.other_dimension())))
      return makeError(name + " names a dimension no argument has");
    function.equalSizes.push_back({equal.argument(), equal.dimension(),
                                   equal.other_argument(),
                                   equal.other_dimension(), equal.size()});
  }
  if (def.values())
    for (const hm::ValueDef *value : *def.values()) {
      std::string name =
          "values[" + std::to_string(function.values.size()) + "]";
      PlanValue planValue;
      planValue.kind = value->kind();
      if (planValue.kind > ValueKind::MAX)
        return makeError(name + " has an unknown kind");
      if (planValue.kind == ValueKind::Constant) {
        planValue.constant = value->constant();
      } else if (planValue.kind != ValueKind::Argument) {
        planValue.lhs = value->lhs();
        planValue.rhs = value->rhs();
        if (planValue.lhs >= function.values.size() ||
            planValue.rhs >= function.values.size())
          return makeError(name + " reads a value that is not an earlier one");
      } else {
        if (halc_status_t status = checkArgumentValue(*value, name, function))
          return status;
        planValue.argument = value->argument();
        planValue.dimension = value->dimension();
      }
      function.values.push_back(planValue);
    }
  if (def.buffers())
    for (const hm::BufferDef *buffer : *def.buffers()) {
      std::vector<uint32_t> sizeValues;
      if (buffer->size_values())
        sizeValues.assign(buffer->size_values()->begin(),
                          buffer->size_values()->end());
      for (uint32_t value : sizeValues)
        if (value >= function.values.size())
          return makeError("buffers[" +
                           std::to_string(function.bufferSizes.size()) +
                           "] is sized by value " + std::to_string(value) +
                           " of " + std::to_string(function.values.size()));
      function.bufferSizeValues.push_back(std::move(sizeValues));
      const auto *contents = buffer->contents();
      if (contents && contents->size() != buffer->size_bytes())
        return makeError("buffers[" +
                         std::to_string(function.bufferSizes.size()) +
                         "] has " + std::to_string(contents->size()) +
                         " bytes of contents for " +
                         std::to_string(buffer->size_bytes()) + " bytes");
      const void *data = contents ? contents->data() : nullptr;
      if (const flatbuffers::String *parameter = buffer->parameter()) {
        if (contents)
          return makeError("buffers[" +
                           std::to_string(function.bufferSizes.size()) +
                           "] has both contents and a parameter");
        if (halc_status_t status =
                bindParameter(parameter->str(), function.bufferSizes.size(),
                              buffer->size_bytes(), data))
          return status;
      }
      function.bufferSizes.push_back(buffer->size_bytes());
      function.bufferContents.push_back(data);
    }
  if (halc_status_t status =
          readTypes(def.results(), "results", function, function.results))
    return status;
  // A value for each dynamic dimension of the results.
  size_t dynamicResultDims = 0;
  for (size_t r = 0; r < function.results.size(); ++r) {
    const std::vector<int64_t> &shape =
        function.shapes[function.arguments.size() + r];
    dynamicResultDims += std::count(shape.begin(), shape.end(), -1);
  }
  if (def.result_dim_values())
    function.resultDimValues.assign(def.result_dim_values()->begin(),
                                    def.result_dim_values()->end());
  if (function.resultDimValues.size() != dynamicResultDims)
    return makeError("has " + std::to_string(dynamicResultDims) +
                     " dynamic result dimensions but " +
                     std::to_string(function.resultDimValues.size()) +
                     " result_dim_values");
  for (uint32_t value : function.resultDimValues)
    if (value >= function.values.size())
      return makeError("result_dim_values names value " +
                       std::to_string(value) + " of " +
                       std::to_string(function.values.size()));
  if (halc_status_t status =
          readNames(def.argument_names(), "argument_names",
                    function.arguments.size(), function.argumentNames))
    return status;
  if (halc_status_t status =
          readNames(def.result_names(), "result_names", function.results.size(),
                    function.resultNames))
    return status;
  // Shapes no longer move: point the types at them.
  function.updateView();
  if (halc_status_t status =
          readBuffers(def.argument_buffers(), function.arguments,
                      "argument_buffers", function, function.argumentBuffers))
    return status;
  if (halc_status_t status =
          readBuffers(def.result_buffers(), function.results, "result_buffers",
                      function, function.resultBuffers))
    return status;
  if (def.dispatches())
    for (size_t i = 0; i < def.dispatches()->size(); ++i)
      if (halc_status_t status =
              readDispatch(*def.dispatches()->Get(i), function, i))
        return status;
  function.loadDispatchCount = def.load_dispatch_count();
  if (halc_status_t status = checkLoadDispatches(function))
    return status;
  function.updateView();
  return nullptr;
}

halc_status_t Verifier::verify(const hm::ModuleDef &def) {
  if (def.executables()) {
    for (size_t i = 0; i < def.executables()->size(); ++i) {
      const hm::ExecutableDef *executable = def.executables()->Get(i);
      std::string name = "executables[" + std::to_string(i) + "]";
      if (!executable->binary())
        return makeError(name + " has no binary");
      halc_executable_t *loaded = nullptr;
      if (halc_status_t status =
              halc_executable_load(executable->binary()->data(),
                                   executable->binary()->size(), &loaded))
        return prefixError(name, status);
      module.executables.push_back(loaded);
    }
  }
  std::set<std::string> names;
  if (def.functions()) {
    for (size_t i = 0; i < def.functions()->size(); ++i) {
      auto function = std::make_unique<Function>();
      if (halc_status_t status =
              readFunction(*def.functions()->Get(i), *function))
        return prefixError("functions[" + std::to_string(i) + "]", status);
      if (!names.insert(function->name).second)
        return makeError("functions[" + std::to_string(i) +
                         "] repeats the "
                         "name '" +
                         function->name + "'");
      module.views.push_back(function->view);
      module.functions.push_back(std::move(function));
    }
  }
  if (def.source_files() && def.source_files()->size() > 0) {
    const auto *source = def.source_files()->Get(0);
    if (source->path())
      module.sourcePath = source->path()->str();
    if (source->content())
      module.sourceText.assign(source->content()->begin(),
                               source->content()->end());
  }
  return nullptr;
}

halc_status_t load(std::vector<uint8_t> bytes,
                   const halc_parameters_t *parameters, halc_module_t **out) {
  *out = nullptr;
  BinaryContent content;
  if (halc_status_t status =
          readBinaryHeader(bytes.data(), bytes.size(), "module", content))
    return status;
  if (content.magic != halc_binary_magic("HALM"))
    return makeError("module header has magic '" +
                     describeMagic(content.magic) +
                     "'; a halc module has 'HALM' (halc-compile's default "
                     "output)");
  flatbuffers::Verifier verifier(content.data, content.size);
  if (!hm::VerifyModuleDefBuffer(verifier))
    return makeError("module FlatBuffer failed verification (corrupted, or "
                     "not a halc module)");
  auto module = std::make_unique<halc_module_s>();
  size_t offset = content.data - bytes.data();
  module->bytes = std::move(bytes);
  const hm::ModuleDef *def = hm::GetModuleDef(module->bytes.data() + offset);
  if (halc_status_t status = Verifier(*module, parameters).verify(*def))
    return prefixError("module", status);
  *out = module.release();
  return nullptr;
}

} // namespace

extern "C" size_t halc_tensor_type_byte_size(const halc_tensor_type_t *type) {
  size_t bytes = halc_element_type_size(type->element_type);
  for (size_t d = 0; d < type->rank; ++d)
    bytes *= size_t(type->shape[d]);
  return bytes;
}

static_assert(std::size(kElementTypes) == HALC_ELEMENT_TYPE_COUNT &&
                  size_t(ElementType::MAX) + 1 == HALC_ELEMENT_TYPE_COUNT,
              "halc_element_type_t is the module format's ElementType");

extern "C" size_t halc_element_type_size(halc_element_type_t type) {
  const ElementTypeInfo *info = lookupElementType(ElementType(type));
  return info ? info->bytes : 0;
}

extern "C" const char *halc_element_type_name(halc_element_type_t type) {
  const ElementTypeInfo *info = lookupElementType(ElementType(type));
  return info ? info->name : "?";
}

extern "C" int halc_element_type_is_float(halc_element_type_t type) {
  const ElementTypeInfo *info = lookupElementType(ElementType(type));
  return info && info->isFloat;
}

extern "C" halc_status_t
halc_module_load_with_parameters(const void *data, size_t size,
                                 const halc_parameters_t *parameters,
                                 halc_module_t **out) {
  *out = nullptr;
  return catchExceptions("loading a module", [&] {
    const auto *begin = static_cast<const uint8_t *>(data);
    return load(std::vector<uint8_t>(begin, begin + size), parameters, out);
  });
}

extern "C" halc_status_t halc_module_load(const void *data, size_t size,
                                          halc_module_t **out) {
  return halc_module_load_with_parameters(data, size, nullptr, out);
}

extern "C" halc_status_t
halc_module_load_file_with_parameters(const char *path,
                                      const halc_parameters_t *parameters,
                                      halc_module_t **out) {
  *out = nullptr;
  return catchExceptions("loading a module", [&] {
    std::vector<uint8_t> bytes;
    if (halc_status_t status = readFile(path, "module", bytes))
      return status;
    return load(std::move(bytes), parameters, out);
  });
}

extern "C" halc_status_t halc_module_load_file(const char *path,
                                               halc_module_t **out) {
  return halc_module_load_file_with_parameters(path, nullptr, out);
}

extern "C" void halc_module_free(halc_module_t *module) { delete module; }

extern "C" size_t halc_module_executable_count(const halc_module_t *module) {
  return module->executables.size();
}

extern "C" const halc_executable_t *
halc_module_executable(const halc_module_t *module, size_t ordinal) {
  return module->executables[ordinal];
}

extern "C" size_t halc_module_function_count(const halc_module_t *module) {
  return module->views.size();
}

extern "C" const halc_function_t *
halc_module_function(const halc_module_t *module, size_t ordinal) {
  return &module->views[ordinal];
}

extern "C" halc_status_t
halc_module_lookup_function(const halc_module_t *module, const char *name,
                            const halc_function_t **out) {
  return catchExceptions("looking up a function", [&]() -> halc_status_t {
    std::string known;
    for (const halc_function_t &function : module->views) {
      if (std::string(function.name) == name) {
        *out = &function;
        return nullptr;
      }
      known += (known.empty() ? "" : ", ") + std::string(function.name);
    }
    return makeError(std::string("the module has no function '") + name +
                     "'; it has: " + known);
  });
}

extern "C" halc_status_t
halc_function_lookup_name(const halc_function_t *function, int is_result,
                          const char *name, size_t *out) {
  return catchExceptions("looking up a name", [&]() -> halc_status_t {
    size_t count =
        is_result ? function->result_count : function->argument_count;
    const char *const *names =
        is_result ? function->result_names : function->argument_names;
    std::string known;
    for (size_t i = 0; i < count; ++i) {
      if (std::strcmp(names[i], name) == 0) {
        *out = i;
        return nullptr;
      }
      if (*names[i])
        known += (known.empty() ? "" : ", ") + std::string(names[i]);
    }
    return makeError("@" + std::string(function->name) + " has no " +
                     (is_result ? "result" : "argument") + " named '" + name +
                     "'" + (known.empty() ? "; none is named" : "; it has: ") +
                     known);
  });
}

extern "C" void halc_module_source(const halc_module_t *module,
                                   const char **path, const char **text,
                                   size_t *size) {
  *path = module->sourcePath.c_str();
  *text = module->sourceText.data();
  *size = module->sourceText.size();
}

extern "C" halc_status_t halc_call_prepare(const halc_module_t *module,
                                           const halc_function_t *function,
                                           const halc_tensor_type_t *types,
                                           const void *const *arguments,
                                           halc_call_t **out) {
  *out = nullptr;
  size_t index = function - module->views.data();
  if (index >= module->views.size())
    return makeError("the function is not one of the module's");
  return catchExceptions("preparing a call", [&]() -> halc_status_t {
    auto call = std::make_unique<halc_call_s>();
    if (halc_status_t status = prepareCall(*module->functions[index], types,
                                           arguments, call->function))
      return prefixError(std::string("@") + function->name, status);
    *out = call.release();
    return nullptr;
  });
}

extern "C" void halc_call_free(halc_call_t *call) { delete call; }

extern "C" const halc_function_t *halc_call_function(const halc_call_t *call) {
  return &call->function.view;
}
