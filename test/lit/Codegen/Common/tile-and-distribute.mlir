// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(halc.executable(halc-tile-and-distribute))' -verify-diagnostics | FileCheck %s

// A 17x13 matmul with its fill, on 16x8 tiles of 4x8 threads: workgroups
// along x (N) and y (M), threads inside, the fill fused into both loops, and
// affine.min for the edge tiles that 17 and 13 leave.
// CHECK-LABEL: halc.executable @matmul
// CHECK: halc.export @mm {{.*}} workgroup_count([2, 2, 1])
// CHECK: func.func @mm
// CHECK: scf.forall (%[[I:.+]], %[[J:.+]]) = (0, 0) to (17, 13) step (16, 8)
// CHECK: affine.min
// CHECK: scf.forall (%[[TI:.+]], %[[TJ:.+]]) = (0, 0) to
// CHECK: linalg.fill
// CHECK: linalg.matmul
// CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK: } {mapping = [#gpu.block<y>, #gpu.block<x>]}
// Nothing is left outside the loops.
// CHECK-NOT: linalg.
// CHECK: bufferization.materialize_in_destination
halc.executable @matmul target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([8, 4, 1])
  builtin.module {
    func.func @mm(%a: memref<17x31xf32>, %b: memref<31x13xf32>, %out: memref<17x13xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<17x31xf32> to tensor<17x31xf32>
      %1 = bufferization.to_tensor %b restrict : memref<31x13xf32> to tensor<31x13xf32>
      %e = tensor.empty() : tensor<17x13xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<17x13xf32>) -> tensor<17x13xf32>
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [16, 8, 0], workgroup_size = [8, 4, 1]>}
          ins(%0, %1 : tensor<17x31xf32>, tensor<31x13xf32>) outs(%f : tensor<17x13xf32>) -> tensor<17x13xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<17x13xf32>, memref<17x13xf32>) -> ()
      return
    }
  }
}

// -----

// A reduction_tile gives each thread a serial loop over K; the fill that
// initializes the accumulator runs once, before it.
// CHECK-LABEL: halc.executable @ktiled
// CHECK: scf.forall
// CHECK: scf.forall
// CHECK: %[[INIT:.+]] = linalg.fill
// CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %[[INIT]])
// CHECK-NOT: linalg.fill
// CHECK: linalg.matmul {{.*}}ins(%{{.+}}, %{{.+}} : tensor<4x4xf32>, tensor<4x4xf32>) outs(%[[ACC]] : tensor<4x4xf32>)
halc.executable @ktiled target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
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

// A matmul whose workgroup_tile steps through K (8 at a time) and promotes
// both inputs: the fill of each thread's 4x4 accumulator runs first, then a
// serial loop over K whose body copies the step's 16x8 tile of A and 8x16
// tile of B to workgroup memory (rows a group of four longer, still 16-byte
// aligned), each copy on a thread loop of its own over all 16 threads
// (linear ids, four elements of a row each), and the threads' matmul reads
// the copies.
// CHECK-LABEL: halc.executable @staged_matmul
// CHECK: halc.export @mm {{.*}} workgroup_count([2, 2, 1])
// CHECK: scf.forall ({{.+}}) = (0, 0) to (32, 32) step (16, 16)
// CHECK: %[[FILL:.+]] = scf.forall ({{.+}}) = (0, 0) to (16, 16) step (4, 4)
// CHECK: linalg.fill
// CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK: scf.for %[[K:.+]] = %c0 to %c32 step %c8 iter_args(%[[ACC:.+]] = %[[FILL]])
// CHECK: bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<16x12xf32>
// CHECK: %[[A:.+]] = scf.forall ({{.+}}) = (0, 0) to (16, 8) step (2, 4)
// CHECK: linalg.copy
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<8x20xf32>
// CHECK: %[[B:.+]] = scf.forall ({{.+}}) = (0, 0) to (8, 16) step (2, 4)
// CHECK: linalg.copy
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: scf.forall ({{.+}}) = (0, 0) to (16, 16) step (4, 4) shared_outs(%{{.+}} = %[[ACC]])
// CHECK: tensor.extract_slice %[[A]]
// CHECK: tensor.extract_slice %[[B]]
// CHECK: linalg.matmul
halc.executable @staged_matmul target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([4, 4, 1])
  builtin.module {
    func.func @mm(%a: memref<32x32xf32>, %b: memref<32x32xf32>, %out: memref<32x32xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<32x32xf32> to tensor<32x32xf32>
      %1 = bufferization.to_tensor %b restrict : memref<32x32xf32> to tensor<32x32xf32>
      %e = tensor.empty() : tensor<32x32xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [16, 16, 8], workgroup_size = [4, 4, 1], promote_operands = [0, 1]>}
          ins(%0, %1 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<32x32xf32>, memref<32x32xf32>) -> ()
      return
    }
  }
}

