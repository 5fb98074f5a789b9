//===- InputNesting.h - How deep MLIR text nests ----------------*- C++ -*-===//
//
// The parser and the passes recurse once per level of nested IR: text nested
// deeper than halc-compile's stack allows is refused before it is parsed.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_DRIVER_INPUTNESTING_H
#define HALC_DRIVER_INPUTNESTING_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>

namespace mlir::halc {

/// The deepest nesting of brackets an MLIR input may have.
constexpr int kMaxInputNesting = 1000;

/// The offset in `text` of the first bracket that nests deeper than
/// kMaxInputNesting levels (brackets in strings and comments do not count);
/// none when the text stays within it.
std::optional<size_t> findExcessiveNesting(llvm::StringRef text);

} // namespace mlir::halc

#endif // HALC_DRIVER_INPUTNESTING_H
