//===- SanitizerOptions.cpp - ASan's defaults for halc's sanitized tools --===//
//
// Linked into the sanitized tools that link LLVM and MLIR (halc-compile,
// halc-opt, halc-run, CompileFuzzer). Debian built those libraries without
// ASan; the inline code of LLVM's bump allocator, compiled into halc's
// instrumented objects, poisons the slabs it starts, and the library's own
// copy of that code then hands the memory out without unpoisoning it. Manual
// poisoning is therefore off: ASan still checks every heap, stack and global
// access of halc's code.
//
//===----------------------------------------------------------------------===//

extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}
