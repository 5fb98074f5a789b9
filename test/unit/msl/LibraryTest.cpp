//===- LibraryTest.cpp - MSL the executor refuses ------------------------===//
//
// What Apple's compiler or IREE's Metal driver would refuse is refused when
// the executor compiles a library: math Apple's headers have no overload
// for, and kernels that take their bindings outside the binding contract.
//
//===----------------------------------------------------------------------===//

#include "test/msl/MSLLibrary.h"

#include <gtest/gtest.h>

using namespace halc::msl;

namespace {

std::string compileError(const std::string &body) {
  std::string source =
      "#include <metal_stdlib>\nusing namespace metal;\n\n" + body;
  std::string error;
  std::unique_ptr<Library> library = Library::compile(source, 3 << 16, error);
  EXPECT_EQ(library, nullptr);
  return error;
}

TEST(LibraryTest, HalfHyperbolicsDoNotExist) {
  std::string error = compileError(R"(struct Data
{
    half4 v[1];
};

struct spvDescriptorSetBuffer0
{
    device Data* data [[id(0)]];
};

kernel void tanh_half(constant spvDescriptorSetBuffer0& spvDescriptorSet0 [[buffer(0)]], uint3 id [[thread_position_in_grid]])
{
    (*spvDescriptorSet0.data).v[id.x] = precise::tanh((*spvDescriptorSet0.data).v[id.x]);
}
)");
  EXPECT_NE(error.find("error: no matching function for call to 'tanh'"),
            std::string::npos)
      << error;
}

TEST(LibraryTest, BindingsOutsideTheArgumentBufferAreRefused) {
  // What SPIRV-Cross writes for a descriptor set past 7.
  std::string error = compileError(R"(struct Data
{
    float v[1];
};

kernel void loose(device Data& data [[buffer(1)]], uint3 id [[thread_position_in_grid]])
{
    data.v[id.x] = 0.0;
}
)");
  EXPECT_EQ(error, "kernel loose: takes 'device Data& data' at [[buffer(1)]]; "
                   "the binding contract has the argument buffer at "
                   "[[buffer(0)]] and the constants at [[buffer(3)]] only");
}

TEST(LibraryTest, UnknownThreadAttributesAreRefused) {
  std::string error = compileError(R"(kernel void stage(uint id [[vertex_id]])
{
}
)");
  EXPECT_EQ(error, "kernel stage: takes a parameter with attribute "
                   "[[vertex_id]], which the executor does not provide");
}

} // namespace
