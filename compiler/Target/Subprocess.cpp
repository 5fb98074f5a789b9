//===- Subprocess.cpp - Running external tools ----------------------------===//

#include "compiler/Target/Subprocess.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

bool mlir::halc::runProgram(const std::vector<std::string> &command,
                             std::string &error) {
  llvm::SmallString<128> log;
  llvm::sys::fs::createTemporaryFile("halc-tool", "log", log);
  llvm::scope_exit removeLog([&] { llvm::sys::fs::remove(log); });
  std::vector<llvm::StringRef> args(command.begin(), command.end());
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, log.str(),
                                                log.str()};
  std::string message;
  int status = llvm::sys::ExecuteAndWait(args.front(), args, std::nullopt,
                                         redirects, 0, 0, &message);
  if (status == 0)
    return true;
  error = "'";
  for (const std::string &arg : command)
    error += (error.size() > 1 ? " " : "") + arg;
  error += "' failed";
  if (!message.empty())
    error += " (" + message + ")";
  if (auto output = llvm::MemoryBuffer::getFile(log))
    error += ":\n" + (*output)->getBuffer().str();
  return false;
}

