//===- CrossCompileMSL.cpp - SPIR-V to one MSL library --------------------===//
//
// SPIRV-Cross compiles one entry point at a time. Each export is compiled on
// its own (from the module less the other entry points' code) with its
// bindings in descriptor set 0, mapped to an argument
// buffer at [[buffer(0)]] (SPIRV-Cross makes argument buffers of sets 0-7
// only; an export of a set past 7 would take its bindings as loose
// [[buffer(n)]] parameters). Its argument buffer struct and parameter
// (spvDescriptorSetBuffer0, spvDescriptorSet0) are then renamed after the
// export's ordinal k, so that every kernel has its own, and the sources are
// merged into one library: the preamble once, each top-level declaration
// once (helpers SPIRV-Cross emits for several kernels are identical text).
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/MetalSPIRV/CrossCompileMSL.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include "mlir/IR/Threading.h"

#include <spirv_cross/spirv_msl.hpp>

#include <set>

using namespace mlir;
using namespace mlir::halc;

namespace {

/// Lines or declarations in first-seen order, each once.
using OrderedStrings =
    llvm::SetVector<std::string, std::vector<std::string>, std::set<std::string>>;

/// The buffer index of the push constants in the binding contract.
constexpr uint32_t kPushConstantBuffer = 3;

/// Replaces each whole identifier `from` in `source` with `to`.
std::string renameIdentifier(StringRef source, StringRef from, StringRef to) {
  std::string renamed;
  auto isIdentifierChar = [](char c) { return llvm::isAlnum(c) || c == '_'; };
  for (size_t at = 0; at < source.size();) {
    size_t found = source.find(from, at);
    if (found == StringRef::npos) {
      renamed += source.substr(at).str();
      break;
    }
    size_t end = found + from.size();
    bool whole = (found == 0 || !isIdentifierChar(source[found - 1])) &&
                 (end == source.size() || !isIdentifierChar(source[end]));
    renamed += source.substr(at, found - at).str();
    renamed += whole ? to.str() : from.str();
    at = end;
  }
  return renamed;
}

/// The words of a SPIR-V binary's header (magic, version, generator, ID
/// bound, schema), before its instructions.
constexpr size_t kHeaderWords = 5;

/// The words of each instruction of a SPIR-V binary (after its header).
SmallVector<ArrayRef<uint32_t>> splitInstructions(ArrayRef<uint32_t> spirv) {
  SmallVector<ArrayRef<uint32_t>> instructions;
  for (size_t at = kHeaderWords; at < spirv.size();) {
    size_t words = spirv[at] >> 16;
    if (words == 0 || at + words > spirv.size())
      break;
    instructions.push_back(spirv.slice(at, words));
    at += words;
  }
  return instructions;
}

/// `spirv` with the entry point `name` only: the other entry points, their
/// execution modes and the functions it does not call are dropped. Each
/// export then costs SPIRV-Cross its own code, not the whole module's
/// (ResNet-50's 61 kernels took 13 s of its time in one module).
std::vector<uint32_t> keepEntryPoint(ArrayRef<uint32_t> spirv, StringRef name) {
  SmallVector<ArrayRef<uint32_t>> instructions = splitInstructions(spirv);
  auto opcode = [](ArrayRef<uint32_t> instruction) {
    return static_cast<spv::Op>(instruction[0] & 0xffff);
  };
  // The entry point's function, and each function's callees.
  uint32_t entry = 0;
  llvm::DenseMap<uint32_t, SmallVector<uint32_t>> callees;
  uint32_t function = 0;
  for (ArrayRef<uint32_t> instruction : instructions) {
    spv::Op op = opcode(instruction);
    if (op == spv::OpEntryPoint && instruction.size() > 3 &&
        StringRef(reinterpret_cast<const char *>(&instruction[3])) == name)
      entry = instruction[2];
    else if (op == spv::OpFunction && instruction.size() > 2)
      function = instruction[2];
    else if (op == spv::OpFunctionCall && instruction.size() > 3)
      callees[function].push_back(instruction[3]);
  }
  llvm::SetVector<uint32_t> reachable;
  reachable.insert(entry);
  for (size_t i = 0; i < reachable.size(); ++i)
    for (uint32_t callee : callees.lookup(reachable[i]))
      reachable.insert(callee);

  std::vector<uint32_t> kept(spirv.begin(), spirv.begin() + kHeaderWords);
  bool keepFunction = true;
  for (ArrayRef<uint32_t> instruction : instructions) {
    spv::Op op = opcode(instruction);
    if (op == spv::OpFunction)
      keepFunction = reachable.contains(instruction[2]);
    bool otherEntry =
        (op == spv::OpEntryPoint && instruction[2] != entry) ||
        ((op == spv::OpExecutionMode || op == spv::OpExecutionModeId) &&
         instruction[1] != entry);
    if (keepFunction && !otherEntry)
      kept.insert(kept.end(), instruction.begin(), instruction.end());
    if (op == spv::OpFunctionEnd)
      keepFunction = true;
  }
  return kept;
}

/// `source` with [[max_total_threads_per_threadgroup(N)]] on the kernel of
/// `entryPoint`: Metal then knows the threadgroup size is at most its own.
std::string declareMaxThreads(StringRef source,
                              const MSLEntryPoint &entryPoint) {
  std::string kernel = "kernel void " + entryPoint.name + "(";
  size_t at = source.find(kernel);
  if (at == StringRef::npos)
    return source.str();
  const std::array<uint32_t, 3> &size = entryPoint.threadgroupSize;
  return (source.substr(0, at) + "[[max_total_threads_per_threadgroup(" +
          Twine(size[0] * size[1] * size[2]) + ")]]\n" + source.substr(at))
      .str();
}

/// Compiles the entry point `name` (export `ordinal`, of the threadgroup
/// size in `entryPoint`) alone. Returns the MSL and sets the entry point's
/// MSL name, or sets `error`.
std::string compileEntryPoint(ArrayRef<uint32_t> spirv, StringRef name,
                              uint32_t ordinal, const MSLOptions &options,
                              MSLEntryPoint &entryPoint, std::string &error) {
  constexpr uint32_t set = 0;
  try {
    spirv_cross::CompilerMSL compiler(spirv.data(), spirv.size());
    compiler.set_entry_point(name.str(), spv::ExecutionModelGLCompute);
    spirv_cross::ShaderResources resources =
        compiler.get_shader_resources(compiler.get_active_interface_variables());
    for (const spirv_cross::Resource &buffer : resources.storage_buffers)
      compiler.set_decoration(buffer.id, spv::DecorationDescriptorSet, set);

    spirv_cross::CompilerMSL::Options msl;
    msl.set_msl_version(options.versionMajor, options.versionMinor);
    msl.platform = options.platform == MetalPlatform::MacOS
                       ? spirv_cross::CompilerMSL::Options::macOS
                       : spirv_cross::CompilerMSL::Options::iOS;
    msl.argument_buffers = true;
    // Apple7 and later GPUs have the simd-group functions on iOS too (MSL
    // 2.3 on); SPIRV-Cross would use quad functions otherwise.
    msl.ios_use_simdgroup_functions =
        options.platform != MetalPlatform::MacOS &&
        (options.versionMajor > 2 ||
         (options.versionMajor == 2 && options.versionMinor >= 3));
    compiler.set_msl_options(msl);

    spirv_cross::MSLResourceBinding argumentBuffer;
    argumentBuffer.stage = spv::ExecutionModelGLCompute;
    argumentBuffer.desc_set = set;
    argumentBuffer.binding = spirv_cross::kArgumentBufferBinding;
    argumentBuffer.msl_buffer = 0;
    compiler.add_msl_resource_binding(argumentBuffer);
    spirv_cross::MSLResourceBinding pushConstants;
    pushConstants.stage = spv::ExecutionModelGLCompute;
    pushConstants.desc_set = spirv_cross::kPushConstDescSet;
    pushConstants.binding = spirv_cross::kPushConstBinding;
    pushConstants.msl_buffer = kPushConstantBuffer;
    compiler.add_msl_resource_binding(pushConstants);

    std::string source = compiler.compile();
    entryPoint.name = compiler.get_cleansed_entry_point_name(
        name.str(), spv::ExecutionModelGLCompute);
    std::string suffix = std::to_string(ordinal);
    source = renameIdentifier(source, "spvDescriptorSetBuffer0",
                              "spvDescriptorSetBuffer" + suffix);
    source = renameIdentifier(source, "spvDescriptorSet0",
                              "spvDescriptorSet" + suffix);
    return declareMaxThreads(source, entryPoint);
  } catch (const spirv_cross::CompilerError &e) {
    error = e.what();
    return "";
  }
}

/// Whether `line` belongs to the preamble every SPIRV-Cross output starts
/// with (includes, pragmas, `using namespace`).
bool isPreamble(StringRef line) {
  return line.starts_with("#include") || line.starts_with("#pragma") ||
         line.starts_with("using namespace");
}

/// Appends the top-level declarations of `source` (blank lines outside any
/// braces separate them) to `declarations`, and its preamble lines to
/// `preamble`, each once.
void collect(StringRef source, OrderedStrings &preamble, OrderedStrings &declarations) {
  SmallVector<StringRef> lines;
  source.split(lines, '\n');
  std::string block;
  int depth = 0;
  for (StringRef line : lines) {
    if (depth == 0 && isPreamble(line)) {
      preamble.insert(line.str());
      continue;
    }
    if (depth == 0 && line.trim().empty()) {
      if (!block.empty())
        declarations.insert(block);
      block.clear();
      continue;
    }
    depth += line.count('{') - line.count('}');
    block += line.str() + "\n";
  }
  if (!block.empty())
    declarations.insert(block);
}

} // namespace

