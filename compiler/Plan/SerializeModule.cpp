//===- SerializeModule.cpp - The HALM file of a whole module --------------===//
//
// Writes a module plan as it is. FlatBuffers are built back to front, so the
// order of the writes below fixes the bytes of the file.
//
//===----------------------------------------------------------------------===//

#include "compiler/Plan/SerializeModule.h"

#include "compiler/Serialization/BinaryHeader.h"

#include "schemas/module_def_generated.h"

using namespace mlir;
using namespace mlir::halc;
using namespace mlir::halc::plan;
namespace fb = flatbuffers;
/// The module format's tables (schemas/module_def.fbs, namespace halc).
namespace hm = ::halc;

namespace {

fb::Offset<hm::TensorTypeDef> writeType(fb::FlatBufferBuilder &builder,
                                        const HostType &type) {
  return hm::CreateTensorTypeDefDirect(builder, type.elementType,
                                       type.scalar ? nullptr : &type.shape,
                                       type.scalar);
}

fb::Offset<hm::DispatchDef> writeDispatch(fb::FlatBufferBuilder &builder,
                                          const Dispatch &dispatch) {
  std::vector<uint32_t> constants, workgroupCount, elementsPerWorkgroup;
  std::vector<int32_t> constantValues, workgroupCountValues;
  for (const Word &constant : dispatch.constants) {
    constants.push_back(constant.bits);
    constantValues.push_back(constant.value);
  }
  bool countedAtCall = false;
  for (const WorkgroupCount &along : dispatch.workgroupCount) {
    workgroupCount.push_back(along.count);
    workgroupCountValues.push_back(along.extent);
    elementsPerWorkgroup.push_back(along.extent < 0 ? 0 : along.perWorkgroup);
    countedAtCall |= along.extent >= 0;
  }
  return hm::CreateDispatchDefDirect(
      builder, dispatch.executable, dispatch.exportOrdinal,
      &dispatch.bindings, &constants, &workgroupCount, &constantValues,
      &workgroupCountValues, countedAtCall ? &elementsPerWorkgroup : nullptr);
}

fb::Offset<hm::FunctionDef> writeFunction(fb::FlatBufferBuilder &builder,
                                          const FunctionPlan &function) {
  std::vector<fb::Offset<hm::TensorTypeDef>> arguments, results;
  arguments.reserve(function.arguments.size());
  results.reserve(function.results.size());
  for (const HostType &type : function.arguments)
    arguments.push_back(writeType(builder, type));
  std::vector<fb::Offset<hm::DispatchDef>> dispatches;
  dispatches.reserve(function.dispatches.size());
  for (const Dispatch &dispatch : function.dispatches)
    dispatches.push_back(writeDispatch(builder, dispatch));
  for (const HostType &type : function.results)
    results.push_back(writeType(builder, type));
  std::vector<fb::Offset<hm::BufferDef>> buffers;
  buffers.reserve(function.buffers.size());
  for (const Buffer &buffer : function.buffers)
    buffers.push_back(hm::CreateBufferDefDirect(
        builder, buffer.sizeBytes,
        buffer.contents.empty() ? nullptr : &buffer.contents,
        buffer.sizeValues.empty() ? nullptr : &buffer.sizeValues,
        buffer.parameter.empty() ? nullptr : buffer.parameter.c_str()));
  std::vector<fb::Offset<hm::ValueDef>> values;
  values.reserve(function.values.size());
  for (const hm::ValueDefT &value : function.values)
    values.push_back(hm::ValueDef::Pack(builder, &value));
  std::vector<uint32_t> argumentBuffers;
  argumentBuffers.reserve(function.argumentBuffers.size());
  for (std::optional<uint32_t> buffer : function.argumentBuffers)
    argumentBuffers.push_back(buffer.value_or(0xFFFFFFFFu));
  std::vector<hm::EqualSizeDef> equalSizes;
  equalSizes.reserve(function.equalSizes.size());
  for (const EqualSize &equal : function.equalSizes)
    equalSizes.emplace_back(equal.argument, equal.dimension,
                            equal.otherArgument.value_or(0xFFFFFFFFu),
                            equal.otherDimension, equal.size);
  // Names are written only where one is given.
  auto writeNames = [&](const std::vector<std::string> &names) {
    std::vector<fb::Offset<fb::String>> offsets;
    if (llvm::any_of(names,
                     [](const std::string &name) { return !name.empty(); }))
      for (const std::string &name : names)
        offsets.push_back(builder.CreateString(name));
    return offsets;
  };
  std::vector<fb::Offset<fb::String>> argumentNames =
      writeNames(function.argumentNames);
  std::vector<fb::Offset<fb::String>> resultNames =
      writeNames(function.resultNames);
  return hm::CreateFunctionDefDirect(
      builder, function.name.c_str(), &arguments, &results, &buffers,
      &argumentBuffers, &function.resultBuffers, &dispatches, &values,
      &function.resultDimValues, equalSizes.empty() ? nullptr : &equalSizes,
      argumentNames.empty() ? nullptr : &argumentNames,
      resultNames.empty() ? nullptr : &resultNames, function.loadDispatchCount);
}

} // namespace

std::vector<uint8_t>
mlir::halc::serializeModule(const ModulePlan &plan,
                            ArrayRef<NamedBinary> executables,
                            StringRef sourcePath, StringRef source) {
  fb::FlatBufferBuilder builder;
  std::vector<fb::Offset<hm::FunctionDef>> functions;
  functions.reserve(plan.functions.size());
  for (const FunctionPlan &function : plan.functions)
    functions.push_back(writeFunction(builder, function));
  std::vector<fb::Offset<hm::ExecutableDef>> executableDefs;
  for (auto [binary, described] : llvm::zip_equal(executables, plan.executables))
    executableDefs.push_back(hm::CreateExecutableDefDirect(
        builder, binary.name.c_str(), described.second.c_str(),
        &binary.bytes));
  std::vector<uint8_t> content(source.begin(), source.end());
  std::vector<fb::Offset<iree::hal::debug::SourceFileDef>> sources = {
      iree::hal::debug::CreateSourceFileDefDirect(
          builder, sourcePath.str().c_str(), &content)};
  builder.Finish(
      hm::CreateModuleDefDirect(builder, &executableDefs, &functions, &sources),
      hm::ModuleDefIdentifier());
  return wrapInBinaryHeader(
      hm::ModuleDefIdentifier(),
      ArrayRef<uint8_t>(builder.GetBufferPointer(), builder.GetSize()));
}
