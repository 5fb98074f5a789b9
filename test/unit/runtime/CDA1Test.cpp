//===- CDA1Test.cpp - The CDA1 loader: PTX modules and their target -------===//
//
// CDA1 shares the HIP1 loader's checks of exports (HIP1Test covers them one
// by one); what is its own is the code: PTX text, which the CUDA driver
// reads as a C string, and the SM architecture it was written for.
//
//===----------------------------------------------------------------------===//

#include "TestBinaries.h"

#include <gtest/gtest.h>

using namespace halc::test;

namespace {

const char kPTX[] = ".version 7.0\n.target sm_80\n.address_size 64\n"
                    ".visible .entry main() { ret; }\n";

TEST(CDA1, ValidLoadsWithItsPTXAndTarget) {
  std::vector<uint8_t> bytes = buildCDA1(kPTX);
  halc_executable_t *executable = nullptr;
  ASSERT_EQ(halc_executable_load(bytes.data(), bytes.size(), &executable),
            nullptr);
  EXPECT_EQ(halc_executable_format(executable), HALC_EXECUTABLE_FORMAT_CDA1);
  EXPECT_STREQ(halc_executable_target_id(executable), "sm_80");
  ASSERT_EQ(halc_executable_code_module_count(executable), 1u);
  const void *code;
  size_t size;
  ASSERT_EQ(halc_executable_code_module(executable, 0, &code, &size), nullptr);
  EXPECT_EQ(std::string(static_cast<const char *>(code), size), kPTX);
  // The driver reads the PTX as a C string: it ends where FlatBuffers ends a
  // string, at a NUL.
  EXPECT_EQ(static_cast<const char *>(code)[size], '\0');
  halc_export_info_t info;
  ASSERT_EQ(halc_executable_export_info(executable, 0, &info), nullptr);
  EXPECT_STREQ(info.entry_point, "main");
  EXPECT_EQ(info.workgroup_size[0], 128u);
  EXPECT_EQ(info.read_only_bindings, 0b11u);
  EXPECT_EQ(info.constant_count, 1u);
  halc_executable_free(executable);
}

TEST(CDA1, CodeThatIsNotPTXIsRejected) {
  EXPECT_NE(loadExecutableError(buildCDA1("\x7f" "ELF binary"))
                .find("modules[0] ptx_image is not PTX (no .version "
                      "directive)"),
            std::string::npos);
}

TEST(CDA1, PTXWithANulIsRejected) {
  std::string ptx = std::string(kPTX) + std::string(1, '\0') + "tail";
  EXPECT_NE(loadExecutableError(buildCDA1(ptx))
                .find("modules[0] ptx_image is not PTX text (it holds a NUL "
                      "byte)"),
            std::string::npos);
}

TEST(CDA1, EmptyModuleIsRejected) {
  EXPECT_NE(loadExecutableError(buildCDA1("")).find(
                "modules[0] has no ptx_image"),
            std::string::npos);
}

} // namespace
