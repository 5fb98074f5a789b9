// --help shows halc's flags in their own groups and MLIR's (the pass
// manager, timing, IR printing); the options of the LLVM libraries linked
// in (backends, polly, ...) only under --help-hidden.
// RUN: halc-compile --help | FileCheck %s
// RUN: halc-compile --help-hidden | FileCheck %s --check-prefix=HIDDEN
// CHECK-NOT: General options:
// CHECK-NOT: polly
// CHECK: Generic Options:
// CHECK: --help
// CHECK: MLIR options:
// CHECK-EMPTY:
// CHECK-NEXT: --mlir-disable-threading
// CHECK: --mlir-print-ir-after-all
// CHECK: --mlir-timing
// CHECK-NEXT: --mlir-timing-display=
// CHECK: halc cuda target options:
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
// CHECK: halc rocm target options:
// CHECK: halc vulkan-spirv target options:
// CHECK-EMPTY:
// CHECK-NEXT: --iree-vulkan-target=
// CHECK: halc-compile options:
// CHECK-DAG: --compile-to=
// CHECK-DAG: --iree-hal-target-backends=<string> {{ *}}- Target backend to compile for: cuda, metal-spirv, rocm, vulkan-spirv
// CHECK-DAG: --iree-hal-dump-executable-intermediates-to=
// CHECK-DAG: --print-summary
// CHECK-NOT: polly
// HIDDEN: --polly
