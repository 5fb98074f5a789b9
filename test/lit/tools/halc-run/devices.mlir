// --device picks where the dispatches run. Without an AMD GPU (or without
// the HIP runtime) --device=hip names what is missing and exits 1, as
// --device=cuda does without the CUDA driver and --device=vulkan without
// the Vulkan loader (each opened when its device is, none linked); an
// unknown device lists the known ones.
// RUN: halc-compile %s --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 -o %t.rocm.halm
// RUN: not halc-run %t.rocm.halm --device=hip --input=4xf32=1 2>&1 | FileCheck %s --check-prefix=HIP
// RUN: env HALC_HIP_LIBRARY=%t.missing.so not halc-run %t.rocm.halm --device=hip --input=4xf32=1 2>&1 | FileCheck %s --check-prefix=NO-RUNTIME
// RUN: env HALC_CUDA_LIBRARY=%t.missing.so not halc-run %t.rocm.halm --device=cuda --input=4xf32=1 2>&1 | FileCheck %s --check-prefix=NO-CUDA
// RUN: env HALC_VULKAN_LIBRARY=%t.missing.so not halc-run %t.rocm.halm --device=vulkan --input=4xf32=1 2>&1 | FileCheck %s --check-prefix=NO-VULKAN
// RUN: not halc-run %t.rocm.halm --device=metal --input=4xf32=1 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// HIP: error: no HIP {{device: the HIP runtime loaded but found no AMD GPU|runtime: cannot load}}
// NO-RUNTIME: error: no HIP runtime: cannot load
// NO-CUDA: error: no CUDA driver: cannot load
// NO-VULKAN: error: no Vulkan loader: cannot load
// UNKNOWN: error: --device=metal: known are vulkan, hip, cuda, msl-cpu
func.func @neg(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.negf ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
