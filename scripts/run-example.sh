#!/usr/bin/env bash
# The README's first command: install what is missing, build, and compile
# examples/matmul.mlir for the GPU: a Metal executable (MTL1, one MSL library)
# and a Vulkan module file, each summarized by halc-dump; then run the Metal
# module's MSL on the CPU (test/msl) against the CPU reference.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
mkdir -p build/examples
build/tools/halc-compile/halc-compile examples/matmul.mlir \
  --iree-hal-target-backends=metal-spirv --compile-to=executable \
  -o build/examples/matmul.mtl1 --print-summary
build/tools/halc-dump/halc-dump build/examples/matmul.mtl1
echo "  wrote build/examples/matmul.mtl1"
build/tools/halc-compile/halc-compile examples/matmul.mlir \
  --iree-hal-target-backends=metal-spirv -o build/examples/matmul.metal.halm
build/tools/halc-run/halc-run build/examples/matmul.metal.halm --device=msl-cpu \
  --input=128x256xf32=0.5 --input=256x96xf32=0.25 --input=96xf32=1 --reference=cpu
build/tools/halc-compile/halc-compile examples/matmul.mlir \
  --iree-hal-target-backends=vulkan-spirv -o build/examples/matmul.halm
build/tools/halc-dump/halc-dump build/examples/matmul.halm
echo "  wrote build/examples/matmul.halm (run it: build/tools/halc-run/halc-run" \
  "build/examples/matmul.halm --input=128x256xf32=1 --input=256x96xf32=0.5" \
  "--input=96xf32=0 --reference=cpu)"
