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
#include <optional>

using namespace halc::test;
namespace hm = ::halc;

namespace {

/// The module of a function @scale(?x4xf32, f32) -> (?x4xf32) whose plan
/// has `values` (by default the batch, then the scalar; value 0 is always
/// the batch); its result's buffer is sized by value `size`, its result's
/// dimension is value `resultDim`; its dispatch counts workgroups along y
/// by `batchesPerWorkgroup` (none: the module omits elements_per_workgroup).
std::vector<uint8_t>
buildDynamicModule(std::vector<hm::ValueDefT> values = {}, uint32_t size = 0,
                   uint32_t resultDim = 0,
                   std::optional<uint32_t> batchesPerWorkgroup = 2,
                   std::vector<hm::EqualSizeDef> equalSizes = {}) {
  if (values.empty()) {
    values.resize(2);
    values[0].dimension = 0;
    values[1].argument = 1;
  }
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
  std::vector<flatbuffers::Offset<hm::ValueDef>> valueDefs;
  for (const hm::ValueDefT &value : values)
    valueDefs.push_back(hm::ValueDef::Pack(builder, &value));
  // The argument's buffer by the batch (value 0), the result's by `size`.
  std::vector<uint32_t> byBatch = {0}, bySize = {size},
                        resultDims = {resultDim};
  std::vector<flatbuffers::Offset<hm::BufferDef>> buffers = {
      hm::CreateBufferDefDirect(builder, 16, nullptr, &byBatch),
      hm::CreateBufferDefDirect(builder, 16, nullptr, &bySize)};
  std::vector<uint32_t> argumentBuffers = {0, HALC_NO_BUFFER},
                        resultBuffers = {1};
  std::vector<uint32_t> bindings = {0, 1}, constants = {0, 0},
                        workgroupCount = {1, 0, 1},
                        elementsPerWorkgroup = {
                            0, batchesPerWorkgroup.value_or(0), 0};
  std::vector<int32_t> constantValues = {1, 0}, countValues = {-1, 0, -1};
  std::vector<flatbuffers::Offset<hm::DispatchDef>> dispatches = {
      hm::CreateDispatchDefDirect(builder, 0, 0, &bindings, &constants,
                                  &workgroupCount, &constantValues,
                                  &countValues,
                                  batchesPerWorkgroup ? &elementsPerWorkgroup
                                                      : nullptr)};
  std::vector<flatbuffers::Offset<hm::FunctionDef>> functions = {
      hm::CreateFunctionDefDirect(
          builder, "scale", &arguments, &results, &buffers, &argumentBuffers,
          &resultBuffers, &dispatches, &valueDefs, &resultDims,
          equalSizes.empty() ? nullptr : &equalSizes)};
  builder.Finish(hm::CreateModuleDefDirect(builder, &executables, &functions),
                 hm::ModuleDefIdentifier());
  return withHeader("HALM", builder);
}

struct Loaded {
  halc_module_t *module = nullptr;
  const halc_function_t *function = nullptr;
  ~Loaded() { halc_module_free(module); }
};

void load(Loaded &loaded,
          const std::vector<uint8_t> &bytes = buildDynamicModule()) {
  ASSERT_EQ(halc_module_load(bytes.data(), bytes.size(), &loaded.module),
            nullptr);
  loaded.function = halc_module_function(loaded.module, 0);
}

/// The error of preparing a call of the module `bytes` on `types` (with
/// zeros for data).
std::string prepareError(const halc_tensor_type_t (&types)[2],
                         const std::vector<uint8_t> &bytes =
                             buildDynamicModule()) {
  Loaded loaded;
  load(loaded, bytes);
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
  ASSERT_EQ(halc_call_prepare(loaded.module, loaded.function, types, arguments,
                              &call),
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
  EXPECT_NE(loadModuleError(withHeader("HALM", builder))
                .find("values[0] is neither a scalar argument nor a dynamic "
                      "dimension of one"),
            std::string::npos);
}

hm::ValueDefT makeValue(hm::ValueKind kind, uint32_t lhs, uint32_t rhs,
                        int64_t constant = 0) {
  hm::ValueDefT value;
  value.kind = kind;
  value.lhs = lhs;
  value.rhs = rhs;
  value.constant = constant;
  return value;
}

/// A convolution-like size: (batch - 3) floordiv 2 + 1.
std::vector<hm::ValueDefT> strideTwoWindowOfThree() {
  std::vector<hm::ValueDefT> values(2);
  values[0].dimension = 0;
  values[1].argument = 1;
  values.push_back(makeValue(hm::ValueKind::Constant, 0, 0, 3)); // 2
  values.push_back(makeValue(hm::ValueKind::Sub, 0, 2));         // 3
  values.push_back(makeValue(hm::ValueKind::Constant, 0, 0, 2)); // 4
  values.push_back(makeValue(hm::ValueKind::FloorDiv, 3, 4));    // 5
  values.push_back(makeValue(hm::ValueKind::Constant, 0, 0, 1)); // 6
  values.push_back(makeValue(hm::ValueKind::Add, 5, 6));         // 7
  return values;
}

/// Prepares a call of the module `bytes` at batch `batch`: its plan, or
/// the error.
std::string prepareAtBatch(const std::vector<uint8_t> &bytes, int64_t batch,
                           std::vector<int64_t> &resultShape,
                           uint64_t &bufferSize) {
  Loaded loaded;
  load(loaded, bytes);
  int64_t shape[] = {batch, 4};
  float scale = 1.0f;
  halc_tensor_type_t types[] = {{HALC_ELEMENT_TYPE_F32, 2, shape, 0},
                                {HALC_ELEMENT_TYPE_F32, 0, nullptr, 1}};
  std::vector<float> data(batch * 4);
  const void *arguments[] = {data.data(), &scale};
  halc_call_t *call = nullptr;
  if (halc_status_t status = halc_call_prepare(loaded.module, loaded.function,
                                               types, arguments, &call)) {
    std::string message = halc_status_message(status);
    halc_status_free(status);
    return message;
  }
  const halc_function_t *plan = halc_call_function(call);
  resultShape.assign(plan->results[0].shape,
                     plan->results[0].shape + plan->results[0].rank);
  bufferSize = plan->buffer_sizes[1];
  halc_call_free(call);
  return "";
}

TEST(Call, ComputesSizesFromExpressions) {
  std::vector<uint8_t> bytes =
      buildDynamicModule(strideTwoWindowOfThree(), /*size=*/7, /*resultDim=*/7);
  std::vector<int64_t> shape;
  uint64_t bytesOfResult = 0;
  ASSERT_EQ(prepareAtBatch(bytes, 10, shape, bytesOfResult), "");
  EXPECT_EQ(shape, (std::vector<int64_t>{4, 4}));
  EXPECT_EQ(bytesOfResult, 4u * 16);
  ASSERT_EQ(prepareAtBatch(bytes, 3, shape, bytesOfResult), "");
  EXPECT_EQ(shape, (std::vector<int64_t>{1, 4}));
  // (1 - 3) floordiv 2 + 1 = 0: an empty result, not an error.
  ASSERT_EQ(prepareAtBatch(bytes, 1, shape, bytesOfResult), "");
  EXPECT_EQ(shape, (std::vector<int64_t>{0, 4}));
}

TEST(Call, RejectsANegativeSize) {
  // batch - 3 for a batch of 2.
  std::vector<uint8_t> bytes =
      buildDynamicModule(strideTwoWindowOfThree(), /*size=*/3, /*resultDim=*/3);
  std::vector<int64_t> shape;
  uint64_t bytesOfResult = 0;
  EXPECT_NE(prepareAtBatch(bytes, 2, shape, bytesOfResult)
                .find("these arguments make values[3], a size of the call, "
                      "negative (-1)"),
            std::string::npos);
}

TEST(Call, RejectsADivisionByZero) {
  std::vector<hm::ValueDefT> values = strideTwoWindowOfThree();
  values[4].constant = 0;
  std::vector<int64_t> shape;
  uint64_t bytesOfResult = 0;
  EXPECT_NE(
      prepareAtBatch(buildDynamicModule(values, 7, 7), 10, shape, bytesOfResult)
          .find("values[5] divides by zero for these arguments"),
      std::string::npos);
}

TEST(Call, RejectsAQuotientBeyond64Bits) {
  // INT64_MIN / -1 (a SIGFPE on x86 if computed).
  std::vector<hm::ValueDefT> values(2);
  values[0].dimension = 0;
  values[1].argument = 1;
  values.push_back(makeValue(hm::ValueKind::Constant, 0, 0, INT64_MIN)); // 2
  values.push_back(makeValue(hm::ValueKind::Constant, 0, 0, -1));        // 3
  values.push_back(makeValue(hm::ValueKind::Div, 2, 3));                 // 4
  std::vector<int64_t> shape;
  uint64_t bytesOfResult = 0;
  EXPECT_NE(
      prepareAtBatch(buildDynamicModule(values, 4, 0), 3, shape, bytesOfResult)
          .find("values[4] overflows 64-bit arithmetic for these arguments"),
      std::string::npos);
  // INT64_MIN % -1 is 0.
  values[4].kind = hm::ValueKind::Rem;
  values.push_back(makeValue(hm::ValueKind::Add, 0, 4)); // 5: batch + 0
  EXPECT_EQ(
      prepareAtBatch(buildDynamicModule(values, 5, 5), 3, shape, bytesOfResult),
      "");
  EXPECT_EQ(shape, (std::vector<int64_t>{3, 4}));
}

TEST(Call, RejectsABufferLargerThanMemory) {
  // The result: batch * batch * 16 bytes for a batch of 2^31.
  std::vector<hm::ValueDefT> values(2);
  values[0].dimension = 0;
  values[1].argument = 1;
  values.push_back(makeValue(hm::ValueKind::Mul, 0, 0)); // 2
  int64_t shape[] = {int64_t(1) << 31, 4};
  EXPECT_NE(prepareError({{HALC_ELEMENT_TYPE_F32, 2, shape, 0},
                          {HALC_ELEMENT_TYPE_F32, 0, nullptr, 1}},
                         buildDynamicModule(values, 2, 0))
                .find("these arguments make buffer 1 larger than a buffer can "
                      "hold"),
            std::string::npos);
}

TEST(Call, RejectsAConstantBeyond32Bits) {
  // The batch is constant 1 of the dispatch: 2^33 does not fit.
  int64_t shape[] = {int64_t(1) << 33, 4};
  EXPECT_NE(prepareError({{HALC_ELEMENT_TYPE_F32, 2, shape, 0},
                          {HALC_ELEMENT_TYPE_F32, 0, nullptr, 1}})
                .find("these arguments make constant 1 of dispatch 0 "
                      "8589934592, which 32 bits do not hold"),
            std::string::npos);
}

TEST(Call, RejectsAnArgumentLargerThanMemory) {
  int64_t shape[] = {int64_t(1) << 61, 4};
  EXPECT_NE(prepareError({{HALC_ELEMENT_TYPE_F32, 2, shape, 0},
                          {HALC_ELEMENT_TYPE_F32, 0, nullptr, 1}})
                .find("argument 0 has more bytes than a buffer can hold"),
            std::string::npos);
}

TEST(Call, A64BitScalarIsRejectedAtLoad) {
  flatbuffers::FlatBufferBuilder builder;
  std::vector<flatbuffers::Offset<hm::TensorTypeDef>> arguments = {
      hm::CreateTensorTypeDefDirect(builder, hm::ElementType::F64, nullptr,
                                    /*scalar=*/true)};
  std::vector<uint32_t> argumentBuffers = {HALC_NO_BUFFER};
  std::vector<flatbuffers::Offset<hm::FunctionDef>> functions = {
      hm::CreateFunctionDefDirect(builder, "f", &arguments, nullptr, nullptr,
                                  &argumentBuffers)};
  builder.Finish(hm::CreateModuleDefDirect(builder, nullptr, &functions),
                 hm::ModuleDefIdentifier());
  EXPECT_NE(loadModuleError(withHeader("HALM", builder))
                .find("arguments[0] is a scalar of f64; a scalar travels as "
                      "one 32-bit constant"),
            std::string::npos);
}

TEST(Call, ValueReadingALaterOneIsRejectedAtLoad) {
  std::vector<hm::ValueDefT> values = strideTwoWindowOfThree();
  values[3].rhs = 5;
  EXPECT_NE(loadModuleError(buildDynamicModule(values, 7, 7))
                .find("values[3] reads a value that is not an earlier one"),
            std::string::npos);
}

TEST(Call, RejectsAResultLargerThanItsBuffer) {
  // The result's dimension is the batch, its buffer sized by (batch - 3).
  std::vector<int64_t> shape;
  uint64_t bytesOfResult = 0;
  EXPECT_NE(prepareAtBatch(buildDynamicModule(strideTwoWindowOfThree(), 3, 0),
                           10, shape, bytesOfResult)
                .find("result 0 needs 160 bytes for these arguments; its "
                      "buffer 1 has 112"),
            std::string::npos);
}

TEST(Call, RejectsSizesThatMustBeEqual) {
  // The program needs the batch to be 7.
  std::vector<uint8_t> bytes = buildDynamicModule(
      {}, 0, 0, 2, {hm::EqualSizeDef(0, 0, HALC_NO_BUFFER, 0, 7)});
  std::vector<int64_t> shape;
  uint64_t bytesOfResult = 0;
  EXPECT_EQ(prepareAtBatch(bytes, 7, shape, bytesOfResult), "");
  EXPECT_NE(prepareAtBatch(bytes, 3, shape, bytesOfResult)
                .find("argument 0 has 3 elements along dimension 0; the "
                      "program needs 7"),
            std::string::npos);
}

TEST(Call, EqualSizeOfNoDimensionIsRejectedAtLoad) {
  EXPECT_NE(loadModuleError(buildDynamicModule({}, 0, 0, 2,
                                               {hm::EqualSizeDef(0, 2, 1, 0, 0)}))
                .find("equal_sizes[0] names a dimension no argument has"),
            std::string::npos);
}

TEST(Call, ZeroElementsPerWorkgroupAreRejectedAtLoad) {
  EXPECT_NE(loadModuleError(buildDynamicModule({}, 0, 0, 0))
                .find("elements_per_workgroup[1] divides the extent of "
                      "workgroup_count_values[1] and may not be 0"),
            std::string::npos);
}

TEST(Call, MissingElementsPerWorkgroupIsRejectedAtLoad) {
  EXPECT_NE(loadModuleError(buildDynamicModule({}, 0, 0, std::nullopt))
                .find("counts workgroups at the call and needs "
                      "elements_per_workgroup of three entries"),
            std::string::npos);
}

TEST(Call, ResultDimensionOutOfRangeIsRejectedAtLoad) {
  EXPECT_NE(loadModuleError(buildDynamicModule({}, 0, 9))
                .find("result_dim_values names value 9 of 2"),
            std::string::npos);
}

} // namespace
