// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(halc.executable(halc-tile-and-distribute,halc-vectorize,halc-bufferize,canonicalize,cse,halc-map-forall-to-gpu,halc-lower-vectors,canonicalize,cse))' | FileCheck %s

// The 4x4 accumulator is read once before the K loop (here: the fill,
// forwarded as zeros), carried through it as four vector<4xf32> registers and
// written once after it; each K step is 16 FMAs on rows of four.
// CHECK-LABEL: halc.executable @matmul
// CHECK: %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK: %[[ACC:.+]]:4 = scf.for %{{.+}} = %c0 to %c32 step %c4 iter_args(%[[C0:.+]] = %[[ZERO]], %[[C1:.+]] = %[[ZERO]], %[[C2:.+]] = %[[ZERO]], %[[C3:.+]] = %[[ZERO]]) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>)
// CHECK-COUNT-8: vector.load {{.*}} : memref<32x32xf32>, vector<4xf32>
// CHECK: vector.fma %{{.+}}, %{{.+}}, %[[C0]] : vector<4xf32>
// CHECK: vector.fma %{{.+}}, %{{.+}}, %[[C1]] : vector<4xf32>
// CHECK: vector.fma %{{.+}}, %{{.+}}, %[[C2]] : vector<4xf32>
// CHECK: vector.fma %{{.+}}, %{{.+}}, %[[C3]] : vector<4xf32>
// CHECK-COUNT-12: vector.fma
// CHECK-NOT: vector.store
// CHECK: scf.yield
// CHECK: vector.store %[[ACC]]#0, %{{.+}} : memref<32x32xf32>, vector<4xf32>
// CHECK: vector.store %[[ACC]]#1
// CHECK: vector.store %[[ACC]]#2
// CHECK: vector.store %[[ACC]]#3
// CHECK-NOT: memref.alloca
// CHECK-NOT: vector<4x4xf32>
halc.executable @matmul target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([4, 4, 1])
  builtin.module {
    func.func @mm(%a: memref<32x32xf32>, %b: memref<32x32xf32>, %out: memref<32x32xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<32x32xf32> to tensor<32x32xf32>
      %1 = bufferization.to_tensor %b restrict : memref<32x32xf32> to tensor<32x32xf32>
      %e = tensor.empty() : tensor<32x32xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [16, 16, 0], workgroup_size = [4, 4, 1], reduction_tile = [4]>}
          ins(%0, %1 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<32x32xf32>, memref<32x32xf32>) -> ()
      return
    }
  }
}

// -----

// An 8x8 accumulator is carried through the K loop as sixteen vector<4xf32>
// pieces (two a row), each step's outer products are FMAs on those pieces,
// and no 8-element vector is left (GPU vectors have four).
// CHECK-LABEL: halc.executable @matmul_8x8
// CHECK: scf.for {{.+}} iter_args({{.+}}) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>)
// CHECK-COUNT-64: vector.fma {{.*}} : vector<4xf32>
// CHECK: scf.yield
// CHECK-COUNT-16: vector.store {{.*}} : memref<64x64xf32>, vector<4xf32>
// CHECK-NOT: vector<8x
// CHECK-NOT: xvector<8xf32>
halc.executable @matmul_8x8 target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([8, 8, 1])
  builtin.module {
    func.func @mm(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %out: memref<64x64xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<64x64xf32> to tensor<64x64xf32>
      %1 = bufferization.to_tensor %b restrict : memref<64x64xf32> to tensor<64x64xf32>
      %e = tensor.empty() : tensor<64x64xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [64, 64, 0], workgroup_size = [8, 8, 1], reduction_tile = [4]>}
          ins(%0, %1 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x64xf32>, memref<64x64xf32>) -> ()
      return
    }
  }
}

// -----

