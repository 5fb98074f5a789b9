//===- CPUReference.cpp - Running the input MLIR on the CPU ---------------===//

#include "CPUReference.h"

#include "compiler/Dialect/HALC/HALCDialect.h"
#include "compiler/Input/DecomposeOps.h"
#include "compiler/Input/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {

/// Upstream's lowering of tensors to the CPU, results as out-parameters,
/// every buffer it allocates freed.
constexpr const char *kPipeline =
    "one-shot-bufferize{bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map},"
    "buffer-results-to-out-params{modify-public-functions hoist-static-allocs},"
    "buffer-deallocation-pipeline,"
    "func.func(convert-linalg-to-loops,convert-scf-to-cf),"
    "expand-strided-metadata,lower-affine,convert-math-to-llvm,"
    "convert-math-to-libm,convert-arith-to-llvm,convert-cf-to-llvm,"
    "finalize-memref-to-llvm,"
    "convert-func-to-llvm,convert-index-to-llvm,reconcile-unrealized-casts";

/// A ranked memref descriptor (allocated, aligned, offset, sizes, strides)
/// over `tensor`'s bytes, row-major.
std::vector<int64_t> describe(const ::halc::Tensor &tensor) {
  int64_t data = reinterpret_cast<int64_t>(tensor.bytes.data());
  std::vector<int64_t> descriptor = {data, data, 0};
  descriptor.insert(descriptor.end(), tensor.shape.begin(), tensor.shape.end());
  std::vector<int64_t> strides(tensor.shape.size(), 1);
  for (size_t d = tensor.shape.size(); d-- > 1;)
    strides[d - 1] = strides[d] * tensor.shape[d];
  descriptor.insert(descriptor.end(), strides.begin(), strides.end());
  return descriptor;
}

} // namespace

bool ::halc::runOnCPU(const std::string &source, const std::string &name,
                    const std::vector<Tensor> &inputs,
                    std::vector<Tensor> &results, std::string &error) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  DialectRegistry registry;
  registerAllDialects(registry);
  // A hand-tuned op keeps its #halc.lowering_config; the reference ignores it.
  registry.insert<mlir::halc::HALCDialect>();
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  registerAllPasses();

  std::string diagnostics;
  llvm::raw_string_ostream diagnosticStream(diagnostics);
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
    diagnosticStream << diagnostic.getLocation() << ": " << diagnostic << "\n";
  });
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(source, &context, "reference-input.mlir");
  if (!module) {
    error = "cannot parse the module's source: " + diagnostics;
    return false;
  }
  auto func = module->lookupSymbol<func::FuncOp>(name);
  if (!func) {
    error = "the module's source has no function @" + name;
    return false;
  }
  func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                UnitAttr::get(&context));
  // Scalar arguments are passed by value (an index as the i32 that
  // halc-convert-index-arguments makes of it), tensors as memref descriptors.
  std::vector<bool> isScalar;
  for (Type type : func.getArgumentTypes())
    isScalar.push_back(type.isIntOrIndexOrFloat());
  PassManager pm(&context);
  // The compiler's lowering of the input to Linalg first (TOSA, arith on
  // tensors).
  mlir::halc::addLowerInputToLinalgPasses(
      pm, mlir::halc::resolveInputType(*module, mlir::halc::InputType::Auto));
  // Softmax, pack and unpack have no loops of their own: upstream's
  // decompositions first, the compiler's own.
  if (failed(mlir::halc::decomposeOps(*module))) {
    error = "cannot decompose for the CPU: " + diagnostics;
    return false;
  }
  if (failed(parsePassPipeline(kPipeline, pm)) || failed(pm.run(*module))) {
    error = "upstream MLIR could not lower @" + name +
            " for the CPU: " + diagnostics;
    return false;
  }
  ExecutionEngineOptions options;
  StringRef runtimeLibraries[] = {HALC_C_RUNNER_UTILS};
  options.sharedLibPaths = runtimeLibraries;
  // The options refer to the transformer (a function_ref): it lives here.
  std::function<llvm::Error(llvm::Module *)> optimize =
      makeOptimizingTransformer(2, 0, nullptr);
  options.transformer = optimize;
  auto engine = ExecutionEngine::create(*module, options);
  if (!engine) {
    error = "cannot JIT-compile the CPU reference: " +
            llvm::toString(engine.takeError()) + " " + diagnostics;
    return false;
  }
  // The C interface takes a pointer to each memref's descriptor, the
  // inputs first, then the results (out-parameters).
  std::vector<std::vector<int64_t>> descriptors;
  descriptors.reserve(inputs.size() + results.size());
  for (const Tensor &input : inputs)
    descriptors.push_back(describe(input));
  for (Tensor &result : results)
    descriptors.push_back(describe(result));
  std::vector<void *> pointers, arguments;
  for (std::vector<int64_t> &descriptor : descriptors)
    pointers.push_back(descriptor.data());
  for (size_t i = 0; i < pointers.size(); ++i)
    arguments.push_back(i < inputs.size() && isScalar[i]
                            ? const_cast<uint8_t *>(inputs[i].bytes.data())
                            : static_cast<void *>(&pointers[i]));
  if (llvm::Error invoked =
          (*engine)->invokePacked("_mlir_ciface_" + name, arguments)) {
    error =
        "cannot run the CPU reference: " + llvm::toString(std::move(invoked));
    return false;
  }
  return true;
}
