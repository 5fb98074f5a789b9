//===- InputNesting.cpp - How deep MLIR text nests ------------------------===//

#include "compiler/Driver/InputNesting.h"

#include <algorithm>

std::optional<size_t> mlir::halc::findExcessiveNesting(llvm::StringRef text) {
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
        return i;
    } else if (c == '}' || c == ')' || c == ']') {
      --depth;
    }
  }
  return std::nullopt;
}
