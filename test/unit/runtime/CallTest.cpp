//===- CallTest.cpp - A call's plan: sizes, constants, workgroup counts ---===//
//
// A function of a dynamic batch (?x4xf32) and a scalar (f32): its buffers
// are sized by the batch, its dispatch gets the scalar's bits and the batch
// as constants and runs ceil(batch / 2) workgroups along y.
//
//===----------------------------------------------------------------------===//

#include "TestBinaries.h"

#include "module_def_generated.h"

#include <cstring>
#include <gtest/gtest.h>

using namespace halc::test;
namespace hm = ::halc;

namespace {

std::vector<uint8_t> buildDynamicModule() {
  flatbuffers::FlatBufferBuilder builder;
  Spec spec;
  spec.bindings = 2;
  std::vector<uint8_t> executable = buildVKE1(spec);
  std::vector<flatbuffers::Offset<hm::ExecutableDef>> executables = {
      hm::CreateExecutableDefDirect(builder, "exe", "vulkan-spirv",
                                    &executable)};
  std::vector<int64_t> shape = {-1, 4};
  std::vector<flatbuffers::Offset<hm::TensorTypeDef>> arguments = {
      hm::CreateTensorTypeDefDirect(builder, hm::ElementType::F32, &shape),
      hm::CreateTensorTypeDefDirect(builder, hm::ElementType::F32, nullptr,
                                    /*scalar=*/true)};
  std::vector<flatbuffers::Offset<hm::TensorTypeDef>> results = {
      hm::CreateTensorTypeDefDirect(builder, hm::ElementType::F32, &shape)};
  // Value 0: the batch; value 1: the scalar.
  std::vector<flatbuffers::Offset<hm::ValueDef>> values = {
      hm::CreateValueDef(builder, 0, 0), hm::CreateValueDef(builder, 1, -1)};
  std::vector<uint32_t> byBatch = {0};
  std::vector<flatbuffers::Offset<hm::BufferDef>> buffers = {
      hm::CreateBufferDefDirect(builder, 16, nullptr, &byBatch),
      hm::CreateBufferDefDirect(builder, 16, nullptr, &byBatch)};
  std::vector<uint32_t> argumentBuffers = {0, HALC_NO_BUFFER},
                        resultBuffers = {1};
  std::vector<uint32_t> bindings = {0, 1}, constants = {0, 0},
                        workgroupCount = {1, 2, 1};
  std::vector<int32_t> constantValues = {1, 0}, countValues = {-1, 0, -1};
  std::vector<flatbuffers::Offset<hm::DispatchDef>> dispatches = {
      hm::CreateDispatchDefDirect(builder, 0, 0, &bindings, &constants,
                                  &workgroupCount, &constantValues,
                                  &countValues)};
  std::vector<flatbuffers::Offset<hm::FunctionDef>> functions = {
      hm::CreateFunctionDefDirect(builder, "scale", &arguments, &results,
                                  &buffers, &argumentBuffers, &resultBuffers,
                                  &dispatches, &values)};
  builder.Finish(hm::CreateModuleDefDirect(builder, &executables, &functions),
                 hm::ModuleDefIdentifier());
  return withHeader("HALM", builder);
}

struct Loaded {
  halc_module_t *module = nullptr;
  const halc_function_t *function = nullptr;
  ~Loaded() { halc_module_free(module); }
};

void load(Loaded &loaded) {
  std::vector<uint8_t> bytes = buildDynamicModule();
  ASSERT_EQ(halc_module_load(bytes.data(), bytes.size(), &loaded.module),
            nullptr);
  loaded.function = halc_module_function(loaded.module, 0);
}

/// The error of preparing a call on `types` (with zeros for data).
std::string prepareError(const halc_tensor_type_t (&types)[2]) {
  Loaded loaded;
  load(loaded);
  std::vector<float> data(64);
  float scale = 1.0f;
  const void *arguments[] = {data.data(), &scale};
  halc_call_t *call = nullptr;
  halc_status_t status = halc_call_prepare(loaded.module, loaded.function,
                                           types, arguments, &call);
  if (!status) {
    halc_call_free(call);
    return "";
  }
  std::string message = halc_status_message(status);
  halc_status_free(status);
  return message;
}

TEST(Call, WorksOutSizesConstantsAndCounts) {
  Loaded loaded;
  load(loaded);
  EXPECT_TRUE(loaded.function->depends_on_call);
  EXPECT_TRUE(loaded.function->arguments[1].scalar);
  EXPECT_EQ(loaded.function->arguments[0].shape[0], -1);

  int64_t shape[] = {7, 4};
  float scale = 2.5f;
  halc_tensor_type_t types[] = {{HALC_ELEMENT_TYPE_F32, 2, shape, 0},
                                {HALC_ELEMENT_TYPE_F32, 0, nullptr, 1}};
  std::vector<float> data(28);
  const void *arguments[] = {data.data(), &scale};
  halc_call_t *call = nullptr;
  ASSERT_EQ(halc_call_prepare(loaded.module, loaded.function, types,
                              arguments, &call),
            nullptr);
  const halc_function_t *plan = halc_call_function(call);
  EXPECT_FALSE(plan->depends_on_call);
  EXPECT_EQ(plan->buffer_sizes[0], 7u * 16);
  EXPECT_EQ(plan->buffer_sizes[1], 7u * 16);
  EXPECT_EQ(plan->results[0].shape[0], 7);
  uint32_t bits;
  std::memcpy(&bits, &scale, 4);
  EXPECT_EQ(plan->dispatches[0].constants[0], bits);
  EXPECT_EQ(plan->dispatches[0].constants[1], 7u);
  EXPECT_EQ(plan->dispatches[0].workgroup_count[0], 1u);
  EXPECT_EQ(plan->dispatches[0].workgroup_count[1], 4u);
  // The module's own plan is unchanged.
  EXPECT_EQ(loaded.function->buffer_sizes[0], 16u);
  halc_call_free(call);
}

TEST(Call, RejectsAStaticDimensionThatDiffers) {
  int64_t shape[] = {7, 5};
  EXPECT_NE(prepareError({{HALC_ELEMENT_TYPE_F32, 2, shape, 0},
                          {HALC_ELEMENT_TYPE_F32, 0, nullptr, 1}})
                .find("@scale: argument 0 has 5 elements along dimension 1; "
                      "the function takes 4"),
            std::string::npos);
}

TEST(Call, RejectsATensorForAScalar) {
  int64_t shape[] = {3, 4}, one[] = {1};
  EXPECT_NE(prepareError({{HALC_ELEMENT_TYPE_F32, 2, shape, 0},
                          {HALC_ELEMENT_TYPE_F32, 1, one, 0}})
                .find("argument 1 is a tensor of f32; the function takes a "
                      "scalar of f32"),
            std::string::npos);
}

TEST(Call, ValueOfAStaticDimensionIsRejectedAtLoad) {
  flatbuffers::FlatBufferBuilder builder;
  std::vector<int64_t> shape = {3, 4};
  std::vector<flatbuffers::Offset<hm::TensorTypeDef>> arguments = {
      hm::CreateTensorTypeDefDirect(builder, hm::ElementType::F32, &shape)};
  std::vector<flatbuffers::Offset<hm::ValueDef>> values = {
      hm::CreateValueDef(builder, 0, 1)};
  std::vector<flatbuffers::Offset<hm::FunctionDef>> functions = {
      hm::CreateFunctionDefDirect(builder, "f", &arguments, nullptr, nullptr,
                                  nullptr, nullptr, nullptr, &values)};
  builder.Finish(hm::CreateModuleDefDirect(builder, nullptr, &functions),
                 hm::ModuleDefIdentifier());
  std::vector<uint8_t> bytes = withHeader("HALM", builder);
  halc_module_t *module = nullptr;
  halc_status_t status = halc_module_load(bytes.data(), bytes.size(), &module);
  ASSERT_NE(status, nullptr);
  EXPECT_NE(std::string(halc_status_message(status))
                .find("values[0] is neither a scalar argument nor a dynamic "
                      "dimension of one"),
            std::string::npos);
  halc_status_free(status);
}

} // namespace