// -----

// A dynamic batch: its workgroup count is the constant holding the batch
// (here the binding's size, constant 0) divided by the 2 rows of a
// workgroup, rounded up, which the host works out at the call.
// CHECK-LABEL: halc.executable @batch
// CHECK: halc.export @rows {{.*}}workgroup_count([1, 2, 1]) workgroup_count_constants([-1, 0, -1])
halc.executable @batch target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @rows ordinal(0) layout(#halc.layout<bindings = [read_only, read_write], constants = 2>)
  builtin.module {
    func.func @rows(%in: memref<?x8xf32>, %out: memref<?x8xf32>) {
      %c0 = halc.constant.load ordinal(0) : i32
      %n = arith.index_castui %c0 : i32 to index
      %c1 = halc.constant.load ordinal(1) : i32
      %m = arith.index_castui %c1 : i32 to index
      %in_view = memref.reinterpret_cast %in to offset: [0], sizes: [%n, 8], strides: [8, 1] : memref<?x8xf32> to memref<?x8xf32>
      %out_view = memref.reinterpret_cast %out to offset: [0], sizes: [%m, 8], strides: [8, 1] : memref<?x8xf32> to memref<?x8xf32>
      %0 = bufferization.to_tensor %in_view restrict : memref<?x8xf32> to tensor<?x8xf32>
      %e = tensor.empty(%n) : tensor<?x8xf32>
      %r = linalg.exp {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [2, 8], workgroup_size = [8, 2, 1]>}
          ins(%0 : tensor<?x8xf32>) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
      bufferization.materialize_in_destination %r in restrict writable %out_view : (tensor<?x8xf32>, memref<?x8xf32>) -> ()
      return
    }
  }
}

// -----

