// Reductions of few long rows on AMD: the lanes of a wave combine through
// DPP/ds_swizzle shuffles, the waves of a workgroup through LDS (a
// group segment of one float per wave: 512 lanes of 64-wide waves on gfx942,
// of 32-wide ones on gfx1100), with a barrier between the write and the read.
// RUN: rm -rf %t.gfx942 && halc-compile %S/../Inputs/long-row-reductions.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.gfx942.hip1 --iree-hal-dump-executable-intermediates-to=%t.gfx942
// RUN: llvm-readelf --notes %t.gfx942/module_linked.10.hsaco.hsaco | FileCheck %s --check-prefix=WAVE64
// RUN: llvm-objdump -d %t.gfx942/module_linked.10.hsaco.hsaco | FileCheck %s --check-prefix=CODE
// RUN: rm -rf %t.gfx1100 && halc-compile %S/../Inputs/long-row-reductions.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx1100 --compile-to=executable -o %t.gfx1100.hip1 --iree-hal-dump-executable-intermediates-to=%t.gfx1100
// RUN: llvm-readelf --notes %t.gfx1100/module_linked.10.hsaco.hsaco | FileCheck %s --check-prefix=WAVE32
// RUN: llvm-objdump -d %t.gfx1100/module_linked.10.hsaco.hsaco | FileCheck %s --check-prefix=CODE
// WAVE64: .group_segment_fixed_size: 32
// WAVE64: .name: row_sum_max_dispatch_0
// WAVE64: .group_segment_fixed_size: 32
// WAVE64: .name: row_sum_max_dispatch_1
// WAVE32: .group_segment_fixed_size: 64
// WAVE32: .name: row_sum_max_dispatch_0
// WAVE32: .group_segment_fixed_size: 64
// WAVE32: .name: row_sum_max_dispatch_1
// CODE-LABEL: <row_sum_max_dispatch_0>:
// CODE: ds_{{write|store}}_b32
// CODE: s_barrier
// CODE: ds_{{read|load}}
// CODE-LABEL: <row_sum_max_dispatch_1>:
// CODE: ds_{{write|store}}_b32
// CODE: s_barrier
// CODE: ds_{{read|load}}
