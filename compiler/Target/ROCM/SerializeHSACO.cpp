//===- SerializeHSACO.cpp - LLVM dialect kernels to an HSACO --------------===//
//
// ld.lld runs as a subprocess (ld.lld-22 from Debian's lld-22): the in-process
// library would link lld's ELF driver into every halc binary, and a
// subprocess keeps a linker crash from taking the compiler down.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/ROCM/SerializeHSACO.h"

#include "compiler/Target/Subprocess.h"

#include "mlir/IR/Threading.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/IPO/Internalize.h"

extern "C" {
void LLVMInitializeAMDGPUTargetInfo();
void LLVMInitializeAMDGPUTarget();
void LLVMInitializeAMDGPUTargetMC();
void LLVMInitializeAMDGPUAsmPrinter();
}

using namespace mlir;
using namespace mlir::halc;

namespace {

constexpr const char *kTriple = "amdgcn-amd-amdhsa";

/// Whether `module` calls a device library function (ocml or ockl).
bool callsDeviceLibraries(const llvm::Module &module) {
  for (const llvm::Function &function : module)
    if (function.isDeclaration() &&
        (function.getName().starts_with("__ocml_") ||
         function.getName().starts_with("__ockl_")))
      return true;
  return false;
}

/// Code object version 5; generic targets exist from version 6 on.
int codeObjectVersion(const ROCMOptions &options) {
  return StringRef(options.chip->name).ends_with("-generic") ? 600 : 500;
}

/// Defines the __oclc_* controls the device libraries read, for the chip.
void defineDeviceLibraryControls(llvm::Module &module,
                                 const ROCMOptions &options) {
  llvm::LLVMContext &context = module.getContext();
  auto define = [&](StringRef name, llvm::Type *type, uint64_t value) {
    auto *global = new llvm::GlobalVariable(
        module, type, /*isConstant=*/true, llvm::GlobalValue::LinkOnceODRLinkage,
        llvm::ConstantInt::get(type, value), name, nullptr,
        llvm::GlobalValue::NotThreadLocal, /*AddressSpace=*/4);
    global->setVisibility(llvm::GlobalValue::ProtectedVisibility);
  };
  llvm::Type *i8 = llvm::Type::getInt8Ty(context);
  llvm::Type *i32 = llvm::Type::getInt32Ty(context);
  define("__oclc_ISA_version", i32, options.chip->isaVersion);
  define("__oclc_ABI_version", i32, codeObjectVersion(options));
  define("__oclc_wavefrontsize64", i8, options.waveSize == 64);
  define("__oclc_finite_only_opt", i8, 0);
  define("__oclc_unsafe_math_opt", i8, 0);
  define("__oclc_daz_opt", i8, 0);
  define("__oclc_correctly_rounded_sqrt32", i8, 1);
}

LogicalResult linkDeviceLibraries(ExecutableOp executable, llvm::Module &module,
                                  const ROCMOptions &options) {
  defineDeviceLibraryControls(module, options);
  for (StringRef library : {"ocml.bc", "ockl.bc"}) {
    llvm::SmallString<256> path(options.bitcodeDir);
    llvm::sys::path::append(path, library);
    auto buffer = llvm::MemoryBuffer::getFile(path);
    if (!buffer)
      return executable.emitError("cannot read the device library ")
             << path << " (--iree-rocm-bc-dir): "
             << buffer.getError().message();
    llvm::Expected<std::unique_ptr<llvm::Module>> bitcode =
        llvm::parseBitcodeFile((*buffer)->getMemBufferRef(),
                               module.getContext());
    if (!bitcode)
      return executable.emitError("cannot parse ")
             << path << ": " << llvm::toString(bitcode.takeError());
    (*bitcode)->setTargetTriple(module.getTargetTriple());
    (*bitcode)->setDataLayout(module.getDataLayout());
    if (llvm::Linker::linkModules(
            module, std::move(*bitcode), llvm::Linker::LinkOnlyNeeded,
            [](llvm::Module &linked, const llvm::StringSet<> &) {
              // Only the kernels stay visible.
              llvm::internalizeModule(linked, [](const llvm::GlobalValue &g) {
                auto *function = llvm::dyn_cast<llvm::Function>(&g);
                return function && function->getCallingConv() ==
                                       llvm::CallingConv::AMDGPU_KERNEL;
              });
            }))
      return executable.emitError("cannot link ") << path;
  }
  return success();
}

/// What ld.lld makes of `objects` with `mode` ("-shared": an HSACO, "-r":
/// one relocatable object); fills `error` on failure.
std::optional<std::string> runLinker(ArrayRef<std::string> objects,
                                     StringRef mode, std::string &error) {
  llvm::ErrorOr<std::string> lld = llvm::sys::findProgramByName(
      "ld.lld", {"/usr/lib/llvm-22/bin"});
  if (!lld) {
    error = "ld.lld is not installed (Debian: lld-22)";
    return std::nullopt;
  }
  llvm::SmallString<128> directory;
  if (llvm::sys::fs::createUniqueDirectory("halc-hsaco", directory)) {
    error = "cannot create a temporary directory";
    return std::nullopt;
  }
  llvm::scope_exit cleanup([&] {
    // A leftover temporary directory does not fail the compilation.
    if (std::error_code ec = llvm::sys::fs::remove_directories(directory))
      llvm::errs() << "warning: cannot remove " << directory << ": "
                   << ec.message() << "\n";
  });
  std::vector<std::string> command = {*lld, mode.str()};
  for (auto [index, object] : llvm::enumerate(objects)) {
    llvm::SmallString<256> objectPath(directory);
    llvm::sys::path::append(objectPath, "part" + Twine(index) + ".o");
    std::error_code ec;
    llvm::raw_fd_ostream file(objectPath, ec);
    if (ec) {
      error = "cannot write " + objectPath.str().str();
      return std::nullopt;
    }
    file << object;
    command.push_back(objectPath.str().str());
  }
  llvm::SmallString<256> outputPath(directory);
  llvm::sys::path::append(outputPath, "linked");
  command.push_back("-o");
  command.push_back(outputPath.str().str());
  if (!runProgram(command, error))
    return std::nullopt;
  auto output = llvm::MemoryBuffer::getFile(outputPath, /*IsText=*/false);
  if (!output) {
    error = "ld.lld wrote no " + outputPath.str().str();
    return std::nullopt;
  }
  return (*output)->getBuffer().str();
}

/// Executables of more kernels are code-generated in up to this many parts
/// at once, one object each (as clang's -flto-partitions does for AMDGPU):
/// LLVM's AMDGPU backend is most of a large executable's compile time. Fixed,
/// not the machine's core count, so that the code object is the same on
/// every machine.
constexpr unsigned kMaxCodegenParts = 8;

/// The kernels `module` defines.
unsigned countKernels(const llvm::Module &module) {
  return llvm::count_if(module, [](const llvm::Function &function) {
    return !function.isDeclaration() &&
           function.getCallingConv() == llvm::CallingConv::AMDGPU_KERNEL;
  });
}

/// `module` split by AMDGPU's module splitting (each part holds its kernels
/// and what they use) into at most `parts` modules of one kernel or more,
/// each as bitcode: a part is read back into a context of its own, so that
/// parts are code-generated on several threads.
SmallVector<SmallString<0>> splitIntoBitcode(llvm::Module &module,
                                             llvm::TargetMachine &machine,
                                             unsigned parts) {
  SmallVector<SmallString<0>> bitcode;
  auto write = [&](const llvm::Module &part) {
    llvm::raw_svector_ostream stream(bitcode.emplace_back());
    llvm::WriteBitcodeToFile(part, stream);
  };
  bool split = machine.splitModule(module, parts,
                                   [&](std::unique_ptr<llvm::Module> part) {
                                     if (countKernels(*part) != 0)
                                       write(*part);
                                   });
  if (!split)
    write(module);
  return bitcode;
}

/// The AMDGPU target machine for the chip, features and wave size.
FailureOr<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(ExecutableOp executable, const ROCMOptions &options) {
  static bool initialized = [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
    return true;
  }();
  (void)initialized;
  std::string features = options.features;
  features += std::string(features.empty() ? "" : ",") +
              (options.waveSize == 64 ? "+wavefrontsize64" : "+wavefrontsize32");
  return createGPUTargetMachine(executable, kTriple, "AMDGPU",
                                options.chip->name, features,
                                llvm::Reloc::PIC_);
}

} // namespace

