//===- CompileFuzzer.cpp - Fuzzing halc-compile's input path --------------===//
//
// Any bytes given as MLIR text go where halc-compile takes them: the nesting
// check and the other guards of the parser, the parser, then vulkan-spirv's
// first stages (input, the dispatch regions, the configurations). Each fails
// with a diagnostic or succeeds; none crashes, trips an assert, leaks or
// reaches undefined behavior.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/HALC/HALCDialect.h"
#include "compiler/Driver/Compiler.h"
#include "compiler/Driver/ParserGuards.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/thread.h"

#include <cstddef>
#include <cstdint>

using namespace mlir;
using namespace mlir::halc;

namespace {

const DialectRegistry &getRegistry() {
  static const DialectRegistry *registry = [] {
    auto *made = new DialectRegistry();
    registerAllDialects(*made);
    registerAllExtensions(*made);
    made->insert<HALCDialect>();
    registerAllTargetBackends();
    return made;
  }();
  return *registry;
}

void compileText(StringRef text) {
  if (findUnparsableText(text))
    return;
  MLIRContext context(getRegistry(), MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);
  ScopedDiagnosticHandler ignoreDiagnostics(
      &context, [](Diagnostic &) { return success(); });
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "input.mlir"), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return;
  CompileOptions options;
  options.backend = lookupTargetBackend("vulkan-spirv");
  options.compileTo = "executable-configurations";
  options.stageOptions.inputType = resolveInputType(*module, InputType::Auto);
  options.stageOptions.sourcePath = "input.mlir";
  (void)compileModule(*module, options);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  StringRef text(reinterpret_cast<const char *>(data), size);
  // halc-compile's stack: the parser and the passes recurse per level.
  llvm::thread compiler(std::optional<unsigned>(256u << 20),
                        [text] { compileText(text); });
  compiler.join();
  return 0;
}
