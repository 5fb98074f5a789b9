//===- ParserGuards.cpp - MLIR text the parser must not be given ----------===//

#include "compiler/Driver/ParserGuards.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <cstdint>

using namespace mlir::halc;

namespace {

bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$';
}

/// Whether the keyword at `at` is an op's custom-form `keyword = [...]`
/// (not an entry of an attribute dictionary, after `{` or `,`, which the
/// generic attribute parser reads) whose list is not one of 64-bit
/// integers.
bool hasUnparsableArray(llvm::StringRef text, size_t at, size_t length) {
  llvm::StringRef before = text.take_front(at).rtrim();
  if (before.ends_with("{") || before.ends_with(","))
    return false;
  llvm::StringRef rest = text.drop_front(at + length).ltrim();
  if (!rest.consume_front("="))
    return false;
  rest = rest.ltrim();
  if (!rest.consume_front("["))
    return true;
  rest = rest.ltrim();
  if (rest.consume_front("]"))
    return false;
  while (true) {
    // An integer as MLIR's lexer reads one: an optional `-`, decimal or
    // 0x-prefixed hexadecimal digits.
    if (rest.consume_front("-"))
      rest = rest.ltrim();
    size_t digits = 0;
    while (digits < rest.size() &&
           (llvm::isHexDigit(rest[digits]) || (digits == 1 && rest[1] == 'x')))
      ++digits;
    uint64_t value;
    if (rest.take_front(digits).getAsInteger(0, value) ||
        value > uint64_t(INT64_MAX))
      return true;
    rest = rest.drop_front(digits).ltrim();
    if (rest.consume_front("]"))
      return false;
    if (!rest.consume_front(","))
      return true;
    rest = rest.ltrim();
  }
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
          return UnparsableText{i, "expected a list of integers after '" +
                                       keyword.str() + " ='"};
    }
  }
  return std::nullopt;
}
