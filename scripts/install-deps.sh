#!/usr/bin/env bash
# Installs the Debian 12 packages halc needs to build and test; installs
# nothing that is already there. Run as root.
set -euo pipefail

packages=(
  # Build.
  cmake ninja-build ccache g++ pkg-config
  # LLVM/MLIR 22: shared libraries, headers, lit and FileCheck, lld.
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools lld-22 liblld-22-dev
  # SPIR-V: validation (library and spirv-val), SPIRV-Cross for Metal.
  spirv-tools libspirv-cross-c-shared-dev spirv-cross
  # FlatBuffers for the executable formats.
  libflatbuffers-dev flatbuffers-compiler
  # Vulkan: headers and loader, and Mesa's lavapipe to run kernels on the CPU.
  libvulkan-dev mesa-vulkan-drivers
  # ROCm: device bitcode (ocml, ockl) and the HIP headers the HIP driver
  # builds against (it loads libamdhip64 at run time).
  rocm-device-libs libamdhip64-dev
  # Unit tests.
  libgtest-dev
  # The Python package (NumPy) and its tests (pytest).
  python3-dev python3-numpy python3-pytest
  # The MSL executor (test/msl): clang compiles Metal kernels for the CPU;
  # with its sanitizer and libFuzzer runtimes, the ASan/UBSan build of the
  # runtime and its fuzz harnesses.
  clang-22 libclang-rt-22-dev
  # Style checks of a change (scripts/check-style.sh).
  clang-format-22 clang-tidy-22
  # The ONNX importer (libonnx: protobuf model, checker, shape inference) and
  # its tests: ONNX's backend conformance suite, models written with the onnx
  # package and exported from PyTorch.
  libonnx-dev libprotobuf-dev libonnx-testdata python3-onnx python3-torch
  python3-torchvision
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages are installed"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
if [[ $(id -u) -ne 0 ]]; then
  echo "install-deps: run as root to install packages" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
