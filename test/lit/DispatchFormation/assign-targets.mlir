// RUN: halc-opt %s --split-input-file --halc-assign-targets | FileCheck %s

// The module's target description goes onto each executable without one;
// one already there stays.
// CHECK-LABEL: {{^}}module attributes {halc.target
// CHECK: halc.executable @first target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe"
// CHECK: halc.executable @second target(#halc.target<backend = "metal-spirv", arch = "apple7"
module attributes {halc.target = #halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8, 4]>} {
  halc.executable @first {
    builtin.module {}
  }
  halc.executable @second target(#halc.target<backend = "metal-spirv", arch = "apple7", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [32], configuration = {msl_version = "3.0", platform = "macos"}>) {
    builtin.module {}
  }
}

// -----

// Without a module target nothing changes.
// CHECK-LABEL: {{^}}module {
// CHECK: halc.executable @untargeted {
module {
  halc.executable @untargeted {
    builtin.module {}
  }
}
