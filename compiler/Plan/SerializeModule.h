//===- SerializeModule.h - The HALM file of a whole module ------*- C++ -*-===//

#ifndef HALC_PLAN_SERIALIZEMODULE_H
#define HALC_PLAN_SERIALIZEMODULE_H

#include "compiler/Plan/Plan.h"

#include <string>
#include <vector>

namespace mlir::halc {

/// An executable binary, by the symbol of the executable it came from.
struct NamedBinary {
  std::string name;
  std::vector<uint8_t> bytes;
};

/// The HALM binary (header + FlatBuffer, schemas/module_def.fbs) of `plan`,
/// with `executables` (the binaries of the plan's executables, in its
/// order) embedded as they are. `source` is the input file's text, kept for
/// CPU reference runs.
std::vector<uint8_t> serializeModule(const plan::ModulePlan &plan,
                                     ArrayRef<NamedBinary> executables,
                                     StringRef sourcePath, StringRef source);

} // namespace mlir::halc

#endif // HALC_PLAN_SERIALIZEMODULE_H
