#!/usr/bin/env bash
# The README's second command (and .ci/run): install what is missing, build,
# and run every test: the IR tests (lit + FileCheck), the GoogleTest cases and
# the numeric end-to-end tests on lavapipe (through lit too). The last line is
# the summary: "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh

status=0
/usr/lib/llvm-22/bin/lit -sv build/test/lit build/test/unit build/test/e2e -o build/test/lit-results.json ||
  status=$?
python3 scripts/summarize-lit.py build/test/lit-results.json
exit "$status"
