#!/usr/bin/env bash
# Configures (once) and builds halc with clang under ASan and UBSan, with
# halc's own asserts, into build-sanitize/: the compiler's tools (halc-opt,
# halc-compile) that the IR tests run again, the runtime, its drivers,
# halc-run and the runtime's GoogleTest cases, and the libFuzzer harnesses
# of the compiler's input path and the runtime's entry points. -O0: the
# sanitized compiler builds in half the time -O1 takes on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
# ccache keys on paths relative to the checkout: a clone elsewhere (CI's)
# reuses what this one compiled.
export CCACHE_BASEDIR="$PWD"
if [[ ! -f build-sanitize/build.ninja ]]; then
  CC=clang-22 CXX=clang++-22 cmake -G Ninja -S . -B build-sanitize \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS_RELEASE=-O0 \
    -DCMAKE_CXX_FLAGS_RELEASE=-O0 -DHALC_SANITIZE=ON -DHALC_ASSERTIONS=ON \
    -DPython3_EXECUTABLE=/usr/bin/python3
fi
ninja -C build-sanitize halc-opt halc-compile halc-run halc-dump halc-metallib \
  RuntimeTests DriverTests ServingTests \
  CompileFuzzer ExecutableFuzzer ModuleFuzzer CallFuzzer
