//===- TargetEnv.cpp - SPIR-V target environment of a halc target ---------===//

#include "compiler/Codegen/SPIRV/TargetEnv.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::halc;

spirv::TargetEnvAttr mlir::halc::getSPIRVTargetEnv(TargetAttr target,
                                                   bool cooperativeMatrices) {
  MLIRContext *context = target.getContext();
  using spirv::Capability;
  using spirv::Extension;
  SmallVector<Capability> caps = {Capability::Shader};
  SmallVector<Extension> exts = {Extension::SPV_KHR_storage_buffer_storage_class};
  if (target.hasFeature(TargetFeatures::F16) ||
      target.hasFeature(TargetFeatures::I16)) {
    caps.push_back(Capability::StorageBuffer16BitAccess);
    exts.push_back(Extension::SPV_KHR_16bit_storage);
  }
  if (target.hasFeature(TargetFeatures::F16))
    caps.push_back(Capability::Float16);
  if (target.hasFeature(TargetFeatures::I16))
    caps.push_back(Capability::Int16);
  if (target.hasFeature(TargetFeatures::I8)) {
    caps.append({Capability::Int8, Capability::StorageBuffer8BitAccess});
    exts.push_back(Extension::SPV_KHR_8bit_storage);
  }
  if (target.hasFeature(TargetFeatures::I64))
    caps.push_back(Capability::Int64);
  if (target.hasFeature(TargetFeatures::F64))
    caps.push_back(Capability::Float64);
  if (target.hasFeature(TargetFeatures::Subgroup))
    caps.append({Capability::GroupNonUniform, Capability::GroupNonUniformVote,
                 Capability::GroupNonUniformArithmetic,
                 Capability::GroupNonUniformBallot,
                 Capability::GroupNonUniformShuffle});
  if (target.hasFeature(TargetFeatures::DotProduct)) {
    caps.append({Capability::DotProduct, Capability::DotProductInput4x8BitPacked});
    exts.push_back(Extension::SPV_KHR_integer_dot_product);
  }
  Builder builder(context);
  SmallVector<Attribute> matrices;
  if (cooperativeMatrices)
    for (CooperativeMatrixAttr matrix : target.getCooperativeMatrices())
      matrices.push_back(spirv::CooperativeMatrixPropertiesKHRAttr::get(
          context, matrix.getM(), matrix.getN(), matrix.getK(), matrix.getA(),
          matrix.getB(), matrix.getC(), matrix.getC(), /*acc_sat=*/false,
          spirv::ScopeAttr::get(context, spirv::Scope::Subgroup)));
  // MLIR's KHR cooperative-matrix ops need SPIR-V 1.6 (Vulkan 1.3). From
  // 1.4 on, an entry point lists the Workgroup variables it uses, so a
  // driver reserves each kernel's own (ShareWorkgroupMemory).
  spirv::Version version = target.hasFeature(TargetFeatures::SPIRV14)
                               ? spirv::Version::V_1_4
                               : spirv::Version::V_1_3;
  if (!matrices.empty()) {
    caps.push_back(Capability::CooperativeMatrixKHR);
    exts.push_back(Extension::SPV_KHR_cooperative_matrix);
    version = spirv::Version::V_1_6;
    if (llvm::any_of(target.getCooperativeMatrices(),
                     [](CooperativeMatrixAttr m) {
                       return m.getA().isBF16() || m.getB().isBF16();
                     })) {
      caps.append({Capability::BFloat16TypeKHR,
                   Capability::BFloat16CooperativeMatrixKHR});
      exts.push_back(Extension::SPV_KHR_bfloat16);
    }
  }
  auto triple = spirv::VerCapExtAttr::get(version, caps, exts, context);

  SmallVector<int32_t> maxSize = llvm::map_to_vector(
      target.getMaxWorkgroupSize(), [](int64_t s) { return int32_t(s); });
  ArrayRef<int64_t> subgroups = target.getSubgroupSizes();
  auto limits = spirv::ResourceLimitsAttr::get(
      context, target.getMaxSharedMemoryBytes(),
      target.getMaxWorkgroupInvocations(), builder.getI32ArrayAttr(maxSize),
      target.getPreferredSubgroupSize(),
      *llvm::min_element(subgroups), *llvm::max_element(subgroups),
      /*cooperative_matrix_properties_khr=*/builder.getArrayAttr(matrices),
      /*cooperative_matrix_properties_nv=*/builder.getArrayAttr({}));
  spirv::ClientAPI api = target.getBackend().starts_with("metal")
                             ? spirv::ClientAPI::Metal
                             : spirv::ClientAPI::Vulkan;
  return spirv::TargetEnvAttr::get(triple, limits, api);
}
