// --help shows halc's flags in their own groups, apart from LLVM's.
// RUN: halc-compile --help | FileCheck %s
// CHECK: General options:
// CHECK: halc metal-spirv target options:
// CHECK-EMPTY:
// CHECK-NEXT: --iree-metal-gpu-family=
// CHECK: halc vulkan-spirv target options:
// CHECK-EMPTY:
// CHECK-NEXT: --iree-vulkan-target=
// CHECK: halc-compile options:
// CHECK-DAG: --compile-to=
// CHECK-DAG: --iree-hal-target-backends=
// CHECK-DAG: --iree-hal-dump-executable-intermediates-to=
// CHECK-DAG: --print-summary