// A row chain (a softmax: max, exp, sum, division over rows of 256) whose
// lanes share the rows: workgroups of 2 rows; in each, the threads run the
// max, the sum and the division in turn, each in a thread loop of its own
// over the rows (marked for the lanes) with a serial loop of 4 elements a
// step. The exp, read by the sum and the division, is recomputed in the
// steps of both; the reductions are not fused into what follows them, which
// reads their results.
// CHECK-LABEL: halc.executable @softmax
// CHECK: halc.export @softmax {{.*}} workgroup_count([1, 32, 1])
// CHECK: scf.forall (%{{.+}}) = (0) to (64) step (2)
// CHECK: %[[MAX:.+]] = scf.forall (%{{.+}}) in (2)
// CHECK: linalg.fill
// CHECK: scf.for %{{.+}} = %c0 to %c256 step %c4
// CHECK-NOT: math.exp
// CHECK: arith.maximumf
// CHECK: } {halc.reduction_lanes = 32 : i64, mapping = [#gpu.thread<y>]}
// CHECK: %[[SUM:.+]] = scf.forall (%{{.+}}) in (2)
// CHECK: tensor.extract_slice %[[MAX]]
// CHECK: linalg.fill
// CHECK: scf.for %{{.+}} = %c0 to %c256 step %c4
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: } {halc.reduction_lanes = 32 : i64, mapping = [#gpu.thread<y>]}
// CHECK: scf.forall (%{{.+}}) in (2)
// CHECK: tensor.extract_slice %[[MAX]]
// CHECK: tensor.extract_slice %[[SUM]]
// CHECK: scf.for %{{.+}} = %c0 to %c256 step %c4
// CHECK-NOT: linalg.fill
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: } {halc.reduction_lanes = 32 : i64, mapping = [#gpu.thread<y>]}
// CHECK: } {mapping = [#gpu.block<y>]}
// CHECK-NOT: linalg.
// CHECK: bufferization.materialize_in_destination
#all = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
halc.executable @softmax target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @softmax ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([32, 2, 1])
  builtin.module {
    func.func @softmax(%a: memref<64x256xf32>, %out: memref<64x256xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<64x256xf32> to tensor<64x256xf32>
      %ninf = arith.constant 0xFF800000 : f32
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<64xf32>
      %fm = linalg.fill ins(%ninf : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
      %max = linalg.generic {indexing_maps = [#all, #row], iterator_types = ["parallel", "reduction"]} ins(%0 : tensor<64x256xf32>) outs(%fm : tensor<64xf32>) {
      ^bb0(%x: f32, %m: f32):
        %r = arith.maximumf %x, %m : f32
        linalg.yield %r : f32
      } -> tensor<64xf32>
      %e2 = tensor.empty() : tensor<64x256xf32>
      %exp = linalg.generic {indexing_maps = [#all, #row, #all], iterator_types = ["parallel", "parallel"]} ins(%0, %max : tensor<64x256xf32>, tensor<64xf32>) outs(%e2 : tensor<64x256xf32>) {
      ^bb0(%x: f32, %m: f32, %o: f32):
        %d = arith.subf %x, %m : f32
        %r = math.exp %d : f32
        linalg.yield %r : f32
      } -> tensor<64x256xf32>
      %fs = linalg.fill ins(%z : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
      %sum = linalg.generic {indexing_maps = [#all, #row], iterator_types = ["parallel", "reduction"]} ins(%exp : tensor<64x256xf32>) outs(%fs : tensor<64xf32>) {
      ^bb0(%x: f32, %s: f32):
        %r = arith.addf %x, %s : f32
        linalg.yield %r : f32
      } -> tensor<64xf32>
      %div = linalg.generic {indexing_maps = [#all, #row, #all], iterator_types = ["parallel", "parallel"]}
          ins(%exp, %sum : tensor<64x256xf32>, tensor<64xf32>) outs(%e2 : tensor<64x256xf32>)
          attrs = {lowering_config = #halc.lowering_config<strategy = row_lanes, workgroup_tile = [2, 0], workgroup_size = [32, 2, 1], reduction_tile = [4], reduction_lanes = 32>} {
      ^bb0(%x: f32, %s: f32, %o: f32):
        %r = arith.divf %x, %s : f32
        linalg.yield %r : f32
      } -> tensor<64x256xf32>
      bufferization.materialize_in_destination %div in restrict writable %out : (tensor<64x256xf32>, memref<64x256xf32>) -> ()
      return
    }
  }
}

// -----

// A transposed add with its transposed input promoted: in each 32x32
// workgroup tile, a first thread loop copies the input's tile into
// workgroup memory (rows of 33: a subgroup reads down its columns, each row
// in other banks), four elements of an input row a thread, eight threads a
// row (linear ids); a second computes the add reading the copy, x along the
// output's rows. 100x70 leaves edge tiles.
// CHECK-LABEL: halc.executable @transposed_add
// CHECK: halc.export @add {{.*}} workgroup_count([4, 3, 1])
// CHECK: scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (70, 100) step (32, 32)
// CHECK: %[[BUF:.+]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<32x33xf32>
// CHECK: %[[TILE:.+]] = tensor.extract_slice %[[BUF]][0, 0]
// CHECK: %[[COPY:.+]] = scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (%{{.+}}, %{{.+}}) step (1, 4) shared_outs(%{{.+}} = %[[TILE]])
// CHECK: linalg.copy
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: scf.forall
// CHECK: tensor.extract_slice %[[COPY]]
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK: } {mapping = [#gpu.block<y>, #gpu.block<x>]}
halc.executable @transposed_add target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @add ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([32, 8, 1])
  builtin.module {
    func.func @add(%a: memref<100x70xf32>, %b: memref<70x100xf32>, %out: memref<70x100xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<100x70xf32> to tensor<100x70xf32>
      %1 = bufferization.to_tensor %b restrict : memref<70x100xf32> to tensor<70x100xf32>
      %e = tensor.empty() : tensor<70x100xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          ins(%0, %1 : tensor<100x70xf32>, tensor<70x100xf32>) outs(%e : tensor<70x100xf32>)
          attrs = {lowering_config = #halc.lowering_config<strategy = transpose, workgroup_tile = [32, 32], workgroup_size = [32, 8, 1], promote_operands = [0]>} {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %s = arith.addf %x, %y : f32
        linalg.yield %s : f32
      } -> tensor<70x100xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<70x100xf32>, memref<70x100xf32>) -> ()
      return
    }
  }
}

// -----

// Only an input read through a projection of the loops (each loop at most
// once) can be promoted: a sliding window cannot.
halc.executable @bad_promotion target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @scale ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([32, 8, 1])
  builtin.module {
    func.func @scale(%a: memref<64x64xf32>, %b: memref<127xf32>, %out: memref<64x64xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<64x64xf32> to tensor<64x64xf32>
      %1 = bufferization.to_tensor %b restrict : memref<127xf32> to tensor<127xf32>
      %e = tensor.empty() : tensor<64x64xf32>
      // expected-error @+1 {{lowering_config promotes operand 1, which is not an input read through a projection of the op's loops}}
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0 + d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          ins(%0, %1 : tensor<64x64xf32>, tensor<127xf32>) outs(%e : tensor<64x64xf32>)
          attrs = {lowering_config = #halc.lowering_config<strategy = transpose, workgroup_tile = [32, 32], workgroup_size = [32, 8, 1], promote_operands = [1]>} {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %s = arith.mulf %x, %y : f32
        linalg.yield %s : f32
      } -> tensor<64x64xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x64xf32>, memref<64x64xf32>) -> ()
      return
    }
  }
}

// -----

// A reduction's inputs are promoted only when its workgroup steps through
// its reduction loops: a whole column does not fit.
halc.executable @promoted_reduction target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @colsum ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([32, 1, 1])
  builtin.module {
    func.func @colsum(%a: memref<64x64xf32>, %out: memref<64xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<64x64xf32> to tensor<64x64xf32>
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
      // expected-error @+1 {{lowering_config has strategy transpose, but the op has reduction loops}}
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
          ins(%0 : tensor<64x64xf32>) outs(%f : tensor<64xf32>)
          attrs = {lowering_config = #halc.lowering_config<strategy = transpose, workgroup_tile = [32, 0], workgroup_size = [32, 1, 1], promote_operands = [0]>} {
      ^bb0(%x: f32, %acc: f32):
        %s = arith.addf %x, %acc : f32
        linalg.yield %s : f32
      } -> tensor<64xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64xf32>, memref<64xf32>) -> ()
      return
    }
  }
}

// -----

// A promoted tile must fit the target's workgroup memory: 256x257 f32 is
// 263,168 bytes of 49,152.
halc.executable @huge_promotion target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @transpose ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([32, 8, 1])
  builtin.module {
    func.func @transpose(%a: memref<512x512xf32>, %out: memref<512x512xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<512x512xf32> to tensor<512x512xf32>
      %e = tensor.empty() : tensor<512x512xf32>
      // expected-error @+1 {{lowering_config promotes operand 0, whose workgroup tile does not fit the 49152 bytes of workgroup memory}}
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
          ins(%0 : tensor<512x512xf32>) outs(%e : tensor<512x512xf32>)
          attrs = {lowering_config = #halc.lowering_config<strategy = transpose, workgroup_tile = [256, 256], workgroup_size = [32, 8, 1], promote_operands = [0]>} {
      ^bb0(%x: f32, %o: f32):
        linalg.yield %x : f32
      } -> tensor<512x512xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<512x512xf32>, memref<512x512xf32>) -> ()
      return
    }
  }
}

// -----

// A staged matmul whose A is a producer without inputs (an im2col matrix, a
// pad): it is fused into the workgroup, then computed a K step at a time
// inside the copy's thread loop, never as the workgroup's whole 64x64 tile.
// CHECK-LABEL: halc.executable @staged_producer
// CHECK: scf.forall {{.*}} step (64, 64)
// CHECK-NOT: linalg.generic
// CHECK: scf.for %{{.+}} = %c0 to %c64 step %c16
// CHECK: scf.forall
// CHECK: %[[STEP:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<1x4xf32>)
// CHECK: linalg.copy ins(%[[STEP]] : tensor<1x4xf32>)
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
halc.executable @staged_producer target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>) workgroup_size([16, 16, 1])
  builtin.module {
    func.func @mm(%b: memref<64x64xf32>, %out: memref<128x64xf32>) {
      %0 = bufferization.to_tensor %b restrict : memref<64x64xf32> to tensor<64x64xf32>
      %zero = arith.constant 0.0 : f32
      %ae = tensor.empty() : tensor<128x64xf32>
      %a = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%ae : tensor<128x64xf32>) {
      ^bb0(%o: f32):
        %i = linalg.index 0 : index
        %j = linalg.index 1 : index
        %s = arith.addi %i, %j : index
        %n = arith.index_cast %s : index to i32
        %f = arith.sitofp %n : i32 to f32
        linalg.yield %f : f32
      } -> tensor<128x64xf32>
      %e = tensor.empty() : tensor<128x64xf32>
      %init = linalg.fill ins(%zero : f32) outs(%e : tensor<128x64xf32>) -> tensor<128x64xf32>
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [64, 64, 16], workgroup_size = [16, 16, 1], reduction_tile = [4], promote_operands = [0, 1]>} ins(%a, %0 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%init : tensor<128x64xf32>) -> tensor<128x64xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<128x64xf32>, memref<128x64xf32>) -> ()
      return
    }
  }
}