FailureOr<std::shared_ptr<OwnedLLVMModule>>
mlir::halc::translateToLLVMIR(ExecutableOp executable,
                              const ROCMOptions &options) {
  FailureOr<std::unique_ptr<llvm::TargetMachine>> machine =
      createTargetMachine(executable, options);
  if (failed(machine))
    return failure();
  FailureOr<std::shared_ptr<OwnedLLVMModule>> owned =
      translateKernelsToLLVMIR(executable, **machine);
  if (failed(owned))
    return failure();
  llvm::Module &module = *(*owned)->module;
  module.addModuleFlag(llvm::Module::Error, "amdhsa_code_object_version",
                       codeObjectVersion(options));
  if (callsDeviceLibraries(module) &&
      failed(linkDeviceLibraries(executable, module, options)))
    return failure();
  optimizeForTarget(module, **machine);
  if (failed(checkNoExternalFunctions(executable, module,
                                      "which no device library defines")))
    return failure();
  return owned;
}

FailureOr<std::string> mlir::halc::compileToObject(ExecutableOp executable,
                                                   llvm::Module &module,
                                                   const ROCMOptions &options) {
  auto fail = [&](const Twine &what) {
    return executable.emitError("LLVM cannot emit an object for ")
           << options.chip->name << what;
  };
  FailureOr<std::unique_ptr<llvm::TargetMachine>> machine =
      createTargetMachine(executable, options);
  if (failed(machine))
    return failure();
  unsigned parts = std::min(kMaxCodegenParts, countKernels(module));
  if (parts <= 1) {
    std::optional<std::string> object =
        emitForTarget(module, **machine, llvm::CodeGenFileType::ObjectFile);
    if (!object)
      return fail("");
    return *object;
  }

  SmallVector<SmallString<0>> bitcode =
      splitIntoBitcode(module, **machine, parts);
  // A target machine per part, made here where a failure is a diagnostic.
  SmallVector<std::unique_ptr<llvm::TargetMachine>> machines;
  for (size_t i = 0; i < bitcode.size(); ++i) {
    FailureOr<std::unique_ptr<llvm::TargetMachine>> partMachine =
        createTargetMachine(executable, options);
    if (failed(partMachine))
      return failure();
    machines.push_back(std::move(*partMachine));
  }
  SmallVector<std::optional<std::string>> partObjects(bitcode.size());
  parallelFor(executable.getContext(), 0, bitcode.size(), [&](size_t i) {
    llvm::LLVMContext context;
    llvm::Expected<std::unique_ptr<llvm::Module>> part = llvm::parseBitcodeFile(
        llvm::MemoryBufferRef(bitcode[i], "part"), context);
    if (!part) {
      llvm::consumeError(part.takeError());
      return;
    }
    partObjects[i] =
        emitForTarget(**part, *machines[i], llvm::CodeGenFileType::ObjectFile);
  });
  std::vector<std::string> objects;
  for (auto [index, object] : llvm::enumerate(partObjects)) {
    if (!object)
      return fail(" (part " + Twine(index) + ")");
    objects.push_back(std::move(*object));
  }
  std::string error;
  std::optional<std::string> object = runLinker(objects, "-r", error);
  if (!object)
    return executable.emitError("cannot link the parts of the object: ")
           << error;
  return *object;
}

FailureOr<std::string> mlir::halc::linkHSACO(ExecutableOp executable,
                                             StringRef object) {
  std::string error;
  std::optional<std::string> hsaco =
      runLinker({object.str()}, "-shared", error);
  if (!hsaco)
    return executable.emitError("cannot link the HSACO: ") << error;
  return *hsaco;
}
