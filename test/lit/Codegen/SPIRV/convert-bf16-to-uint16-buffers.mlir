// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(halc.executable(halc-outline-spirv-kernels,arith-emulate-unsupported-floats{source-types=bf16 target-type=f32},halc-convert-bf16-to-uint16-buffers))' | FileCheck %s

// After upstream's emulation has moved the arithmetic to f32, bf16 is only
// moved: kernel arguments, workgroup memory, loads, stores, loop-carried
// values and constants become i16, the widening is a shift of the bits
// into an f32, the rounding upstream's round-to-nearest-even on them, and
// a subgroup reduction reduces in f32.
// CHECK: gpu.func @kernel(%[[IN:.+]]: memref<64xi16> {{.+}}, %[[OUT:.+]]: memref<64xi16> {{.+}})
// CHECK-DAG: %[[ONE:.+]] = arith.constant 16256 : i16
// CHECK-DAG: %[[SHARED:.+]] = memref.alloc() : memref<64xi16, #gpu.address_space<workgroup>>
// CHECK: %[[X:.+]] = memref.load %[[IN]][%{{.+}}] : memref<64xi16>
// CHECK: %[[SUM:.+]] = scf.for {{.+}} iter_args(%[[ACC:.+]] = %[[ONE]]) -> (i16)
// CHECK: arith.extui %[[ACC]] : i16 to i32
// CHECK: arith.shli
// CHECK: arith.bitcast %{{.+}} : i32 to f32
// CHECK: arith.addf %{{.+}}, %{{.+}} : f32
// CHECK: arith.trunci %{{.+}} : i32 to i16
// CHECK: %[[ROUNDED:.+]] = arith.select %{{.+}}, %{{.+}}, %{{.+}} : i16
// CHECK: scf.yield %[[ROUNDED]] : i16
// CHECK: memref.store %[[SUM]], %[[SHARED]][%{{.+}}] : memref<64xi16, #gpu.address_space<workgroup>>
// CHECK: gpu.subgroup_reduce maximumf %{{.+}} : (f32) -> f32
// CHECK: memref.store %{{.+}}, %[[OUT]][%{{.+}}] : memref<64xi16>
// CHECK-NOT: bf16
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = int16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @kernel ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([64, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @kernel(%in: memref<64xbf16>, %out: memref<64xbf16>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %one = arith.constant 1.0 : bf16
      %shared = memref.alloc() : memref<64xbf16, #gpu.address_space<workgroup>>
      %tid = gpu.thread_id x
      %x = memref.load %in[%tid] : memref<64xbf16>
      %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %one) -> (bf16) {
        %s = arith.addf %acc, %x : bf16
        scf.yield %s : bf16
      }
      memref.store %sum, %shared[%tid] : memref<64xbf16, #gpu.address_space<workgroup>>
      %y = memref.load %shared[%tid] : memref<64xbf16, #gpu.address_space<workgroup>>
      %m = gpu.subgroup_reduce maximumf %y : (bf16) -> bf16
      memref.store %m, %out[%tid] : memref<64xbf16>
      return
    }
  }
}

// -----

// A bitcast of bf16 to f16 (the copy of a bf16 tile into the f16 workgroup
// array of cooperative matrices) is one of its i16 bits to f16.
// CHECK-LABEL: gpu.func @to_f16
// CHECK: %[[BITS:.+]] = vector.load %{{.+}}[%{{.+}}] : memref<64xi16>, vector<4xi16>
// CHECK: %[[HALVES:.+]] = arith.bitcast %[[BITS]] : vector<4xi16> to vector<4xf16>
// CHECK: vector.store %[[HALVES]], %{{.+}}[%{{.+}}] : memref<64xf16, #gpu.address_space<workgroup>>, vector<4xf16>
halc.executable @exe target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16|int16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @to_f16 ordinal(0) layout(#halc.layout<bindings = [read_only]>) workgroup_size([16, 1, 1]) workgroup_count([1, 1, 1])
  builtin.module {
    func.func @to_f16(%in: memref<64xbf16>) {
      %tile = memref.alloc() : memref<64xf16, #gpu.address_space<workgroup>>
      %x = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %i = arith.muli %x, %c4 : index
      %v = vector.load %in[%i] : memref<64xbf16>, vector<4xbf16>
      %h = arith.bitcast %v : vector<4xbf16> to vector<4xf16>
      vector.store %h, %tile[%i] : memref<64xf16, #gpu.address_space<workgroup>>, vector<4xf16>
      return
    }
  }
}