// -----

// A staged matmul whose tiles divide neither its output (20x40 in 16x32
// tiles) nor K (10 in steps of 8): each workgroup's tile is padded, A and B
// through tensor.pad (read as zeros past their edges once vectorized), K to
// 16; the accumulator is a fill of a whole static 16x32 tile, and each
// thread writes its 4x4 block back through a transfer whose out-of-bounds
// lanes (past the output's edge) are dropped.
// CHECK-LABEL: halc.executable @edge_tiles
// CHECK: halc.export @mm {{.*}} workgroup_count([2, 2, 1])
// CHECK: scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (20, 40) step (16, 32)
// CHECK: tensor.pad %{{.+}} low[0, 0] high[%{{.+}}, 6]
// CHECK: } : tensor<?x10xf32> to tensor<16x16xf32>
// CHECK: tensor.pad %{{.+}} low[0, 0] high[6, %{{.+}}]
// CHECK: } : tensor<10x?xf32> to tensor<16x32xf32>
// CHECK: %[[EMPTY:.+]] = tensor.empty() : tensor<16x32xf32>
// CHECK: scf.forall {{.+}} shared_outs(%{{.+}} = %[[EMPTY]])
// CHECK: linalg.fill
// CHECK: %[[SUM:.+]] = scf.for %{{.+}} = %c0 to %c16 step %c8
// CHECK: linalg.copy
// CHECK: linalg.copy
// CHECK: linalg.matmul
// CHECK: scf.forall (%[[Y:.+]], %[[X:.+]]) = (0, 0) to (16, 32) step (4, 4) shared_outs(%[[OUT:.+]] = %{{.+}}) -> (tensor<?x?xf32>)
// CHECK: %[[BLOCK:.+]] = vector.transfer_read %[[SUM]][%[[Y]], %[[X]]], %{{.+}} {in_bounds = [true, true]} : tensor<16x32xf32>, vector<4x4xf32>
// CHECK: %[[INSIDE:.+]] = tensor.extract_slice %[[OUT]][%[[Y]], %[[X]]]
// CHECK: vector.transfer_write %[[BLOCK]], %[[INSIDE]][%c0, %c0] : vector<4x4xf32>, tensor<?x?xf32>
// CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
halc.executable @edge_tiles target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([8, 4, 1])
  builtin.module {
    func.func @mm(%a: memref<20x10xf32>, %b: memref<10x40xf32>, %out: memref<20x40xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<20x10xf32> to tensor<20x10xf32>
      %1 = bufferization.to_tensor %b restrict : memref<10x40xf32> to tensor<10x40xf32>
      %e = tensor.empty() : tensor<20x40xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<20x40xf32>) -> tensor<20x40xf32>
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [16, 32, 8], workgroup_size = [8, 4, 1], reduction_tile = [4], promote_operands = [0, 1]>}
          ins(%0, %1 : tensor<20x10xf32>, tensor<10x40xf32>) outs(%f : tensor<20x40xf32>) -> tensor<20x40xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<20x40xf32>, memref<20x40xf32>) -> ()
      return
    }
  }
}

