//===- CPUReference.h - Running the input MLIR on the CPU -------*- C++ -*-===//
//
// halc-run --reference=cpu: the same function, compiled from the same input
// by upstream MLIR's own lowering (one-shot bufferize → loops → LLVM) and run
// with MLIR's ExecutionEngine; an independent answer to compare with. Only
// the host build has it: it links LLVM and MLIR, the rest of halc-run does
// not.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_TOOLS_HALC_RUN_CPUREFERENCE_H
#define HALC_TOOLS_HALC_RUN_CPUREFERENCE_H

#include "Tensor.h"

#include <string>
#include <vector>

namespace halc {

/// Runs function `name` of the MLIR module `source` on `inputs`; `results`
/// come in with their types and shapes set and leave with their values.
bool runOnCPU(const std::string &source, const std::string &name,
              const std::vector<Tensor> &inputs, std::vector<Tensor> &results,
              std::string &error);

} // namespace halc

#endif // HALC_TOOLS_HALC_RUN_CPUREFERENCE_H