// A broadcast operand is loaded once as a row and reused for both rows of
// the thread's 2x4 tile.
// CHECK-LABEL: halc.executable @bias
// CHECK-DAG: %[[BIAS:.+]] = vector.load %{{.+}} : memref<8xf32>, vector<4xf32>
// CHECK-DAG: %[[ROW0:.+]] = vector.load %{{.+}}[%{{.+}}, %{{.+}}] : memref<4x8xf32>, vector<4xf32>
// CHECK-DAG: %[[ROW1:.+]] = vector.load %{{.+}}[%{{.+}}, %{{.+}}] : memref<4x8xf32>, vector<4xf32>
// CHECK-DAG: arith.addf %[[ROW0]], %[[BIAS]] : vector<4xf32>
// CHECK-DAG: arith.addf %[[ROW1]], %[[BIAS]] : vector<4xf32>
// CHECK-COUNT-2: vector.store {{.*}} : memref<4x8xf32>, vector<4xf32>
// CHECK-NOT: vector<2x4xf32>
halc.executable @bias target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @add ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([2, 2, 1])
  builtin.module {
    func.func @add(%a: memref<4x8xf32>, %b: memref<8xf32>, %out: memref<4x8xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<4x8xf32> to tensor<4x8xf32>
      %1 = bufferization.to_tensor %b restrict : memref<8xf32> to tensor<8xf32>
      %e = tensor.empty() : tensor<4x8xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          ins(%0, %1 : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>)
          attrs = {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [4, 8], workgroup_size = [2, 2, 1]>} {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %s = arith.addf %x, %y : f32
        linalg.yield %s : f32
      } -> tensor<4x8xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<4x8xf32>, memref<4x8xf32>) -> ()
      return
    }
  }
}

// -----

// A 0-d operand (a scalar held in a tensor<f32>) is one scalar load
// broadcast to the row: no 0-d vector is left, which LLVM has no type for.
// CHECK-LABEL: halc.executable @scale
// CHECK: %[[S:.+]] = memref.load %{{.+}}[] : memref<f32>
// CHECK: %[[ROW:.+]] = vector.broadcast %[[S]] : f32 to vector<4xf32>
// CHECK: arith.mulf %{{.+}}, %[[ROW]] : vector<4xf32>
// CHECK-NOT: vector<f32>
halc.executable @scale target(#halc.target<backend = "rocm", arch = "gfx942", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 65536, subgroup_sizes = [64]>) {
  halc.export @scale ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([4, 1, 1])
  builtin.module {
    func.func @scale(%a: memref<16xf32>, %b: memref<f32>, %out: memref<16xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<16xf32> to tensor<16xf32>
      %1 = bufferization.to_tensor %b restrict : memref<f32> to tensor<f32>
      %e = tensor.empty() : tensor<16xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
          ins(%0, %1 : tensor<16xf32>, tensor<f32>) outs(%e : tensor<16xf32>)
          attrs = {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [16], workgroup_size = [4, 1, 1]>} {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %s = arith.mulf %x, %y : f32
        linalg.yield %s : f32
      } -> tensor<16xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<16xf32>, memref<16xf32>) -> ()
      return
    }
  }
}

// -----

// An f16 column sum: each thread's serial loop carries its sum in f32 (the
// hoisted accumulator widened once before the loop, each step's elements
// widened, the sum rounded once after it).
// CHECK-LABEL: halc.executable @f16_column_sum
// CHECK: %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : vector<1xf32>
// CHECK: %[[SUM:.+]] = scf.for {{.+}} iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (vector<1xf32>)
// CHECK-COUNT-4: arith.extf %{{.+}} : vector<1xf16> to vector<1xf32>
// CHECK: %[[A:.+]] = vector.extract %[[ACC]][0] : f32 from vector<1xf32>
// CHECK: vector.reduction <add>, %{{.+}}, %[[A]] : vector<4xf32> into f32
// CHECK: scf.yield %{{.+}} : vector<1xf32>
// CHECK: %[[ROUNDED:.+]] = arith.truncf %[[SUM]] : vector<1xf32> to vector<1xf16>
// CHECK: vector.store %[[ROUNDED]]
halc.executable @f16_column_sum target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @colsum ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([8, 1, 1])
  builtin.module {
    func.func @colsum(%a: memref<4096x8xf16>, %out: memref<8xf16>) {
      %zero = arith.constant 0.0 : f16
      %0 = bufferization.to_tensor %a restrict : memref<4096x8xf16> to tensor<4096x8xf16>
      %e = tensor.empty() : tensor<8xf16>
      %f = linalg.fill ins(%zero : f16) outs(%e : tensor<8xf16>) -> tensor<8xf16>
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]}
          ins(%0 : tensor<4096x8xf16>) outs(%f : tensor<8xf16>)
          attrs = {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [0, 8], workgroup_size = [8, 1, 1], reduction_tile = [4]>} {
      ^bb0(%x: f16, %acc: f16):
        %s = arith.addf %x, %acc : f16
        linalg.yield %s : f16
      } -> tensor<8xf16>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<8xf16>, memref<8xf16>) -> ()
      return
    }
  }
}