// -----

// A staged matmul with edge tiles whose accumulator is not a fill (it
// accumulates into what a binding holds): its tile cannot be padded to a
// fresh static one.
halc.executable @edge_tiles_without_fill target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_only, read_write]>) workgroup_size([8, 4, 1])
  builtin.module {
    func.func @mm(%a: memref<20x10xf32>, %b: memref<10x40xf32>, %c: memref<20x40xf32>, %out: memref<20x40xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<20x10xf32> to tensor<20x10xf32>
      %1 = bufferization.to_tensor %b restrict : memref<10x40xf32> to tensor<10x40xf32>
      %2 = bufferization.to_tensor %c restrict : memref<20x40xf32> to tensor<20x40xf32>
      // expected-error @+1 {{has edge tiles but does not start from a fill; halc cannot pad it to its tile}}
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [16, 32, 8], workgroup_size = [8, 4, 1], reduction_tile = [4], promote_operands = [0, 1]>}
          ins(%0, %1 : tensor<20x10xf32>, tensor<10x40xf32>) outs(%2 : tensor<20x40xf32>) -> tensor<20x40xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<20x40xf32>, memref<20x40xf32>) -> ()
      return
    }
  }
}

// -----

// A staged contraction must be a contraction (upstream's
// ContractionOpInterface): an op that reads A through a sum of loops (a
// convolution's window) is not one; halc-implicit-gemm makes a convolution
// one first.
halc.executable @edge_tiles_window target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @window ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([8, 4, 1])
  builtin.module {
    func.func @window(%a: memref<29x10xf32>, %b: memref<10x40xf32>, %out: memref<20x40xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<29x10xf32> to tensor<29x10xf32>
      %1 = bufferization.to_tensor %b restrict : memref<10x40xf32> to tensor<10x40xf32>
      %e = tensor.empty() : tensor<20x40xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<20x40xf32>) -> tensor<20x40xf32>
      // expected-error @+1 {{lowering_config has strategy staged_contraction, but the op is not a contraction with one reduction loop}}
      %r = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m + k, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%0, %1 : tensor<29x10xf32>, tensor<10x40xf32>) outs(%f : tensor<20x40xf32>)
          attrs = {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [16, 32, 8], workgroup_size = [8, 4, 1], reduction_tile = [4], promote_operands = [1]>} {
      ^bb0(%x: f32, %y: f32, %acc: f32):
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %p : f32
        linalg.yield %s : f32
      } -> tensor<20x40xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<20x40xf32>, memref<20x40xf32>) -> ()
      return
    }
  }
}

