//===- SerializePTX.cpp - LLVM dialect kernels to PTX ---------------------===//
//
// LLVM's NVPTX backend in-process; the CUDA driver compiles the PTX for the
// GPU it runs on when it loads it. Upstream's NVVM lowering calls libdevice
// (__nv_*) for math that NVPTX has instructions for; halc, which links no
// libdevice, defines those few functions with the LLVM intrinsics NVPTX
// selects, and inlines them.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/CUDA/SerializePTX.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

using namespace mlir;
using namespace mlir::halc;

namespace {

constexpr const char *kTriple = "nvptx64-nvidia-cuda";

/// libdevice functions (f32 and f64 forms) that are one LLVM intrinsic.
struct LibdeviceIntrinsic {
  const char *f32, *f64;
  llvm::Intrinsic::ID intrinsic;
};

constexpr LibdeviceIntrinsic kLibdeviceIntrinsics[] = {
    {"__nv_fabsf", "__nv_fabs", llvm::Intrinsic::fabs},
    {"__nv_floorf", "__nv_floor", llvm::Intrinsic::floor},
    {"__nv_ceilf", "__nv_ceil", llvm::Intrinsic::ceil},
    {"__nv_truncf", "__nv_trunc", llvm::Intrinsic::trunc},
    {"__nv_rintf", "__nv_rint", llvm::Intrinsic::rint},
    {"__nv_sqrtf", "__nv_sqrt", llvm::Intrinsic::sqrt},
    {"__nv_fmaf", "__nv_fma", llvm::Intrinsic::fma},
    {"__nv_copysignf", "__nv_copysign", llvm::Intrinsic::copysign},
    {"__nv_fminf", "__nv_fmin", llvm::Intrinsic::minnum},
    {"__nv_fmaxf", "__nv_fmax", llvm::Intrinsic::maxnum},
};

/// Gives each declared libdevice function of kLibdeviceIntrinsics (and
/// __nv_fmodf, frem) a body, inlined where it is called.
void defineLibdeviceIntrinsics(llvm::Module &module) {
  for (llvm::Function &function : module) {
    if (!function.isDeclaration())
      continue;
    StringRef name = function.getName();
    const LibdeviceIntrinsic *found =
        llvm::find_if(kLibdeviceIntrinsics, [&](const LibdeviceIntrinsic &i) {
          return name == i.f32 || name == i.f64;
        });
    bool isFmod = name == "__nv_fmodf" || name == "__nv_fmod";
    if (found == std::end(kLibdeviceIntrinsics) && !isFmod)
      continue;
    llvm::IRBuilder<> builder(
        llvm::BasicBlock::Create(module.getContext(), "entry", &function));
    SmallVector<llvm::Value *> arguments;
    for (llvm::Argument &argument : function.args())
      arguments.push_back(&argument);
    llvm::Value *result =
        isFmod ? builder.CreateFRem(arguments[0], arguments[1])
               : builder.CreateIntrinsic(function.getReturnType(),
                                         found->intrinsic, arguments);
    builder.CreateRet(result);
    function.setLinkage(llvm::GlobalValue::InternalLinkage);
    function.addFnAttr(llvm::Attribute::AlwaysInline);
  }
}

FailureOr<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(ExecutableOp executable, const NVPTXOptions &options) {
  static bool initialized = [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    return true;
  }();
  (void)initialized;
  return createGPUTargetMachine(executable, kTriple, "NVPTX", options.arch,
                                options.features, std::nullopt);
}

} // namespace

FailureOr<std::shared_ptr<OwnedLLVMModule>>
mlir::halc::translateToNVPTXIR(ExecutableOp executable,
                               const NVPTXOptions &options) {
  FailureOr<std::unique_ptr<llvm::TargetMachine>> machine =
      createTargetMachine(executable, options);
  if (failed(machine))
    return failure();
  FailureOr<std::shared_ptr<OwnedLLVMModule>> owned =
      translateKernelsToLLVMIR(executable, **machine);
  if (failed(owned))
    return failure();
  defineLibdeviceIntrinsics(*(*owned)->module);
  optimizeForTarget(*(*owned)->module, **machine);
  if (failed(checkNoExternalFunctions(
          executable, *(*owned)->module,
          "which halc cannot define without libdevice")))
    return failure();
  return owned;
}

FailureOr<std::string> mlir::halc::compileToPTX(ExecutableOp executable,
                                                llvm::Module &module,
                                                const NVPTXOptions &options) {
  FailureOr<std::unique_ptr<llvm::TargetMachine>> machine =
      createTargetMachine(executable, options);
  if (failed(machine))
    return failure();
  std::optional<std::string> ptx =
      emitForTarget(module, **machine, llvm::CodeGenFileType::AssemblyFile);
  if (!ptx)
    return executable.emitError("LLVM cannot emit PTX for ") << options.arch;
  return *ptx;
}