FailureOr<MSLLibrary>
mlir::halc::crossCompileToMSL(ExecutableOp executable,
                              ArrayRef<uint32_t> spirv,
                              const MSLOptions &options) {
  MSLLibrary library;
  library.options = options;
  SmallVector<ExportOp> exports = getExportsInOrder(executable);
  for (ExportOp exportOp : exports) {
    std::optional<ArrayRef<int64_t>> workgroupSize =
        exportOp.getWorkgroupSize();
    if (!workgroupSize || llvm::is_contained(*workgroupSize, 0))
      return exportOp.emitOpError("has no workgroup size for its threadgroups");
    MSLEntryPoint &entryPoint = library.entryPoints.emplace_back();
    llvm::copy(*workgroupSize, entryPoint.threadgroupSize.begin());
  }
  // Each export alone, on all cores (SPIRV-Cross instances share nothing);
  // the library is put together in export order after.
  std::vector<std::string> sources(exports.size()), errors(exports.size());
  parallelFor(executable.getContext(), 0, exports.size(), [&](size_t i) {
    StringRef name = exports[i].getSymName();
    sources[i] = compileEntryPoint(keepEntryPoint(spirv, name), name,
                                   exports[i].getOrdinal(), options,
                                   library.entryPoints[i], errors[i]);
  });
  OrderedStrings preamble, declarations;
  llvm::StringSet<> names;
  for (auto [exportOp, entryPoint, source, error] :
       llvm::zip_equal(exports, library.entryPoints, sources, errors)) {
    if (!error.empty())
      return executable.emitError("SPIRV-Cross cannot compile @")
             << exportOp.getSymName() << " to MSL: " << error;
    if (!names.insert(entryPoint.name).second)
      return exportOp.emitOpError("has MSL name '")
             << entryPoint.name << "', which another export already has";
    collect(source, preamble, declarations);
  }
  library.source = llvm::join(preamble, "\n") + "\n\n" +
                   llvm::join(declarations, "\n");
  return library;
}
