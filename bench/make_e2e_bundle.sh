#!/usr/bin/env bash
# Makes the e2e bundle for a GPU machine without a compiler: every e2e file
# (but the two that test the test tools) run here on lavapipe on random
# inputs, the results that match the CPU reference kept as the expected ones
# (test/e2e/run_e2e.py --bundle), then the file compiled for the NVIDIA GPU
# in its place (--iree-vulkan-target=nvidia: 32-lane subgroups, which
# lavapipe does not have) and for cuda (--iree-cuda-target=sm_80). Check it
# there with test/e2e/run_bundle.sh HALC_RUN DIR [vulkan|cuda].
#   bench/make_e2e_bundle.sh DIR
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$1
rm -rf "$dir"
export PATH="$PWD/build/tools/halc-compile:$PWD/build/tools/halc-run:$PATH"
export HALC_VULKAN_DEVICE=llvmpipe
for input in test/e2e/*.mlir; do
  case $(basename "$input") in
    wrong-kernel.mlir | msl-executor-self-test.mlir) continue ;;
  esac
  # The sizes its own e2e test runs the dynamic functions at.
  sizes=$(grep -o -m1 -- '--dynamic-sizes=[^ ]*' "$input" || true)
  python3 test/e2e/run_e2e.py --bundle="$dir" --bundle-cuda-target=sm_80 \
    ${sizes:+"$sizes"} "$input" --iree-vulkan-target=lavapipe >/dev/null ||
    echo "warning: $input: some results did not match on lavapipe" >&2
  halc-compile "$input" --iree-vulkan-target=nvidia \
    -o "$dir/$(basename "$input" .mlir).halm"
done
echo "$(wc -l <"$dir/manifest.txt") runs in $dir"
