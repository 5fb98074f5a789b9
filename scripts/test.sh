#!/usr/bin/env bash
# The README's second command (and .ci/run): install what is missing, build,
# and run every test: the IR tests (lit + FileCheck), the GoogleTest cases,
# the numeric end-to-end tests on lavapipe and through the MSL executor, the
# Python package's pytest files and the installed tree (the CMake package
# with an application outside the build, the installed Python package), the
# last commit's C++ changes under clang-format and clang-tidy, and, from an
# ASan/UBSan build of halc with its asserts on, every IR test again (the
# bad inputs of every target included), the runtime's GoogleTest cases,
# every e2e Vulkan run again and a minute of each fuzz harness, the
# compiler's and the runtime's (all through lit). The last line is the
# summary: "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
scripts/build-sanitize.sh

status=0
/usr/lib/llvm-22/bin/lit -sv build/test/lit build/test/unit build/test/e2e \
  build/test/package build/test/onnx build/test/style \
  build-sanitize/test/lit build-sanitize/test/unit build-sanitize/test/fuzz \
  --param sanitized_halc_run=build-sanitize/tools/halc-run/halc-run \
  --param halc_compile=build/tools/halc-compile/halc-compile \
  --param serving_module=build/test/unit/serving.halm \
  -o build/test/lit-results.json || status=$?
python3 scripts/summarize-lit.py build/test/lit-results.json
exit "$status"
