//===- ModuleTest.cpp - The module loader's checks ------------------------===//
//
// A module with one function that runs one dispatch of a VKE1 export
// (3 bindings, 2 constants); each test breaks one thing about it.
//
//===----------------------------------------------------------------------===//

#include "TestBinaries.h"

#include "module_def_generated.h"

#include <gtest/gtest.h>

using namespace halc::test;
namespace hm = ::halc;

namespace {

struct ModuleSpec {
  std::vector<uint8_t> executable = buildVKE1(Spec());
  std::vector<uint32_t> bindings = {0, 1, 2};
  std::vector<uint32_t> constants = {7, 9};
  std::vector<uint32_t> workgroupCount = {4, 1, 1};
  uint32_t exportOrdinal = 0;
  uint64_t argumentBufferBytes = 64;
  /// The contents of buffer 1 (a constant tensor), if any.
  std::vector<uint8_t> constantContents;
  /// Or the parameter buffer 1 holds, if any.
  std::string parameter;
  /// The arguments' and results' names; none when empty.
  std::vector<std::string> argumentNames, resultNames;
  std::string magic = "HALM";
  /// How many dispatches, first, run once at load.
  uint32_t loadDispatchCount = 0;
};

std::vector<uint8_t> buildModule(const ModuleSpec &spec) {
  flatbuffers::FlatBufferBuilder builder;
  std::vector<flatbuffers::Offset<hm::ExecutableDef>> executables = {
      hm::CreateExecutableDefDirect(builder, "exe", "vulkan-spirv",
                                    &spec.executable)};
  std::vector<int64_t> shape = {4, 4};
  std::vector<flatbuffers::Offset<hm::TensorTypeDef>> arguments = {
      hm::CreateTensorTypeDefDirect(builder, hm::ElementType::F32, &shape),
      hm::CreateTensorTypeDefDirect(builder, hm::ElementType::F32, &shape)};
  std::vector<flatbuffers::Offset<hm::TensorTypeDef>> results = {
      hm::CreateTensorTypeDefDirect(builder, hm::ElementType::F32, &shape)};
  std::vector<flatbuffers::Offset<hm::BufferDef>> buffers = {
      hm::CreateBufferDef(builder, spec.argumentBufferBytes),
      hm::CreateBufferDefDirect(
          builder, 64,
          spec.constantContents.empty() ? nullptr : &spec.constantContents,
          nullptr, spec.parameter.empty() ? nullptr : spec.parameter.c_str()),
      hm::CreateBufferDef(builder, 64)};
  std::vector<uint32_t> argumentBuffers = {0, 1}, resultBuffers = {2};
  std::vector<flatbuffers::Offset<hm::DispatchDef>> dispatches = {
      hm::CreateDispatchDefDirect(builder, 0, spec.exportOrdinal,
                                  &spec.bindings, &spec.constants,
                                  &spec.workgroupCount)};
  auto names = [&](const std::vector<std::string> &strings) {
    return strings.empty() ? 0 : builder.CreateVectorOfStrings(strings);
  };
  auto argumentNames = names(spec.argumentNames);
  auto resultNames = names(spec.resultNames);
  // Everything a table refers to is built before the table (FlatBuffers
  // builds no object inside another).
  auto name = builder.CreateString("add");
  auto argumentTypes = builder.CreateVector(arguments);
  auto resultTypes = builder.CreateVector(results);
  auto bufferDefs = builder.CreateVector(buffers);
  auto argumentBufferIndices = builder.CreateVector(argumentBuffers);
  auto resultBufferIndices = builder.CreateVector(resultBuffers);
  auto dispatchDefs = builder.CreateVector(dispatches);
  hm::FunctionDefBuilder function(builder);
  function.add_name(name);
  function.add_arguments(argumentTypes);
  function.add_results(resultTypes);
  function.add_buffers(bufferDefs);
  function.add_argument_buffers(argumentBufferIndices);
  function.add_result_buffers(resultBufferIndices);
  function.add_dispatches(dispatchDefs);
  function.add_argument_names(argumentNames);
  function.add_result_names(resultNames);
  function.add_load_dispatch_count(spec.loadDispatchCount);
  std::vector<flatbuffers::Offset<hm::FunctionDef>> functions = {
      function.Finish()};
  builder.Finish(hm::CreateModuleDefDirect(builder, &executables, &functions),
                 hm::ModuleDefIdentifier());
  return withHeader(spec.magic.c_str(), builder);
}

TEST(Module, ValidModuleHasItsPlan) {
  std::vector<uint8_t> bytes = buildModule(ModuleSpec());
  halc_module_t *module = nullptr;
  ASSERT_EQ(halc_module_load(bytes.data(), bytes.size(), &module), nullptr);
  ASSERT_EQ(halc_module_executable_count(module), 1u);
  const halc_function_t *function = nullptr;
  ASSERT_EQ(halc_module_lookup_function(module, "add", &function), nullptr);
  EXPECT_STREQ(function->name, "add");
  ASSERT_EQ(function->argument_count, 2u);
  EXPECT_EQ(function->arguments[1].rank, 2u);
  EXPECT_EQ(function->arguments[1].shape[1], 4);
  EXPECT_EQ(function->result_buffers[0], 2u);
  EXPECT_EQ(function->buffer_contents[1], nullptr);
  ASSERT_EQ(function->dispatch_count, 1u);
  EXPECT_EQ(function->dispatches[0].binding_count, 3u);
  EXPECT_EQ(function->dispatches[0].constants[1], 9u);
  EXPECT_EQ(function->dispatches[0].workgroup_count[0], 4u);

  halc_status_t missing = halc_module_lookup_function(module, "sub", &function);
  ASSERT_NE(missing, nullptr);
  EXPECT_NE(std::string(halc_status_message(missing))
                .find("no function 'sub'; it has: add"),
            std::string::npos);
  halc_status_free(missing);
  halc_module_free(module);
}

TEST(Module, ADirectoryIsNotAModule) {
  halc_module_t *module = nullptr;
  halc_status_t status = halc_module_load_file("/", &module);
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(std::string(halc_status_message(status)),
            "cannot read module '/': not a regular file");
  EXPECT_EQ(module, nullptr);
  halc_status_free(status);
}

TEST(Module, ExecutableIsNotAModule) {
  EXPECT_NE(loadModuleError(buildVKE1(Spec())).find("magic 'VKE1'"),
            std::string::npos);
}

TEST(Module, BrokenEmbeddedExecutable) {
  ModuleSpec spec;
  spec.executable.resize(40);
  EXPECT_NE(loadModuleError(buildModule(spec))
                .find("executables[0]: executable is "
                      "40 bytes"),
            std::string::npos);
}

TEST(Module, WrongBindingCount) {
  ModuleSpec spec;
  spec.bindings = {0, 1};
  EXPECT_NE(loadModuleError(buildModule(spec))
                .find("binds 2 buffers; export 'main' "
                      "has 3 bindings"),
            std::string::npos);
}

TEST(Module, BindingOutOfRange) {
  ModuleSpec spec;
  spec.bindings = {0, 1, 5};
  EXPECT_NE(loadModuleError(buildModule(spec)).find("binds buffer 5 of 3"),
            std::string::npos);
}

TEST(Module, MoreLoadDispatchesThanDispatches) {
  ModuleSpec spec;
  spec.loadDispatchCount = 2;
  EXPECT_NE(loadModuleError(buildModule(spec))
                .find("load_dispatch_count is 2 of 1 dispatches"),
            std::string::npos);
}

TEST(Module, LoadDispatchMayNotBindAnArgument) {
  // Run once at load, it would read an argument no call has given yet.
  ModuleSpec spec;
  spec.loadDispatchCount = 1;
  EXPECT_NE(loadModuleError(buildModule(spec))
                .find("dispatches[0] runs at load but binds buffer 0, an "
                      "argument's, a result's or one sized at the call"),
            std::string::npos);
}

TEST(Module, LoadDispatchMayNotBindAResult) {
  // The caller takes the result's buffer; a load-time write would be lost.
  ModuleSpec spec;
  spec.loadDispatchCount = 1;
  spec.bindings = {2, 2, 2};
  EXPECT_NE(loadModuleError(buildModule(spec))
                .find("dispatches[0] runs at load but binds buffer 2"),
            std::string::npos);
}

TEST(Module, WrongConstantCount) {
  ModuleSpec spec;
  spec.constants = {};
  EXPECT_NE(loadModuleError(buildModule(spec)).find("passes 0 constants"),
            std::string::npos);
}

TEST(Module, ExportOutOfRange) {
  ModuleSpec spec;
  spec.exportOrdinal = 3;
  EXPECT_NE(loadModuleError(buildModule(spec))
                .find("export ordinal 3 is out of range"),
            std::string::npos);
}

TEST(Module, ZeroWorkgroupCountRunsNothing) {
  // A dispatch over an empty tensor.
  ModuleSpec spec;
  spec.workgroupCount = {4, 0, 1};
  EXPECT_EQ(loadModuleError(buildModule(spec)), "");
}

TEST(Module, ConstantBufferHasItsContents) {
  ModuleSpec spec;
  spec.constantContents.assign(64, 0);
  spec.constantContents[5] = 42;
  std::vector<uint8_t> bytes = buildModule(spec);
  halc_module_t *module = nullptr;
  ASSERT_EQ(halc_module_load(bytes.data(), bytes.size(), &module), nullptr);
  const halc_function_t *function = halc_module_function(module, 0);
  ASSERT_NE(function->buffer_contents[1], nullptr);
  EXPECT_EQ(static_cast<const uint8_t *>(function->buffer_contents[1])[5], 42);
  EXPECT_EQ(function->buffer_contents[2], nullptr);
  halc_module_free(module);
}

TEST(Module, ConstantContentsOfTheWrongSize) {
  ModuleSpec spec;
  spec.constantContents.assign(60, 0);
  EXPECT_NE(loadModuleError(buildModule(spec))
                .find("buffers[1] has 60 bytes of contents for 64 bytes"),
            std::string::npos);
}

TEST(Module, BufferSmallerThanItsTensor) {
  ModuleSpec spec;
  spec.argumentBufferBytes = 60;
  EXPECT_NE(loadModuleError(buildModule(spec)).find("smaller than its tensor"),
            std::string::npos);
}

TEST(Module, ArgumentsAndResultsByName) {
  ModuleSpec spec;
  spec.argumentNames = {"x", ""};
  spec.resultNames = {"y"};
  std::vector<uint8_t> bytes = buildModule(spec);
  halc_module_t *module = nullptr;
  ASSERT_EQ(halc_module_load(bytes.data(), bytes.size(), &module), nullptr);
  const halc_function_t *function = halc_module_function(module, 0);
  EXPECT_STREQ(function->argument_names[0], "x");
  EXPECT_STREQ(function->argument_names[1], "");
  size_t index = 9;
  EXPECT_EQ(halc_function_lookup_name(function, 1, "y", &index), nullptr);
  EXPECT_EQ(index, 0u);
  halc_status_t missing = halc_function_lookup_name(function, 0, "y", &index);
  ASSERT_NE(missing, nullptr);
  EXPECT_STREQ(halc_status_message(missing),
               "@add has no argument named 'y'; it has: x");
  halc_status_free(missing);
  halc_module_free(module);
}

TEST(Module, UnnamedFunctionHasEmptyNames) {
  std::vector<uint8_t> bytes = buildModule(ModuleSpec());
  halc_module_t *module = nullptr;
  ASSERT_EQ(halc_module_load(bytes.data(), bytes.size(), &module), nullptr);
  const halc_function_t *function = halc_module_function(module, 0);
  EXPECT_STREQ(function->argument_names[1], "");
  EXPECT_STREQ(function->result_names[0], "");
  halc_module_free(module);
}

TEST(Module, NamesMustMatchTheArguments) {
  ModuleSpec spec;
  spec.argumentNames = {"x"};
  EXPECT_NE(loadModuleError(buildModule(spec))
                .find("argument_names has 1 names for 2"),
            std::string::npos);
  spec.argumentNames = {"x", "x"};
  EXPECT_NE(
      loadModuleError(buildModule(spec)).find("argument_names repeats 'x'"),
      std::string::npos);
}

/// Loads a module whose buffer 1 holds parameter "w" with `parameters`;
/// the error's message, or "" with buffer 1's byte 5 in `byte`.
std::string loadWithParameters(const halc_parameters_t *parameters,
                               uint8_t &byte) {
  ModuleSpec spec;
  spec.parameter = "w";
  std::vector<uint8_t> bytes = buildModule(spec);
  halc_module_t *module = nullptr;
  halc_status_t status = halc_module_load_with_parameters(
      bytes.data(), bytes.size(), parameters, &module);
  if (status) {
    std::string message = halc_status_message(status);
    halc_status_free(status);
    return message;
  }
  byte = static_cast<const uint8_t *>(
      halc_module_function(module, 0)->buffer_contents[1])[5];
  halc_module_free(module);
  return "";
}

TEST(Module, ParametersMadeInMemoryBindByName) {
  halc_parameters_t *parameters = nullptr;
  ASSERT_EQ(halc_parameters_create(&parameters), nullptr);
  std::vector<uint8_t> weights(64, 0);
  weights[5] = 42;
  ASSERT_EQ(halc_parameters_add(parameters, "w", weights.data(), 64), nullptr);
  halc_status_t twice =
      halc_parameters_add(parameters, "w", weights.data(), 64);
  ASSERT_NE(twice, nullptr);
  EXPECT_STREQ(halc_status_message(twice), "parameters: 'w' is given twice");
  halc_status_free(twice);
  EXPECT_EQ(halc_parameters_count(parameters), 1u);
  // The module keeps its own copy.
  uint8_t byte = 0;
  EXPECT_EQ(loadWithParameters(parameters, byte), "");
  EXPECT_EQ(byte, 42);
  halc_parameters_free(parameters);

  ASSERT_EQ(halc_parameters_create(&parameters), nullptr);
  ASSERT_EQ(halc_parameters_add(parameters, "w", weights.data(), 60), nullptr);
  EXPECT_NE(loadWithParameters(parameters, byte).find("parameter 'w' has 60"),
            std::string::npos);
  halc_parameters_free(parameters);
}

} // namespace