// -----

// A contraction on cooperative matrices (subgroup_matrix): the workgroup's
// 32x64 tile goes to its two subgroups (64 threads along x, subgroups of
// 32), a 32x32 block each, on #gpu.warp loops (the accumulator's fill too);
// each subgroup steps through the workgroup's K step of 32 by 16. The
// copies of A and B still spread over all threads; rows of f16 are 16
// bytes (8 elements) longer.
// CHECK-LABEL: halc.executable @cooperative
// CHECK: scf.forall ({{.+}}) = (0, 0) to (32, 64) step (32, 32)
// CHECK: linalg.fill
// CHECK: } {mapping = [#gpu.warp<y>, #gpu.warp<x>]}
// CHECK: scf.for %{{.+}} = %c0 to %c64 step %c32
// CHECK: bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<32x40xf16>
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<32x72xf16>
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: scf.forall ({{.+}}) = (0, 0) to (32, 64) step (32, 32)
// CHECK: scf.for %{{.+}} = %c0 to %c32 step %c16
// CHECK: linalg.matmul {{.*}} ins(%{{.+}}, %{{.+}} : tensor<32x16xf16>, tensor<16x32xf16>) outs(%{{.+}} : tensor<32x32xf32>)
// CHECK: } {mapping = [#gpu.warp<y>, #gpu.warp<x>]}
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

// At the edges (a 50x40 output, K 24, tiles of 32x32 and K steps of 32) a
// tile on cooperative matrices is padded: its accumulator is a workgroup
// buffer that the subgroup fills and accumulates whole, and all 32 threads
// copy what lies inside the output (8x4 blocks, linear ids) with
// transfers that stop at its edges.
// CHECK-LABEL: halc.executable @cooperative_edges
// CHECK: %[[ACC:.+]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<32x32xf32>
// CHECK: scf.forall {{.+}} shared_outs(%{{.+}} = %[[ACC]])
// CHECK: linalg.fill
// CHECK: } {mapping = [#gpu.warp<y>, #gpu.warp<x>]}
// CHECK: } {mapping = [#gpu.warp<y>, #gpu.warp<x>]}
// CHECK: scf.forall ({{.+}}) = (0, 0) to (32, 32) step (8, 4)
// CHECK: vector.transfer_read %{{.+}} {in_bounds = [true, true]} : tensor<32x32xf32>, vector<8x4xf32>
// CHECK: vector.transfer_write %{{.+}} : vector<8x4xf32>, tensor<?x?xf32>
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
halc.executable @cooperative_edges target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([32, 1, 1])
  builtin.module {
    func.func @mm(%a: memref<50x24xf16>, %b: memref<24x40xf16>, %out: memref<50x40xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<50x24xf16> to tensor<50x24xf16>
      %1 = bufferization.to_tensor %b restrict : memref<24x40xf16> to tensor<24x40xf16>
      %e = tensor.empty() : tensor<50x40xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<50x40xf32>) -> tensor<50x40xf32>
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [32, 32, 32], workgroup_size = [32, 1, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>}
          ins(%0, %1 : tensor<50x24xf16>, tensor<24x40xf16>) outs(%f : tensor<50x40xf32>) -> tensor<50x40xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<50x40xf32>, memref<50x40xf32>) -> ()
      return
    }
  }
}

// -----

// Cooperative matrices spread a tile over subgroups of one known size: a
// target without fixed subgroups cannot run such a config.
halc.executable @cooperative_no_subgroups target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8, 4]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([64, 1, 1])
  builtin.module {
    func.func @mm(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %out: memref<64x64xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<64x64xf16> to tensor<64x64xf16>
      %1 = bufferization.to_tensor %b restrict : memref<64x64xf16> to tensor<64x64xf16>
      %e = tensor.empty() : tensor<64x64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
      // expected-error @+1 {{lowering_config has a subgroup_matrix, which needs one subgroup size that divides workgroup_size[0]}}
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [32, 64, 32], workgroup_size = [64, 1, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>}
          ins(%0, %1 : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x64xf32>, memref<64x64xf32>) -> ()
      return
    }
  }
}

