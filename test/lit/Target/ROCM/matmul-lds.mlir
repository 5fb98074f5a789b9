// A 2048² f32 matmul on AMD: the staged contraction strategy (128x128 tiles,
// 16x4 a thread, K steps of 32) keeps each step's tiles of A and B in LDS
// (128x36 + 32x132 floats: 35,328 bytes, within the 64 KiB of a workgroup on
// gfx942), copies and reads them 128 bits at a time, and fits its registers
// without spilling (no scratch).
// RUN: rm -rf %t && halc-compile %S/../../../../bench/kernels/matmul_2048.mlir --iree-hal-target-backends=rocm --iree-rocm-target=gfx942 --compile-to=executable -o %t.hip1 --iree-hal-dump-executable-intermediates-to=%t
// RUN: llvm-readelf --notes %t/module_linked.10.hsaco.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: llvm-objdump -d %t/module_linked.10.hsaco.hsaco | FileCheck %s --check-prefix=CODE
// NOTES: .group_segment_fixed_size: 35328
// NOTES: .private_segment_fixed_size: 0
// NOTES: .vgpr_spill_count: 0
// CODE: global_load_dwordx4
// CODE: ds_{{write|store}}_b128
// CODE: s_barrier
// CODE: ds_{{read|load}}_b128
// CODE: v_{{.*}}fma