// -----

// A multiply with a double-width result (tosa.rescale's scaling) on a 1x4
// tile, which unrolling cannot split (two results): one per element.
// CHECK-LABEL: halc.executable @scale
// CHECK: %[[X:.+]] = vector.load %{{.+}} : memref<5x16xi32>, vector<4xi32>
// CHECK-COUNT-4: arith.mulsi_extended %{{.+}}, %{{.+}} : i32
// CHECK: vector.from_elements %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : vector<4xi32>
// CHECK-NOT: vector<1x4xi32>
halc.executable @scale target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = int8, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @scale ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([4, 5, 1])
  builtin.module {
    func.func @scale(%a: memref<5x16xi32>, %out: memref<5x16xi32>) {
      %m = arith.constant 1518500250 : i32
      %0 = bufferization.to_tensor %a restrict : memref<5x16xi32> to tensor<5x16xi32>
      %e = tensor.empty() : tensor<5x16xi32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          ins(%0 : tensor<5x16xi32>) outs(%e : tensor<5x16xi32>)
          attrs = {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [5, 16], workgroup_size = [4, 5, 1]>} {
      ^bb0(%x: i32, %o: i32):
        %low, %high = arith.mulsi_extended %x, %m : i32
        linalg.yield %high : i32
      } -> tensor<5x16xi32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<5x16xi32>, memref<5x16xi32>) -> ()
      return
    }
  }
}

// -----

// A subgroup's contraction on cooperative matrices: its 32x32 accumulator
// is four 16x16 matrices, carried through both K loops as
// !gpu.mma_matrix values that start as constants; A and B are loaded from
// workgroup memory as matrices (rows 40 and 72 elements apart), each
// product one gpu.subgroup_mma_compute, the result stored once after the
// loops. Subgroup x is the thread id along x divided by 32.
// CHECK-LABEL: halc.executable @cooperative
// CHECK: %[[ZERO:.+]] = gpu.subgroup_mma_constant_matrix %{{.+}} : !gpu.mma_matrix<16x16xf32, "COp">
// CHECK: %[[X:.+]] = gpu.thread_id  x
// CHECK: arith.divui %[[X]], %c32
// CHECK: scf.for {{.+}} iter_args(%{{.+}} = %[[ZERO]], %{{.+}} = %[[ZERO]], %{{.+}} = %[[ZERO]], %{{.+}} = %[[ZERO]]) -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">)
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK-COUNT-2: gpu.subgroup_mma_load_matrix %{{.+}}[%{{.+}}, %{{.+}}] {leadDimension = 40 : index} : memref<32x40xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK-COUNT-2: gpu.subgroup_mma_load_matrix %{{.+}}[%{{.+}}, %{{.+}}] {leadDimension = 72 : index} : memref<32x72xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
// CHECK-COUNT-4: gpu.subgroup_mma_compute
// CHECK: gpu.barrier
// CHECK-COUNT-4: gpu.subgroup_mma_store_matrix %{{.+}}, %{{.+}}[%{{.+}}, %{{.+}}] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x64xf32>
// CHECK-NOT: vector.contract
halc.executable @cooperative target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([64, 1, 1])
  builtin.module {
    func.func @mm(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %out: memref<64x64xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<64x64xf16> to tensor<64x64xf16>
      %1 = bufferization.to_tensor %b restrict : memref<64x64xf16> to tensor<64x64xf16>
      %e = tensor.empty() : tensor<64x64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [32, 64, 32], workgroup_size = [64, 1, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>}
          ins(%0, %1 : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x64xf32>, memref<64x64xf32>) -> ()
      return
    }
  }
}

