#!/usr/bin/env bash
# The README's first command: install what is missing, build, and compile
# examples/matmul.mlir for the GPU (Metal and Vulkan), printing a summary.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
mkdir -p build/examples
for target in metal-spirv vulkan-spirv; do
  build/tools/halc-compile/halc-compile examples/matmul.mlir \
    --iree-hal-target-backends="$target" --compile-to=spirv \
    -o "build/examples/matmul.$target.spv" --print-summary
  spirv-val "build/examples/matmul.$target.spv"
  echo "  wrote build/examples/matmul.$target.spv (spirv-val: valid)"
done
