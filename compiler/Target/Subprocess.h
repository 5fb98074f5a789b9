//===- Subprocess.h - Running external tools ---------------------*- C++ -*-===//

#ifndef HALC_TARGET_SUBPROCESS_H
#define HALC_TARGET_SUBPROCESS_H

#include <string>
#include <vector>

namespace mlir::halc {

/// Runs `command` (the program, then its arguments). On failure fills
/// `error` with the command, why it failed and what it printed.
bool runProgram(const std::vector<std::string> &command, std::string &error);

} // namespace mlir::halc

#endif // HALC_TARGET_SUBPROCESS_H
