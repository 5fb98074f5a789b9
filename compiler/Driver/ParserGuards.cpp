//===- ParserGuards.cpp - MLIR text the parser must not be given ----------===//

#include "compiler/Driver/ParserGuards.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>

using namespace mlir::halc;

namespace {

bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$';
}

/// Whether the keyword at `at` is followed by `=` and then by neither `[`
/// nor `array<`.
bool hasUnparsableArray(llvm::StringRef text, size_t at, size_t length) {
  llvm::StringRef rest = text.drop_front(at + length).ltrim();
  if (!rest.consume_front("="))
    return false;
  rest = rest.ltrim();
  return !rest.starts_with("[") && !rest.starts_with("array<");
}

} // namespace

std::optional<UnparsableText>
mlir::halc::findUnparsableText(llvm::StringRef text) {
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
    } else if (c == '/' && text.substr(i, 2) == "//") {
      i = std::min(text.find('\n', i), text.size());
    } else if (c == '{' || c == '(' || c == '[') {
      if (++depth > kMaxInputNesting)
        return UnparsableText{i, "the input nests deeper than " +
                                     llvm::Twine(kMaxInputNesting).str() +
                                     " levels of brackets"};
    } else if (c == '}' || c == ')' || c == ']') {
      --depth;
    } else if (isIdentifierChar(c) &&
               (i == 0 || !isIdentifierChar(text[i - 1]))) {
      for (llvm::StringRef keyword : {"dimensions", "permutation"})
        if (text.substr(i).starts_with(keyword) &&
            (i + keyword.size() == text.size() ||
             !isIdentifierChar(text[i + keyword.size()])) &&
            hasUnparsableArray(text, i, keyword.size()))
          return UnparsableText{i,
                                "expected '[' after '" + keyword.str() + " ='"};
    }
  }
  return std::nullopt;
}
