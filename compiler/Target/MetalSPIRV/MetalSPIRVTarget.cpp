//===- MetalSPIRVTarget.cpp - The metal-spirv target backend --------------===//
//
// Apple GPUs through SPIR-V: codegen is the SPIR-V family's; the GPU families
// below are what the heuristics read.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/MetalSPIRV/MetalSPIRVTarget.h"

#include "compiler/Target/SPIRVCommon/SPIRVTargetBackend.h"

#include "llvm/Support/CommandLine.h"

using namespace mlir;
using namespace mlir::halc;

namespace {

constexpr TargetFeatures kAppleFeatures =
    TargetFeatures::F16 | TargetFeatures::I8 | TargetFeatures::I16 |
    TargetFeatures::I64 | TargetFeatures::Subgroup;

/// Apple GPU families: 32 KiB threadgroup memory, 1024 threads, SIMD width 32.
const GPUDescription kAppleGPUs[] = {
    {"apple7", kAppleFeatures, 1024, {1024, 1024, 1024}, 32768, {32}},
    {"apple8", kAppleFeatures, 1024, {1024, 1024, 1024}, 32768, {32}},
    {"apple9", kAppleFeatures, 1024, {1024, 1024, 1024}, 32768, {32}},
};

llvm::cl::OptionCategory &metalCategory() {
  static llvm::cl::OptionCategory category("halc metal-spirv target options");
  return category;
}

llvm::cl::opt<std::string> clGPUFamily(
    "iree-metal-gpu-family",
    llvm::cl::desc("Apple GPU family to compile for: apple7 (A14/M1), apple8 "
                   "(A15/M2), apple9 (A17/M3/M4)"),
    llvm::cl::init("apple7"), llvm::cl::cat(metalCategory()));

} // namespace

std::unique_ptr<TargetBackend> mlir::halc::createMetalSPIRVTargetBackend() {
  return std::make_unique<SPIRVTargetBackend>(
      "metal-spirv", kAppleGPUs, "--iree-metal-gpu-family", clGPUFamily);
}
