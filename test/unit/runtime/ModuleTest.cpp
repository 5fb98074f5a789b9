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
  std::string magic = "HALM";
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
          spec.constantContents.empty() ? nullptr : &spec.constantContents),
      hm::CreateBufferDef(builder, 64)};
  std::vector<uint32_t> argumentBuffers = {0, 1}, resultBuffers = {2};
  std::vector<flatbuffers::Offset<hm::DispatchDef>> dispatches = {
      hm::CreateDispatchDefDirect(builder, 0, spec.exportOrdinal,
                                  &spec.bindings, &spec.constants,
                                  &spec.workgroupCount)};
  std::vector<flatbuffers::Offset<hm::FunctionDef>> functions = {
      hm::CreateFunctionDefDirect(builder, "add", &arguments, &results,
                                  &buffers, &argumentBuffers, &resultBuffers,
                                  &dispatches)};
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

} // namespace
