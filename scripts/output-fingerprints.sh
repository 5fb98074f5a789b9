#!/usr/bin/env bash
# Prints the SHA-256 of what halc-compile writes for every e2e input and
# every target (the module file, and the executable where the input forms
# one), one line each: a refactoring that must not change the output
# compares this against scripts/output-fingerprints.baseline.
#   scripts/output-fingerprints.sh [HALC_COMPILE]
set -euo pipefail
cd "$(dirname "$0")/.."
compiler=${1:-build/tools/halc-compile/halc-compile}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
targets=(
  "vulkan --iree-hal-target-backends=vulkan-spirv --iree-vulkan-target=lavapipe"
  "metal --iree-hal-target-backends=metal-spirv --iree-metal-compile-to-metallib=false"
  "rocm --iree-hal-target-backends=rocm --iree-rocm-target=gfx942"
)
for input in test/e2e/*.mlir; do
  stem=$(basename "$input" .mlir)
  for target in "${targets[@]}"; do
    read -r name flags <<<"$target"
    for phase in end executable; do
      out="$work/$stem.$name.$phase"
      # shellcheck disable=SC2086
      if "$compiler" "$input" $flags --compile-to=$phase -o "$out" 2>/dev/null; then
        echo "$(sha256sum <"$out" | cut -d' ' -f1) $stem $name $phase"
      else
        echo "error $stem $name $phase"
      fi
    done
  done
done