// -----

// Copies whose access phases would meet the same banks take their rows in
// smaller blocks, dealt to the threads in turn. A's 64x32 f16 tile has 8
// threads to a row and 8 rows to a thread: a phase of 8-byte stores (16
// lanes) would store rows 8 apart, 640 bytes in its 80-byte rows, the same
// banks; in blocks of 4 rows they are 320 bytes apart, on the other half of
// the banks, and the 64 threads take the 128 blocks in two rounds. B's
// 32x64 tile has 16 threads to a row (a phase stays in one row) and keeps
// its blocks of 8.
// CHECK-LABEL: halc.executable @conflict_free_copies
// CHECK: bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<64x40xf16>
// CHECK: scf.forall ({{.+}}) = (0, 0) to (64, 32) step (4, 4)
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<32x72xf16>
// CHECK: scf.forall ({{.+}}) = (0, 0) to (32, 64) step (8, 4)
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
halc.executable @conflict_free_copies target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([64, 1, 1])
  builtin.module {
    func.func @mm(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %out: memref<64x64xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<64x64xf16> to tensor<64x64xf16>
      %1 = bufferization.to_tensor %b restrict : memref<64x64xf16> to tensor<64x64xf16>
      %e = tensor.empty() : tensor<64x64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
      %r = linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [64, 64, 32], workgroup_size = [64, 1, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>}
          ins(%0, %1 : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x64xf32>, memref<64x64xf32>) -> ()
      return
    }
  }
}

// -----

// A staged matmul with an epilogue (a bias and ReLU): the workgroups tile
// the epilogue, the matmul and its fill fused in; the accumulator starts in
// the workgroup's tile of the result, the K loop runs as for a bare matmul,
// and then each thread applies the epilogue to its own 4x4 block of the
// accumulator in place (the bias its only input).
// CHECK-LABEL: halc.executable @epilogue
// CHECK: scf.forall ({{.+}}) = (0, 0) to (32, 32) step (16, 16) shared_outs(%[[OUT:.+]] = %{{.+}})
// CHECK: %[[TILE:.+]] = tensor.extract_slice %[[OUT]]
// CHECK: %[[FILL:.+]] = scf.forall ({{.+}}) = (0, 0) to (16, 16) step (4, 4) shared_outs(%{{.+}} = %[[TILE]])
// CHECK: linalg.fill
// CHECK: %[[ACC:.+]] = scf.for
// CHECK: linalg.matmul
// CHECK: scf.forall ({{.+}}) = (0, 0) to (16, 16) step (4, 4) shared_outs(%[[BLOCK:.+]] = %[[ACC]])
// CHECK: %[[MINE:.+]] = tensor.extract_slice %[[BLOCK]]
// CHECK: linalg.generic {{.*}} ins(%{{.+}} : tensor<4xf32>) outs(%[[MINE]] : tensor<4x4xf32>)
// CHECK: arith.maximumf
// CHECK: } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
halc.executable @epilogue target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_only, read_write]>) workgroup_size([4, 4, 1])
  builtin.module {
    func.func @mm(%a: memref<32x32xf32>, %b: memref<32x32xf32>, %bias: memref<32xf32>, %out: memref<32x32xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<32x32xf32> to tensor<32x32xf32>
      %1 = bufferization.to_tensor %b restrict : memref<32x32xf32> to tensor<32x32xf32>
      %2 = bufferization.to_tensor %bias restrict : memref<32xf32> to tensor<32xf32>
      %e = tensor.empty() : tensor<32x32xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
      %m = linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [16, 16, 8], workgroup_size = [4, 4, 1], promote_operands = [0, 1]>}
          ins(%0, %1 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
          ins(%m, %2 : tensor<32x32xf32>, tensor<32xf32>) outs(%e : tensor<32x32xf32>) {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %s = arith.addf %x, %y : f32
        %t = arith.maximumf %s, %z : f32
        linalg.yield %t : f32
      } -> tensor<32x32xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<32x32xf32>, memref<32x32xf32>) -> ()
      return
    }
  }
}

// -----

