// RUN: halc-opt %s -pass-pipeline='builtin.module(halc.executable(halc-lower-vectors))' | FileCheck %s

// A 4-element piece of an 8-wide row built element by element (the dot
// products of a contraction with B transposed): the elements it picks, with
// no 8-wide vector left, which no GPU target has.
// CHECK-LABEL: func.func @f
// CHECK: %[[A:.+]] = memref.load %{{.+}}[%c0]
// CHECK: %[[B:.+]] = memref.load %{{.+}}[%c4]
// CHECK: %[[PIECE:.+]] = vector.from_elements %[[A]], %[[B]], %[[A]], %[[B]] : vector<4xf32>
// CHECK: vector.store %[[PIECE]]
// CHECK-NOT: vector<8xf32>
halc.executable @shuffle_of_elements target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @f ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([1, 1, 1])
  builtin.module {
    func.func @f(%in: memref<8xf32>, %out: memref<8xf32>) {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %base = arith.constant dense<0.0> : vector<8xf32>
      %a = memref.load %in[%c0] : memref<8xf32>
      %b = memref.load %in[%c4] : memref<8xf32>
      %v0 = vector.insert %a, %base [0] : f32 into vector<8xf32>
      %v1 = vector.insert %b, %v0 [1] : f32 into vector<8xf32>
      %v2 = vector.insert %a, %v1 [2] : f32 into vector<8xf32>
      %v3 = vector.insert %b, %v2 [3] : f32 into vector<8xf32>
      %lo = vector.shuffle %v3, %v3 [0, 1, 2, 3] : vector<8xf32>, vector<8xf32>
      vector.store %lo, %out[%c0] : memref<8xf32>, vector<4xf32>
      return
    }
  }
}
