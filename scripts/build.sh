#!/usr/bin/env bash
# Configures (once) and builds halc into build/ with ninja and ccache.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ! -f build/build.ninja ]]; then
  cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release
fi
ninja -C build
