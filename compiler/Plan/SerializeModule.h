//===- SerializeModule.h - The HALM file of a whole module ------*- C++ -*-===//

#ifndef HALC_PLAN_SERIALIZEMODULE_H
#define HALC_PLAN_SERIALIZEMODULE_H

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace mlir::halc {

/// An executable binary, by the symbol of the executable it came from.
struct NamedBinary {
  std::string name;
  std::vector<uint8_t> bytes;
};

/// The HALM binary (header + FlatBuffer, schemas/module_def.fbs) of `module`
/// after dispatch formation: `executables` embedded as they are (with the
/// backend of their executable's target description), and for
/// each public function the plan its halc.dispatch ops describe. `source`
/// is the input file's text, kept for CPU reference runs. Reports an error
/// on a function it cannot plan.
FailureOr<std::vector<uint8_t>>
serializeModule(ModuleOp module, ArrayRef<NamedBinary> executables,
                StringRef sourcePath, StringRef source);

} // namespace mlir::halc

#endif // HALC_PLAN_SERIALIZEMODULE_H