// -----

// The same on a batch matmul, a batch of one to a workgroup: the pieces
// lose the batch before upstream's conversion, so the matrices are the
// plain matmul's, loaded from the 3-D workgroup tiles and stored into the
// 3-D result.
// CHECK-LABEL: halc.executable @cooperative_batch
// CHECK: %[[ZERO:.+]] = gpu.subgroup_mma_constant_matrix %{{.+}} : !gpu.mma_matrix<16x16xf32, "COp">
// CHECK: scf.for {{.+}} iter_args(%{{.+}} = %[[ZERO]], %{{.+}} = %[[ZERO]], %{{.+}} = %[[ZERO]], %{{.+}} = %[[ZERO]]) -> (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">)
// CHECK: scf.for
// CHECK-COUNT-2: gpu.subgroup_mma_load_matrix %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}] {leadDimension = 40 : index} : memref<1x32x40xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK-COUNT-2: gpu.subgroup_mma_load_matrix %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}] {leadDimension = 72 : index} : memref<1x32x72xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
// CHECK-COUNT-4: gpu.subgroup_mma_compute
// CHECK-COUNT-4: gpu.subgroup_mma_store_matrix %{{.+}}, %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}] {leadDimension = 64 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<2x64x64xf32>
// CHECK-NOT: vector.contract
halc.executable @cooperative_batch target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>]>) {
  halc.export @bmm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([64, 1, 1])
  builtin.module {
    func.func @bmm(%a: memref<2x64x64xf16>, %b: memref<2x64x64xf16>, %out: memref<2x64x64xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<2x64x64xf16> to tensor<2x64x64xf16>
      %1 = bufferization.to_tensor %b restrict : memref<2x64x64xf16> to tensor<2x64x64xf16>
      %e = tensor.empty() : tensor<2x64x64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
      %r = linalg.batch_matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [1, 32, 64, 32], workgroup_size = [64, 1, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>}
          ins(%0, %1 : tensor<2x64x64xf16>, tensor<2x64x64xf16>) outs(%f : tensor<2x64x64xf32>) -> tensor<2x64x64xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<2x64x64xf32>, memref<2x64x64xf32>) -> ()
      return
    }
  }
}

// -----

// bf16 A and B: upstream's MMA types have no bf16, so the workgroup tiles
// are f16 arrays of the same bits (the copies bitcast what they store) and
// the matrices are loaded as f16 (under a NameLoc that the SPIR-V lowering
// turns into bf16 matrices: test/lit/Codegen/SPIRV/cooperative-matrix-bf16.mlir).
// CHECK-LABEL: halc.executable @cooperative_bf16
// CHECK-DAG: memref.alloc() : memref<32x40xf16, #gpu.address_space<workgroup>>
// CHECK-DAG: memref.alloc() : memref<32x72xf16, #gpu.address_space<workgroup>>
// CHECK: arith.bitcast %{{.+}} : vector<4xbf16> to vector<4xf16>
// CHECK: gpu.subgroup_mma_load_matrix %{{.+}}[%{{.+}}, %{{.+}}] {leadDimension = 40 : index} : memref<32x40xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK: gpu.subgroup_mma_compute
// CHECK-NOT: bf16, #gpu.address_space<workgroup>
halc.executable @cooperative_bf16 target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = bf16, b = bf16, c = f32>]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([64, 1, 1])
  builtin.module {
    func.func @mm(%a: memref<64x64xbf16>, %b: memref<64x64xbf16>, %out: memref<64x64xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<64x64xbf16> to tensor<64x64xbf16>
      %1 = bufferization.to_tensor %b restrict : memref<64x64xbf16> to tensor<64x64xbf16>
      %e = tensor.empty() : tensor<64x64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [32, 64, 32], workgroup_size = [64, 1, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>}
          ins(%0, %1 : tensor<64x64xbf16>, tensor<64x64xbf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x64xf32>, memref<64x64xf32>) -> ()
      return
    }
  }
}