// A config on a contraction whose result the dispatch's result producer
// does not apply an elementwise epilogue to (it reduces it) is an error.
halc.executable @not_an_epilogue target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([4, 4, 1])
  builtin.module {
    func.func @mm(%a: memref<32x32xf32>, %b: memref<32x32xf32>, %out: memref<32xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<32x32xf32> to tensor<32x32xf32>
      %1 = bufferization.to_tensor %b restrict : memref<32x32xf32> to tensor<32x32xf32>
      %e = tensor.empty() : tensor<32x32xf32>
      %e1 = tensor.empty() : tensor<32xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
      %f1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<32xf32>) -> tensor<32xf32>
      // expected-error @+1 {{has the lowering_config, but the dispatch's result is written by 'linalg.generic', which is not an elementwise epilogue of it}}
      %m = linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [16, 16, 8], workgroup_size = [4, 4, 1], promote_operands = [0, 1]>}
          ins(%0, %1 : tensor<32x32xf32>, tensor<32x32xf32>) outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
          ins(%m : tensor<32x32xf32>) outs(%f1 : tensor<32xf32>) {
      ^bb0(%x: f32, %o: f32):
        %s = arith.addf %x, %o : f32
        linalg.yield %s : f32
      } -> tensor<32xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<32xf32>, memref<32xf32>) -> ()
      return
    }
  }
}

// -----

// A contraction on cooperative matrices with an epilogue: the accumulator
// is a workgroup-memory tile the subgroups fill and accumulate into, then
// all the threads (linear ids, neighbours along the rows) apply the
// epilogue to it, reading from workgroup memory.
// CHECK-LABEL: halc.executable @cooperative_epilogue
// CHECK: %[[ACC:.+]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<64x64xf32>
// CHECK: scf.forall {{.*}} shared_outs(%{{.+}} = %[[ACC]])
// CHECK: linalg.fill
// CHECK: } {mapping = [#gpu.warp<y>, #gpu.warp<x>]}
// CHECK: %[[K:.+]] = scf.for
// CHECK: linalg.matmul
// CHECK: } {mapping = [#gpu.warp<y>, #gpu.warp<x>]}
// CHECK: scf.forall {{.*}} = (0, 0) to (64, 64) step
// CHECK: tensor.extract_slice %[[K]]
// CHECK: linalg.generic
// CHECK: arith.maximumf
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
halc.executable @cooperative_epilogue target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([64, 2, 1])
  builtin.module {
    func.func @mm(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %out: memref<64x64xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<64x64xf16> to tensor<64x64xf16>
      %1 = bufferization.to_tensor %b restrict : memref<64x64xf16> to tensor<64x64xf16>
      %e = tensor.empty() : tensor<64x64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
      %m = linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [64, 64, 32], workgroup_size = [64, 2, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>}
          ins(%0, %1 : tensor<64x64xf16>, tensor<64x64xf16>) outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
          ins(%m : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>) {
      ^bb0(%x: f32, %o: f32):
        %t = arith.maximumf %x, %z : f32
        linalg.yield %t : f32
      } -> tensor<64x64xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x64xf32>, memref<64x64xf32>) -> ()
      return
    }
  }
}

// -----

// A contraction with an epilogue whose tiles do not divide it (30 rows in
// 16-row tiles): the padded contraction's blocks are written back where
// they lie inside the result, then each thread applies the epilogue to its
// block of that, the last one cut at the edge.
// CHECK-LABEL: halc.executable @edge_epilogue
// CHECK: scf.forall ({{.+}}) = (0, 0) to (30, 32) step (16, 16)
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction
// CHECK-SAME: tensor<4x8xf32>, tensor<8x4xf32>
// CHECK: vector.transfer_write {{.+}} : vector<4x4xf32>, tensor<?x?xf32>
// CHECK: scf.forall ({{.+}}) = (0, 0) to (%{{.+}}, 16) step (4, 4)
// CHECK: linalg.generic
// CHECK: arith.maximumf
halc.executable @edge_epilogue target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>) workgroup_size([4, 4, 1])
  builtin.module {
    func.func @mm(%a: memref<30x32xf32>, %b: memref<32x32xf32>, %out: memref<30x32xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<30x32xf32> to tensor<30x32xf32>
      %1 = bufferization.to_tensor %b restrict : memref<32x32xf32> to tensor<32x32xf32>
      %e = tensor.empty() : tensor<30x32xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<30x32xf32>) -> tensor<30x32xf32>
      %m = linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [16, 16, 8], workgroup_size = [4, 4, 1], promote_operands = [0, 1]>}
          ins(%0, %1 : tensor<30x32xf32>, tensor<32x32xf32>) outs(%f : tensor<30x32xf32>) -> tensor<30x32xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
          ins(%m : tensor<30x32xf32>) outs(%e : tensor<30x32xf32>) {
      ^bb0(%x: f32, %o: f32):
        %t = arith.maximumf %x, %z : f32
        linalg.yield %t : f32
      } -> tensor<30x32xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<30x32xf32>, memref<30x32xf32>) -> ()
      return
    }
  }
}
