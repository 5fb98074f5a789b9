// Bad input: one diagnostic at file:line:col (with a note naming the
// target), exit code 1, no output file.
// RUN: rm -f %t.spv
// RUN: not halc-compile %S/Inputs/malformed.mlir -o %t.spv 2>&1 | FileCheck %s --check-prefix=MALFORMED --implicit-check-not=error:
// RUN: not ls %t.spv
// MALFORMED: malformed.mlir:4:3: error: custom op 'linalg.frobnicate' is unknown

// RUN: not halc-compile %S/Inputs/unsupported-op.mlir -o %t.spv 2>&1 | FileCheck %s --check-prefix=BADOP --implicit-check-not=error:
// RUN: not ls %t.spv
// BADOP: unsupported-op.mlir:5:8: error: 'scf.for' is not supported
// BADOP: unsupported-op.mlir:5:8: note: compiling for target 'vulkan-spirv'

// RUN: not halc-compile %S/Inputs/dynamic-dim-index.mlir -o %t.spv 2>&1 | FileCheck %s --check-prefix=DYNAMIC --implicit-check-not=error:
// RUN: not ls %t.spv
// DYNAMIC: dynamic-dim-index.mlir:4:8: error: halc computes sizes on the host only for a constant dimension index
// DYNAMIC: dynamic-dim-index.mlir:4:8: note: compiling for target 'vulkan-spirv'

// RUN: not halc-compile %S/Inputs/too-many-bindings.mlir -o %t.spv 2>&1 | FileCheck %s --check-prefix=BINDINGS --implicit-check-not=error:
// RUN: not ls %t.spv
// BINDINGS: too-many-bindings.mlir:5:8: error: 'halc.export' op has 17 bindings; at most 16 are supported

// A type the target cannot store names the binding and the missing feature.
// RUN: not halc-compile %S/Inputs/f16.mlir -o %t.spv --iree-vulkan-target=portable 2>&1 | FileCheck %s --check-prefix=FEATURE --implicit-check-not=error:
// RUN: not ls %t.spv
// FEATURE: f16.mlir:1:17: error: binding 0 of @half holds 'f16', which needs the 'fp16' feature that target 'portable' lacks
// FEATURE: f16.mlir:1:17: note: compiling for target 'vulkan-spirv' (portable)

// Unknown flags values list the known ones.
// RUN: not halc-compile %S/Inputs/f16.mlir --iree-hal-target-backends=llvm-cpu 2>&1 | FileCheck %s --check-prefix=BACKEND
// BACKEND: error: unknown --iree-hal-target-backends 'llvm-cpu'; known are: cuda, metal-spirv, rocm, vulkan-spirv
// RUN: not halc-compile %S/Inputs/f16.mlir --iree-vulkan-target=gfx942 2>&1 | FileCheck %s --check-prefix=VULKAN
// VULKAN: error: unknown --iree-vulkan-target 'gfx942'; known are: portable, nvidia, lavapipe
// RUN: not halc-compile %S/Inputs/f16.mlir --compile-to=llvm 2>&1 | FileCheck %s --check-prefix=PHASE
// PHASE: error: unknown --compile-to 'llvm' for target 'vulkan-spirv'; known are: input, dispatch-creation, executable-configurations, tile-and-distribute, vectorize, bufferize, lower-to-loops, spirv-dialect, spirv, vke1, end, executable, executable-targets

// A debug level outside 0..3 is refused when the flags are read.
// RUN: not halc-compile %S/Inputs/f16.mlir --iree-hal-executable-debug-level=7 2>&1 | FileCheck %s --check-prefix=DEBUG-LEVEL
// DEBUG-LEVEL: for the --iree-hal-executable-debug-level option: '7' is not a debug level (0 to 3)
// RUN: not halc-compile %S/Inputs/f16.mlir --iree-hal-executable-debug-level=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE-LEVEL
// NEGATIVE-LEVEL: for the --iree-hal-executable-debug-level option: '-1' is not a debug level (0 to 3)

// A function that returns nothing computes nothing: its module has no
// executable and runs no dispatch; asking for the executable is an error.
// RUN: halc-compile %S/Inputs/no-results.mlir -o %t.nothing.halm
// RUN: halc-dump %t.nothing.halm | FileCheck %s --check-prefix=NOTHING
// NOTHING: HALM module: 0 executable(s), 1 function(s)
// RUN: not halc-compile %S/Inputs/no-results.mlir --compile-to=executable -o %t.nothing.vk1 2>&1 | FileCheck %s --check-prefix=NO-EXECUTABLE --implicit-check-not=error:
// RUN: not ls %t.nothing.vk1
// NO-EXECUTABLE: no-results.mlir:2:1: error: the input computes nothing on the GPU (no function returns a result), so there is no executable to write

// An output that cannot be written.
// RUN: not halc-compile %S/Inputs/f16.mlir --iree-vulkan-target=lavapipe -o %t.missing-dir/out.halm 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: error: cannot write {{.*}}missing-dir/out.halm

// Workgroup buffers that each fit but not together (a hand-written config's
// padded result next to its staged inputs) are refused at the op, for every
// target, not run into a lost device.
// RUN: not halc-compile %S/Inputs/edge-result-too-large.mlir --iree-vulkan-target=nvidia -o %t.wg.halm 2>&1 | FileCheck %s --check-prefix=WORKGROUP-MEMORY --implicit-check-not=error:
// RUN: not ls %t.wg.halm
// RUN: not halc-compile %S/Inputs/edge-result-too-large.mlir --iree-hal-target-backends=cuda --iree-cuda-target=sm_80 -o %t.wg.halm 2>&1 | FileCheck %s --check-prefix=WORKGROUP-MEMORY --implicit-check-not=error:
// RUN: not ls %t.wg.halm
// WORKGROUP-MEMORY: edge-result-too-large.mlir:9:8: error: dispatch @mm needs 129792 bytes of workgroup memory (3 buffers); the target has 49152

// bf16 cooperative matrices are loaded from workgroup memory only (upstream's
// MMA types have no bf16; halc loads them as bf16 from its own tiles): a
// lowering_config that leaves B in its binding is refused at the matmul.
// RUN: not halc-compile %S/Inputs/bf16-matrices-unstaged.mlir --iree-vulkan-target=nvidia -o %t.bf16.halm 2>&1 | FileCheck %s --check-prefix=BF16-UNSTAGED --implicit-check-not=error:
// RUN: not ls %t.bf16.halm
// BF16-UNSTAGED: bf16-matrices-unstaged.mlir:7:8: error: reads bf16 matrices from outside workgroup memory, which halc cannot load as bf16
