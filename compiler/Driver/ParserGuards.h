//===- ParserGuards.h - MLIR text the parser must not be given --*- C++ -*-===//
//
// Text on which MLIR 22's parser would crash rather than fail is refused
// before it is parsed, with the place and the reason.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_DRIVER_PARSERGUARDS_H
#define HALC_DRIVER_PARSERGUARDS_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>
#include <string>

namespace mlir::halc {

/// The deepest nesting of brackets an MLIR input may have.
constexpr int kMaxInputNesting = 1000;

/// Where an input goes wrong, and how.
struct UnparsableText {
  size_t offset;
  std::string reason;
};

/// The first place in `text` (strings and comments aside) that the parser
/// cannot take:
///  - a bracket nested deeper than kMaxInputNesting levels (the parser and
///    the passes recurse once per level);
///  - an op's custom-form `dimensions =` or `permutation =` (linalg.reduce's,
///    linalg.broadcast's, linalg.transpose's) not followed by a list of
///    64-bit integers in brackets: upstream's parser of those ops keeps the
///    null attribute of a failed parse and crashes on it.
/// None when there is no such place.
std::optional<UnparsableText> findUnparsableText(llvm::StringRef text);

} // namespace mlir::halc

#endif // HALC_DRIVER_PARSERGUARDS_H
