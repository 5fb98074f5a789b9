// --help shows halc's flags in their own groups, apart from LLVM's.
// RUN: halc-compile --help | FileCheck %s
// CHECK: General options:
// CHECK: halc executable options:
// CHECK-EMPTY:
// CHECK-NEXT: --iree-hal-executable-debug-level=
// CHECK: halc metal-spirv target options:
// CHECK-EMPTY:
// CHECK-NEXT: --iree-metal-compile-to-metallib
// CHECK-NEXT: --iree-metal-gpu-family=
// CHECK-NEXT: --iree-metal-msl-version=
// CHECK-NEXT: --iree-metal-target-os-version=
// CHECK-NEXT: --iree-metal-target-platform=
// CHECK: --iree-metal-toolchain-dir=
// CHECK: halc vulkan-spirv target options:
// CHECK-EMPTY:
// CHECK-NEXT: --iree-vulkan-target=
// CHECK: halc-compile options:
// CHECK-DAG: --compile-to=
// CHECK-DAG: --iree-hal-target-backends=
// CHECK-DAG: --iree-hal-dump-executable-intermediates-to=
// CHECK-DAG: --print-summary
