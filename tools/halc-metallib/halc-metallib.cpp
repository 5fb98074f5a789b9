//===- halc-metallib.cpp - Package the MSL of an MTL1 as metallibs --------===//
//
//   halc-metallib in.mtl1 -o out.mtl1 [--drop-sources]
//   halc-metallib in.mtl1 --extract-sources=DIR
//
// The offline packaging step for executables compiled where there was no
// Metal toolchain: compiles each library's MSL with the toolchain (found as
// halc-compile finds it) and writes a new MTL1 with the metallibs embedded,
// or writes each library's source to DIR/<name>.<library>.metal for a person
// to compile on a Mac. The input is verified by the runtime's loader first.
//
//===----------------------------------------------------------------------===//

#include "compiler/Serialization/BinaryHeader.h"
#include "compiler/Target/MetalSPIRV/MetalFlags.h"
#include "schemas/binary_header.h"

#include "halc/runtime.h"

#include "metal_executable_def_generated.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir::halc;
namespace cl = llvm::cl;
namespace mtl = iree::hal::metal;

static cl::OptionCategory category("halc-metallib options");
static cl::opt<std::string> inputFilename(cl::Positional, cl::Required,
                                          cl::desc("<input .mtl1>"),
                                          cl::cat(category));
static cl::opt<std::string> outputFilename(
    "o", cl::desc("Write the MTL1 with metallibs embedded here"),
    cl::value_desc("filename"), cl::cat(category));
static cl::opt<std::string> extractSources(
    "extract-sources",
    cl::desc("Write each library's MSL to DIR/<input name>.<library>.metal"),
    cl::value_desc("DIR"), cl::cat(category));
static cl::opt<bool> dropSources(
    "drop-sources", cl::desc("Leave the MSL out of the new MTL1"),
    cl::init(false), cl::cat(category));
static int fail(const llvm::Twine &message) {
  llvm::errs() << "error: " << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions({&category, &getMetalOptionCategory()});
  cl::ParseCommandLineOptions(
      argc, argv, "halc-metallib: compile the MSL of MTL1 executables\n");
  if (outputFilename.empty() && extractSources.empty())
    return fail("nothing to do: give -o and/or --extract-sources");

  auto input = llvm::MemoryBuffer::getFile(inputFilename, /*IsText=*/false);
  if (!input)
    return fail("cannot read " + inputFilename + ": " +
                input.getError().message());
  llvm::StringRef bytes = (*input)->getBuffer();
  halc_executable_t *verified = nullptr;
  if (halc_status_t status =
          halc_executable_load(bytes.data(), bytes.size(), &verified)) {
    std::string message = halc_status_message(status);
    halc_status_free(status);
    return fail(message);
  }
  bool isMetal = halc_executable_format(verified) == HALC_EXECUTABLE_FORMAT_MTL1;
  halc_executable_free(verified);
  if (!isMetal)
    return fail(inputFilename + " is not a Metal executable (MTL1)");

  std::unique_ptr<mtl::ExecutableDefT> executable =
      mtl::UnPackExecutableDef(bytes.data() + HALC_BINARY_HEADER_SIZE);

  if (!extractSources.empty()) {
    if (std::error_code ec = llvm::sys::fs::create_directories(extractSources))
      return fail("cannot create " + extractSources + ": " + ec.message());
    llvm::StringRef stem = llvm::sys::path::stem(inputFilename);
    for (size_t i = 0; i < executable->libraries.size(); ++i) {
      const auto &source = executable->libraries[i]->source;
      if (!source || source->code.empty())
        return fail("library " + llvm::Twine(i) + " has no MSL source");
      llvm::SmallString<256> path(extractSources);
      llvm::sys::path::append(path, stem + "." + llvm::Twine(i) + ".metal");
      std::error_code ec;
      llvm::raw_fd_ostream file(path, ec);
      if (ec)
        return fail("cannot write " + path + ": " + ec.message());
      file << source->code;
      llvm::outs() << "wrote " << path << "\n";
    }
  }
  if (outputFilename.empty())
    return 0;

  std::optional<MetalToolchain> toolchain =
      findMetalToolchain(getMetalToolchainDirFlag(), getMetalPlatformFlag());
  if (!toolchain)
    return fail(getMetalToolchainDirFlag().empty()
                    ? std::string("no Metal toolchain: xcrun is not on PATH "
                                  "(use --extract-sources and compile on a "
                                  "Mac, or --iree-metal-toolchain-dir)")
                    : "no metal and metallib in " +
                          getMetalToolchainDirFlag());
  for (size_t i = 0; i < executable->libraries.size(); ++i) {
    mtl::LibraryDefT &library = *executable->libraries[i];
    if (!library.source || library.source->code.empty())
      return fail("library " + llvm::Twine(i) + " has no MSL source");
    MSLOptions options;
    options.platform = getMetalPlatformFlag();
    options.versionMajor = library.source->version >> 16;
    options.versionMinor = library.source->version & 0xffff;
    std::string error;
    if (!setOSVersion(options, getMetalOSVersionFlag(), error))
      return fail("library " + llvm::Twine(i) + ": " + error);
    std::optional<std::string> metallib =
        compileMetallib(*toolchain, library.source->code, options, error);
    if (!metallib)
      return fail("library " + llvm::Twine(i) + ": the Metal toolchain (" +
                  toolchain->description + ") failed: " + error);
    library.metallib = *metallib;
    if (dropSources)
      library.source->code.clear();
  }

  flatbuffers::FlatBufferBuilder builder;
  builder.Finish(mtl::ExecutableDef::Pack(builder, executable.get()),
                 mtl::ExecutableDefIdentifier());
  std::vector<uint8_t> file = mlir::halc::wrapInBinaryHeader(
      mtl::ExecutableDefIdentifier(),
      llvm::ArrayRef<uint8_t>(builder.GetBufferPointer(), builder.GetSize()));
  llvm::Error error = llvm::writeToOutput(
      outputFilename, [&](llvm::raw_ostream &os) -> llvm::Error {
        os.write(reinterpret_cast<const char *>(file.data()), file.size());
        return llvm::Error::success();
      });
  if (error)
    return fail("cannot write " + outputFilename + ": " +
                llvm::toString(std::move(error)));
  return 0;
}
