#!/usr/bin/env bash
# Configures (once) and builds halc into build/ with ninja and ccache, its
# Python package for Debian's python3 (which python3-numpy is for).
set -euo pipefail
cd "$(dirname "$0")/.."
# ccache keys on paths relative to the checkout: a clone elsewhere (CI's)
# reuses what this one compiled.
export CCACHE_BASEDIR="$PWD"
if [[ ! -f build/build.ninja ]]; then
  cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release \
    -DPython3_EXECUTABLE=/usr/bin/python3
fi
ninja -C build
