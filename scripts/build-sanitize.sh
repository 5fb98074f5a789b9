#!/usr/bin/env bash
# Configures (once) and builds the runtime, its drivers, halc-run, the
# runtime's GoogleTest cases and the fuzz harnesses with clang under ASan and
# UBSan into build-sanitize/ (a runtime-only build: no LLVM, no MLIR).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ! -f build-sanitize/build.ninja ]]; then
  CC=clang-22 CXX=clang++-22 cmake -G Ninja -S . -B build-sanitize \
    -DCMAKE_BUILD_TYPE=Release -DHALC_RUNTIME_ONLY=ON -DHALC_SANITIZE=ON
fi
ninja -C build-sanitize
