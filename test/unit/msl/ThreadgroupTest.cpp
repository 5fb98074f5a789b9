//===- ThreadgroupTest.cpp - The MSL executor's threads ------------------===//
//
// Hand-written MSL in SPIRV-Cross's style, compiled by the executor and run
// one threadgroup at a time: threadgroup memory with barriers, SIMD-group
// and quad functions, and threads that cannot all reach a barrier.
//
//===----------------------------------------------------------------------===//

#include "test/msl/Threadgroup.h"
#include "test/msl/MSLLibrary.h"

#include <gtest/gtest.h>

#include <cstring>
#include <numeric>

using namespace halc::msl;

namespace {

const char kSource[] = R"(#include <metal_stdlib>
using namespace metal;

struct Data
{
    float v[1];
};

struct spvDescriptorSetBuffer0
{
    device Data* input [[id(0)]];
    device Data* output [[id(1)]];
};

[[max_total_threads_per_threadgroup(64)]]
kernel void tree_sum(constant spvDescriptorSetBuffer0& spvDescriptorSet0 [[buffer(0)]], uint3 lid [[thread_position_in_threadgroup]], uint3 group [[threadgroup_position_in_grid]])
{
    threadgroup float partial[64];
    partial[lid.x] = (*spvDescriptorSet0.input).v[group.x * 64u + lid.x];
    for (uint stride = 32u; stride > 0u; stride /= 2u)
    {
        threadgroup_barrier(mem_flags::mem_threadgroup);
        if (lid.x < stride)
            partial[lid.x] += partial[lid.x + stride];
    }
    threadgroup_barrier(mem_flags::mem_threadgroup);
    if (lid.x == 0u)
        (*spvDescriptorSet0.output).v[group.x] = partial[0];
}

struct spvDescriptorSetBuffer1
{
    device Data* input [[id(0)]];
    device Data* output [[id(1)]];
};

kernel void simd_functions(constant spvDescriptorSetBuffer1& spvDescriptorSet1 [[buffer(0)]], uint index [[thread_index_in_threadgroup]], uint lane [[thread_index_in_simdgroup]], uint simdgroup [[simdgroup_index_in_threadgroup]])
{
    float x = (*spvDescriptorSet1.input).v[index];
    device float* out = &(*spvDescriptorSet1.output).v[index * 6u];
    out[0] = simd_sum(x);
    out[1] = simd_prefix_exclusive_sum(x);
    out[2] = simd_shuffle_xor(x, ushort(1));
    out[3] = simd_broadcast(x, ushort(5));
    out[4] = quad_max(x);
    out[5] = float(popcount(uint(ulong(simd_ballot(x > 40.0f))))) + float(simdgroup * 100u) + float(lane) * 0.0f;
}

struct spvDescriptorSetBuffer2
{
    device Data* output [[id(0)]];
};

kernel void divergent_barrier(constant spvDescriptorSetBuffer2& spvDescriptorSet2 [[buffer(0)]], uint3 lid [[thread_position_in_threadgroup]])
{
    if (lid.x >= 16u)
        return;
    threadgroup_barrier(mem_flags::mem_threadgroup);
    (*spvDescriptorSet2.output).v[lid.x] = 1.0;
}
)";

class ThreadgroupTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    std::string error;
    library = Library::compile(kSource, 3 << 16, error).release();
    ASSERT_NE(library, nullptr) << error;
  }
  static void TearDownTestSuite() { delete library; }

  /// Runs every threadgroup of `name` over `count` groups of `size` threads
  /// with `bindings` in its argument buffer.
  bool run(const char *name, uint32_t size, uint32_t count,
           std::vector<void *> bindings, std::string &error) {
    const Kernel *kernel = library->lookup(name);
    EXPECT_NE(kernel, nullptr);
    std::vector<char> arguments(kernel->argumentBufferSize);
    for (const auto &[id, offset] : kernel->argumentMembers)
      std::memcpy(arguments.data() + offset, &bindings[id], sizeof(void *));
    Grid grid = {
        kernel->entry, arguments.data(), nullptr, {size, 1, 1}, {count, 1, 1}};
    ThreadgroupRunner runner(library->usesCollectives());
    for (uint32_t g = 0; g < count; ++g)
      if (!runner.run(grid, {g, 0, 0}, error))
        return false;
    return true;
  }

  static Library *library;
};

Library *ThreadgroupTest::library = nullptr;

TEST_F(ThreadgroupTest, BarriersOrderThreadgroupMemory) {
  EXPECT_TRUE(library->usesCollectives());
  EXPECT_EQ(library->lookup("tree_sum")->maxTotalThreadsPerThreadgroup, 64u);
  std::vector<float> input(3 * 64), output(3, -1.0f);
  std::iota(input.begin(), input.end(), 0.0f);
  std::string error;
  ASSERT_TRUE(run("tree_sum", 64, 3, {input.data(), output.data()}, error))
      << error;
  for (int g = 0; g < 3; ++g)
    EXPECT_EQ(output[g], std::accumulate(input.begin() + 64 * g,
                                         input.begin() + 64 * (g + 1), 0.0f));
}

TEST_F(ThreadgroupTest, SIMDGroupAndQuadFunctions) {
  // Two SIMD-groups of 32; the last one has 8 threads that take part.
  const uint32_t threads = 40;
  std::vector<float> input(threads), output(threads * 6);
  std::iota(input.begin(), input.end(), 1.0f);
  std::string error;
  ASSERT_TRUE(
      run("simd_functions", threads, 1, {input.data(), output.data()}, error))
      << error;
  for (uint32_t t = 0; t < threads; ++t) {
    uint32_t first = t / 32 * 32, last = std::min(first + 32, threads);
    float sum = 0, before = 0, quadMax = 0;
    uint32_t above = 0;
    for (uint32_t u = first; u < last; ++u) {
      sum += input[u];
      before += u < t ? input[u] : 0;
      above += input[u] > 40.0f;
    }
    for (uint32_t u = t / 4 * 4; u < t / 4 * 4 + 4; ++u)
      quadMax = std::max(quadMax, input[u]);
    const float *out = &output[t * 6];
    EXPECT_EQ(out[0], sum) << "simd_sum, thread " << t;
    EXPECT_EQ(out[1], before) << "simd_prefix_exclusive_sum, thread " << t;
    EXPECT_EQ(out[2], input[first + ((t - first) ^ 1)]) << "thread " << t;
    EXPECT_EQ(out[3], input[first + 5]) << "simd_broadcast, thread " << t;
    EXPECT_EQ(out[4], quadMax) << "quad_max, thread " << t;
    EXPECT_EQ(out[5], float(above + t / 32 * 100))
        << "simd_ballot, thread " << t;
  }
}

TEST_F(ThreadgroupTest, BarrierNotReachedByAllThreadsIsAnError) {
  std::vector<float> output(32, 0.0f);
  std::string error;
  EXPECT_FALSE(run("divergent_barrier", 32, 1, {output.data()}, error));
  EXPECT_EQ(error, "threadgroup_barrier is reached by 16 of the 32 threads of "
                   "a threadgroup; the others returned");
}

} // namespace
