// RUN: halc-opt %s -split-input-file -pass-pipeline='builtin.module(halc.executable(halc-select-lowering-config))' -verify-diagnostics | FileCheck %s

// Elementwise: four consecutive elements per thread along x, threads along y
// with what is left of a 128-thread workgroup (subgroup 32).
// CHECK-LABEL: halc.executable @elementwise
// CHECK: halc.export @add {{.*}} workgroup_size([32, 4, 1])
// CHECK: linalg.add {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [4, 128], workgroup_size = [32, 4, 1]>}
halc.executable @elementwise target(#halc.target<backend = "metal-spirv", arch = "apple7", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [32]>) {
  halc.export @add ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @add(%a: memref<64x128xf32>, %b: memref<64x128xf32>, %out: memref<64x128xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<64x128xf32> to tensor<64x128xf32>
      %1 = bufferization.to_tensor %b restrict : memref<64x128xf32> to tensor<64x128xf32>
      %e = tensor.empty() : tensor<64x128xf32>
      %r = linalg.add ins(%0, %1 : tensor<64x128xf32>, tensor<64x128xf32>) outs(%e : tensor<64x128xf32>) -> tensor<64x128xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x128xf32>, memref<64x128xf32>) -> ()
      return
    }
  }
}

// -----

// A contraction: 2-D tiles, at most 16 threads along x; K is not tiled across
// workgroups but in serial steps that divide it (31: steps of 1). The small
// target caps the workgroup at 64 threads; 13 threads along x cover N = 13
// in one full tile.
// CHECK-LABEL: halc.executable @matmul
// CHECK: halc.export @mm {{.*}} workgroup_size([13, 4, 1])
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [4, 13, 0], workgroup_size = [13, 4, 1], reduction_tile = [1]>}
halc.executable @matmul target(#halc.target<backend = "vulkan-spirv", arch = "small", features = none, max_workgroup_invocations = 64, max_workgroup_size = [64, 64, 64], max_shared_memory_bytes = 16384, subgroup_sizes = [16]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @mm(%a: memref<17x31xf32>, %b: memref<31x13xf32>, %out: memref<17x13xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<17x31xf32> to tensor<17x31xf32>
      %1 = bufferization.to_tensor %b restrict : memref<31x13xf32> to tensor<31x13xf32>
      %e = tensor.empty() : tensor<17x13xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<17x31xf32>, tensor<31x13xf32>) outs(%e : tensor<17x13xf32>) -> tensor<17x13xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<17x13xf32>, memref<17x13xf32>) -> ()
      return
    }
  }
}

// -----

// A config already in the input wins.
// CHECK-LABEL: halc.executable @preset
// CHECK: halc.export @neg {{.*}} workgroup_size([8, 1, 1])
// CHECK: lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [8], workgroup_size = [8, 1, 1]>
halc.executable @preset target(#halc.target<backend = "metal-spirv", arch = "apple7", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [32]>) {
  halc.export @neg ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @neg(%a: memref<100xf32>, %out: memref<100xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<100xf32> to tensor<100xf32>
      %e = tensor.empty() : tensor<100xf32>
      %r = linalg.negf {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [8], workgroup_size = [8, 1, 1]>} ins(%0 : tensor<100xf32>) outs(%e : tensor<100xf32>) -> tensor<100xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<100xf32>, memref<100xf32>) -> ()
      return
    }
  }
}

// -----

halc.executable @wrong_rank target(#halc.target<backend = "metal-spirv", arch = "apple7", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [32]>) {
  halc.export @neg ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @neg(%a: memref<100xf32>, %out: memref<100xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<100xf32> to tensor<100xf32>
      %e = tensor.empty() : tensor<100xf32>
      // expected-error @+1 {{lowering_config has 2 workgroup_tile entries but the op has 1 loops}}
      %r = linalg.negf {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [8, 8], workgroup_size = [8, 1, 1]>} ins(%0 : tensor<100xf32>) outs(%e : tensor<100xf32>) -> tensor<100xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<100xf32>, memref<100xf32>) -> ()
      return
    }
  }
}

// -----

halc.executable @too_big target(#halc.target<backend = "vulkan-spirv", arch = "small", features = none, max_workgroup_invocations = 64, max_workgroup_size = [64, 64, 64], max_shared_memory_bytes = 16384, subgroup_sizes = [16]>) {
  // expected-error @+1 {{'halc.export' op workgroup size 128 along x exceeds the limit of 64 of target 'small'}}
  halc.export @neg ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @neg(%a: memref<100xf32>, %out: memref<100xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<100xf32> to tensor<100xf32>
      %e = tensor.empty() : tensor<100xf32>
      %r = linalg.negf {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [128], workgroup_size = [128, 1, 1]>} ins(%0 : tensor<100xf32>) outs(%e : tensor<100xf32>) -> tensor<100xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<100xf32>, memref<100xf32>) -> ()
      return
    }
  }
}

// -----

// Tiles that divide the loops evenly win over powers of two: N = 96 in 4x4
// blocks per thread is 24 columns of threads, 12 of them (not 16) give two
// full tiles. K = 128 goes in steps of 4, so each thread's work is 4x4x4.
// CHECK-LABEL: halc.executable @aligned_matmul
// CHECK: halc.export @mm {{.*}} workgroup_size([12, 8, 1])
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [32, 48, 0], workgroup_size = [12, 8, 1], reduction_tile = [4]>}
halc.executable @aligned_matmul target(#halc.target<backend = "vulkan-spirv", arch = "portable", features = none, max_workgroup_invocations = 128, max_workgroup_size = [128, 128, 64], max_shared_memory_bytes = 16384, subgroup_sizes = [32]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @mm(%a: memref<64x128xf32>, %b: memref<128x96xf32>, %out: memref<64x96xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<64x128xf32> to tensor<64x128xf32>
      %1 = bufferization.to_tensor %b restrict : memref<128x96xf32> to tensor<128x96xf32>
      %e = tensor.empty() : tensor<64x96xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<64x128xf32>, tensor<128x96xf32>) outs(%e : tensor<64x96xf32>) -> tensor<64x96xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64x96xf32>, memref<64x96xf32>) -> ()
      return
    }
  }
}

// -----

// A row sum on a target with subgroups of one fixed size (32): the lanes of
// a subgroup share each row (reduction_lanes = 32, along x), 256 threads in
// all: 8 rows per workgroup along y, the row in serial steps of 4. With few
// rows (64: 8 workgroups so) each row gets a workgroup whose subgroups share
// it: 128 lanes for 1,000 elements (8 each), 1024 (the most) for 50,257.
// Where the subgroup size is not fixed (8 or 4, as on lavapipe) each thread
// keeps its whole row.
// CHECK-LABEL: halc.executable @rowsum
// CHECK: halc.export @rowsum {{.*}} workgroup_size([32, 8, 1])
// CHECK: linalg.reduce {{.*}}lowering_config = #halc.lowering_config<strategy = row_lanes, workgroup_tile = [8, 0], workgroup_size = [32, 8, 1], reduction_tile = [4], reduction_lanes = 32>
// CHECK-LABEL: halc.executable @rowsum_few
// CHECK: halc.export @rowsum {{.*}} workgroup_size([128, 1, 1])
// CHECK: linalg.reduce {{.*}}lowering_config = #halc.lowering_config<strategy = row_lanes, workgroup_tile = [1, 0], workgroup_size = [128, 1, 1], reduction_tile = [4], reduction_lanes = 128>
// CHECK-LABEL: halc.executable @rowsum_few_long
// CHECK: halc.export @rowsum {{.*}} workgroup_size([1024, 1, 1])
// CHECK: linalg.reduce {{.*}}lowering_config = #halc.lowering_config<strategy = row_lanes, workgroup_tile = [1, 0], workgroup_size = [1024, 1, 1], reduction_tile = [1], reduction_lanes = 1024>
// CHECK-LABEL: halc.executable @rowsum_varying
// CHECK-NOT: reduction_lanes
// CHECK: halc.export @rowsum
halc.executable @rowsum target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @rowsum ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @rowsum(%a: memref<4096x1000xf32>, %out: memref<4096xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<4096x1000xf32> to tensor<4096x1000xf32>
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<4096xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
      %r = linalg.reduce ins(%0 : tensor<4096x1000xf32>) outs(%f : tensor<4096xf32>) dimensions = [1]
        (%x: f32, %acc: f32) {
          %s = arith.addf %x, %acc : f32
          linalg.yield %s : f32
        }
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<4096xf32>, memref<4096xf32>) -> ()
      return
    }
  }
}
halc.executable @rowsum_few target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @rowsum ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @rowsum(%a: memref<64x1000xf32>, %out: memref<64xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<64x1000xf32> to tensor<64x1000xf32>
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
      %r = linalg.reduce ins(%0 : tensor<64x1000xf32>) outs(%f : tensor<64xf32>) dimensions = [1]
        (%x: f32, %acc: f32) {
          %s = arith.addf %x, %acc : f32
          linalg.yield %s : f32
        }
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64xf32>, memref<64xf32>) -> ()
      return
    }
  }
}
halc.executable @rowsum_few_long target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @rowsum ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @rowsum(%a: memref<64x50257xf32>, %out: memref<64xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<64x50257xf32> to tensor<64x50257xf32>
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
      %r = linalg.reduce ins(%0 : tensor<64x50257xf32>) outs(%f : tensor<64xf32>) dimensions = [1]
        (%x: f32, %acc: f32) {
          %s = arith.addf %x, %acc : f32
          linalg.yield %s : f32
        }
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64xf32>, memref<64xf32>) -> ()
      return
    }
  }
}
halc.executable @rowsum_varying target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8, 4]>) {
  halc.export @rowsum ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @rowsum(%a: memref<64x1000xf32>, %out: memref<64xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<64x1000xf32> to tensor<64x1000xf32>
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<64xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
      %r = linalg.reduce ins(%0 : tensor<64x1000xf32>) outs(%f : tensor<64xf32>) dimensions = [1]
        (%x: f32, %acc: f32) {
          %s = arith.addf %x, %acc : f32
          linalg.yield %s : f32
        }
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<64xf32>, memref<64xf32>) -> ()
      return
    }
  }
}

// -----

// A row chain (a softmax's max, sum and division over rows of 4096): the
// root, the division, gets the lanes of a row reduction: a workgroup per
// row, whole in it (its workgroup tile 0), 256 lanes (16 elements each) read
// it 4 elements a step, once per op: few rows are in flight, so the rereads
// hit the caches.
// CHECK-LABEL: halc.executable @softmax
// CHECK: halc.export @softmax {{.*}} workgroup_size([256, 1, 1])
// CHECK: arith.maximumf
// CHECK-NOT: lowering_config
// CHECK: arith.addf
// CHECK-NOT: lowering_config
// CHECK: lowering_config = #halc.lowering_config<strategy = row_lanes, workgroup_tile = [1, 0], workgroup_size = [256, 1, 1], reduction_tile = [4], reduction_lanes = 256>
// CHECK: arith.divf
#all = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
halc.executable @softmax target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @softmax ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @softmax(%a: memref<4096x4096xf32>, %out: memref<4096x4096xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<4096x4096xf32> to tensor<4096x4096xf32>
      %ninf = arith.constant 0xFF800000 : f32
      %z = arith.constant 0.0 : f32
      %e = tensor.empty() : tensor<4096xf32>
      %fm = linalg.fill ins(%ninf : f32) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
      %max = linalg.generic {indexing_maps = [#all, #row], iterator_types = ["parallel", "reduction"]} ins(%0 : tensor<4096x4096xf32>) outs(%fm : tensor<4096xf32>) {
      ^bb0(%x: f32, %m: f32):
        %r = arith.maximumf %x, %m : f32
        linalg.yield %r : f32
      } -> tensor<4096xf32>
      %fs = linalg.fill ins(%z : f32) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
      %sum = linalg.generic {indexing_maps = [#all, #row, #row], iterator_types = ["parallel", "reduction"]} ins(%0, %max : tensor<4096x4096xf32>, tensor<4096xf32>) outs(%fs : tensor<4096xf32>) {
      ^bb0(%x: f32, %m: f32, %s: f32):
        %d = arith.subf %x, %m : f32
        %ex = math.exp %d : f32
        %r = arith.addf %ex, %s : f32
        linalg.yield %r : f32
      } -> tensor<4096xf32>
      %e2 = tensor.empty() : tensor<4096x4096xf32>
      %div = linalg.generic {indexing_maps = [#all, #row, #row, #all], iterator_types = ["parallel", "parallel"]} ins(%0, %max, %sum : tensor<4096x4096xf32>, tensor<4096xf32>, tensor<4096xf32>) outs(%e2 : tensor<4096x4096xf32>) {
      ^bb0(%x: f32, %m: f32, %s: f32, %o: f32):
        %d = arith.subf %x, %m : f32
        %ex = math.exp %d : f32
        %r = arith.divf %ex, %s : f32
        linalg.yield %r : f32
      } -> tensor<4096x4096xf32>
      bufferization.materialize_in_destination %div in restrict writable %out : (tensor<4096x4096xf32>, memref<4096x4096xf32>) -> ()
      return
    }
  }
}

// -----

// A transpose of 8192x8192: 32x32 tiles, 32x8 threads (4 elements each),
// the input promoted to workgroup memory.
// CHECK-LABEL: halc.executable @transpose
// CHECK: halc.export @transpose {{.*}} workgroup_size([32, 8, 1])
// CHECK: lowering_config = #halc.lowering_config<strategy = transpose, workgroup_tile = [32, 32], workgroup_size = [32, 8, 1], promote_operands = [0]>
halc.executable @transpose target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @transpose ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @transpose(%a: memref<8192x8192xf32>, %out: memref<8192x8192xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<8192x8192xf32> to tensor<8192x8192xf32>
      %e = tensor.empty() : tensor<8192x8192xf32>
      %r = linalg.transpose ins(%0 : tensor<8192x8192xf32>) outs(%e : tensor<8192x8192xf32>) permutation = [1, 0]
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<8192x8192xf32>, memref<8192x8192xf32>) -> ()
      return
    }
  }
}

// -----

// A transpose of 16x1000 is too short along one side for 32x32 tiles: the
// elementwise strategy, nothing promoted.
// CHECK-LABEL: halc.executable @short_transpose
// CHECK: lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [{{[0-9]+}}, {{[0-9]+}}], workgroup_size = [{{[0-9]+}}, {{[0-9]+}}, 1]>
halc.executable @short_transpose target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @transpose ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @transpose(%a: memref<1000x16xf32>, %out: memref<16x1000xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<1000x16xf32> to tensor<1000x16xf32>
      %e = tensor.empty() : tensor<16x1000xf32>
      %r = linalg.transpose ins(%0 : tensor<1000x16xf32>) outs(%e : tensor<16x1000xf32>) permutation = [1, 0]
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<16x1000xf32>, memref<16x1000xf32>) -> ()
      return
    }
  }
}

// -----

// Contractions whose output tiles and K steps divide the loops step through
// K with both inputs staged in workgroup memory, 32x8 threads (four columns
// a thread): 2048² has enough 128x128 tiles (256) to fill a large GPU, 16x4
// outputs a thread, K steps of 32; 1024² gets 64x128 tiles, 8x4 a thread;
// K = 24 steps by 8. A target whose workgroups are smaller than 256 threads
// keeps the serial K loop of each thread (@aligned_matmul above).
// CHECK-LABEL: halc.executable @staged
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [128, 128, 32], workgroup_size = [32, 8, 1], reduction_tile = [4], promote_operands = [0, 1]>}
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [64, 128, 8], workgroup_size = [32, 8, 1], reduction_tile = [4], promote_operands = [0, 1]>}
halc.executable @staged target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @large ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  halc.export @small ordinal(1) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @large(%a: memref<2048x2048xf32>, %b: memref<2048x2048xf32>, %out: memref<2048x2048xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<2048x2048xf32> to tensor<2048x2048xf32>
      %1 = bufferization.to_tensor %b restrict : memref<2048x2048xf32> to tensor<2048x2048xf32>
      %e = tensor.empty() : tensor<2048x2048xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<2048x2048xf32>, tensor<2048x2048xf32>) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<2048x2048xf32>, memref<2048x2048xf32>) -> ()
      return
    }
    func.func @small(%a: memref<1024x24xf32>, %b: memref<24x1024xf32>, %out: memref<1024x1024xf32>) {
      %0 = bufferization.to_tensor %a restrict : memref<1024x24xf32> to tensor<1024x24xf32>
      %1 = bufferization.to_tensor %b restrict : memref<24x1024xf32> to tensor<24x1024xf32>
      %e = tensor.empty() : tensor<1024x1024xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<1024x24xf32>, tensor<24x1024xf32>) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1024x1024xf32>, memref<1024x1024xf32>) -> ()
      return
    }
  }
}

// -----

// Contractions that no staged tile divides, whose accumulator starts as a
// fill: tiles padded at the edges where they compute less than a third more
// than the output. 1000³: 64x128 tiles (95% used), K = 1000 in 32 steps of
// 32, the last padded (a step of 8 would divide it); 1000x100: 16x64 tiles
// of 2x4 blocks (more workgroups) with K = 36 in steps of 4 (padding it to
// 64 would add more than an eighth). A 100x100 output uses at most 70% of
// any tile: each thread keeps its serial K loop.
// CHECK-LABEL: halc.executable @edge_tiles
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [64, 128, 32], workgroup_size = [32, 8, 1], reduction_tile = [4], promote_operands = [0, 1]>}
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [16, 64, 4], workgroup_size = [16, 8, 1], reduction_tile = [4], promote_operands = [0, 1]>}
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [{{[0-9]+}}, {{[0-9]+}}, 0],
halc.executable @edge_tiles target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @square ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  halc.export @narrow ordinal(1) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  halc.export @small ordinal(2) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @square(%a: memref<1000x1000xf32>, %b: memref<1000x1000xf32>, %out: memref<1000x1000xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<1000x1000xf32> to tensor<1000x1000xf32>
      %1 = bufferization.to_tensor %b restrict : memref<1000x1000xf32> to tensor<1000x1000xf32>
      %e = tensor.empty() : tensor<1000x1000xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<1000x1000xf32>, tensor<1000x1000xf32>) outs(%f : tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1000x1000xf32>, memref<1000x1000xf32>) -> ()
      return
    }
    func.func @narrow(%a: memref<1000x36xf32>, %b: memref<36x100xf32>, %out: memref<1000x100xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<1000x36xf32> to tensor<1000x36xf32>
      %1 = bufferization.to_tensor %b restrict : memref<36x100xf32> to tensor<36x100xf32>
      %e = tensor.empty() : tensor<1000x100xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1000x100xf32>) -> tensor<1000x100xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<1000x36xf32>, tensor<36x100xf32>) outs(%f : tensor<1000x100xf32>) -> tensor<1000x100xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1000x100xf32>, memref<1000x100xf32>) -> ()
      return
    }
    func.func @small(%a: memref<100x64xf32>, %b: memref<64x100xf32>, %out: memref<100x100xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<100x64xf32> to tensor<100x64xf32>
      %1 = bufferization.to_tensor %b restrict : memref<64x100xf32> to tensor<64x100xf32>
      %e = tensor.empty() : tensor<100x100xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<100x100xf32>) -> tensor<100x100xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<100x64xf32>, tensor<64x100xf32>) outs(%f : tensor<100x100xf32>) -> tensor<100x100xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<100x100xf32>, memref<100x100xf32>) -> ()
      return
    }
  }
}

// -----

// K steps of 64 for 128x128 tiles of cooperative matrices where the two
// workgroups a compute unit runs at once fit its workgroup memory (2 x 35
// KiB: an SM of 164 KiB) and 64 divides K; steps of 32 where they do not
// fit (48 KiB, NVIDIA's Vulkan driver) or K is an odd multiple of 32, and
// for the smaller tiles (a 256x256 output: 32x32 tiles), whose resident
// workgroups were not measured.
// CHECK-LABEL: halc.executable @long_steps
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [128, 128, 64], {{.*}}subgroup_matrix = [16, 16, 16]>}
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [128, 128, 32], {{.*}}subgroup_matrix = [16, 16, 16]>}
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [32, 32, 32], {{.*}}subgroup_matrix = [16, 16, 16]>}
// CHECK-LABEL: halc.executable @long_steps_not_resident
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [128, 128, 32], {{.*}}subgroup_matrix = [16, 16, 16]>}
halc.executable @long_steps target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>], compute_unit_shared_memory_bytes = 167936>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  halc.export @mm_odd_k ordinal(1) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  halc.export @mm_small ordinal(2) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @mm(%a: memref<2048x256xf16>, %b: memref<256x2048xf16>, %out: memref<2048x2048xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<2048x256xf16> to tensor<2048x256xf16>
      %1 = bufferization.to_tensor %b restrict : memref<256x2048xf16> to tensor<256x2048xf16>
      %e = tensor.empty() : tensor<2048x2048xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<2048x256xf16>, tensor<256x2048xf16>) outs(%f : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<2048x2048xf32>, memref<2048x2048xf32>) -> ()
      return
    }
    func.func @mm_odd_k(%a: memref<2048x288xf16>, %b: memref<288x2048xf16>, %out: memref<2048x2048xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<2048x288xf16> to tensor<2048x288xf16>
      %1 = bufferization.to_tensor %b restrict : memref<288x2048xf16> to tensor<288x2048xf16>
      %e = tensor.empty() : tensor<2048x2048xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<2048x288xf16>, tensor<288x2048xf16>) outs(%f : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<2048x2048xf32>, memref<2048x2048xf32>) -> ()
      return
    }
    func.func @mm_small(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %out: memref<256x256xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<256x256xf16> to tensor<256x256xf16>
      %1 = bufferization.to_tensor %b restrict : memref<256x256xf16> to tensor<256x256xf16>
      %e = tensor.empty() : tensor<256x256xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<256x256xf16>, tensor<256x256xf16>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<256x256xf32>, memref<256x256xf32>) -> ()
      return
    }
  }
}
halc.executable @long_steps_not_resident target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>], compute_unit_shared_memory_bytes = 49152>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @mm(%a: memref<2048x256xf16>, %b: memref<256x2048xf16>, %out: memref<2048x2048xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<2048x256xf16> to tensor<2048x256xf16>
      %1 = bufferization.to_tensor %b restrict : memref<256x2048xf16> to tensor<256x2048xf16>
      %e = tensor.empty() : tensor<2048x2048xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<2048x256xf16>, tensor<256x2048xf16>) outs(%f : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<2048x2048xf32>, memref<2048x2048xf32>) -> ()
      return
    }
  }
}

// -----

// An f16 matmul accumulating in f32 on a target with that cooperative
// matrix: 128x128 workgroup tiles of four subgroups (64x64 each), K in
// steps of 32 (16 a subgroup step), both inputs staged. An f32 matmul on the
// same target keeps the staged strategy without them. A batch matmul takes
// them too, a batch of one to a workgroup (8 x 16 x 16 workgroups of
// 128x128 tiles).
// CHECK-LABEL: halc.executable @cooperative
// CHECK: halc.export @mm {{.*}} workgroup_size([64, 2, 1])
// CHECK: halc.export @bmm {{.*}} workgroup_size([64, 2, 1])
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [128, 128, 32], workgroup_size = [64, 2, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>}
// CHECK: linalg.batch_matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [1, 128, 128, 32], workgroup_size = [64, 2, 1], reduction_tile = [16], promote_operands = [0, 1], subgroup_matrix = [16, 16, 16]>}
// CHECK-NOT: subgroup_matrix
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [128, 128, 32], workgroup_size = [32, 8, 1], reduction_tile = [4], promote_operands = [0, 1]>}
halc.executable @cooperative target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>]>) {
  halc.export @mm ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  halc.export @bmm ordinal(1) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  halc.export @mm_f32 ordinal(2) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @mm(%a: memref<2048x256xf16>, %b: memref<256x2048xf16>, %out: memref<2048x2048xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<2048x256xf16> to tensor<2048x256xf16>
      %1 = bufferization.to_tensor %b restrict : memref<256x2048xf16> to tensor<256x2048xf16>
      %e = tensor.empty() : tensor<2048x2048xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<2048x256xf16>, tensor<256x2048xf16>) outs(%f : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<2048x2048xf32>, memref<2048x2048xf32>) -> ()
      return
    }
    func.func @bmm(%a: memref<8x2048x256xf16>, %b: memref<8x256x2048xf16>, %out: memref<8x2048x2048xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<8x2048x256xf16> to tensor<8x2048x256xf16>
      %1 = bufferization.to_tensor %b restrict : memref<8x256x2048xf16> to tensor<8x256x2048xf16>
      %e = tensor.empty() : tensor<8x2048x2048xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<8x2048x2048xf32>) -> tensor<8x2048x2048xf32>
      %r = linalg.batch_matmul ins(%0, %1 : tensor<8x2048x256xf16>, tensor<8x256x2048xf16>) outs(%f : tensor<8x2048x2048xf32>) -> tensor<8x2048x2048xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<8x2048x2048xf32>, memref<8x2048x2048xf32>) -> ()
      return
    }
    func.func @mm_f32(%a: memref<2048x256xf32>, %b: memref<256x2048xf32>, %out: memref<2048x2048xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<2048x256xf32> to tensor<2048x256xf32>
      %1 = bufferization.to_tensor %b restrict : memref<256x2048xf32> to tensor<256x2048xf32>
      %e = tensor.empty() : tensor<2048x2048xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<2048x256xf32>, tensor<256x2048xf32>) outs(%f : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<2048x2048xf32>, memref<2048x2048xf32>) -> ()
      return
    }
  }
}

// -----

// A reduction over two loops steps several elements only along the inner
// one (5: steps of 1; the outer loop of 4 one at a time): a strided slice of
// four along the outer loop hung the lowering of its vectors.
// CHECK-LABEL: halc.executable @two_reduction_loops
// CHECK: linalg.generic {{.*}}reduction_tile = [1, 1]>
// CHECK-LABEL: halc.executable @two_reduction_loops_even
// CHECK: linalg.generic {{.*}}reduction_tile = [1, 4]>
halc.executable @two_reduction_loops target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @sum ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @sum(%in: memref<3x4x5xf32>, %out: memref<3xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %in restrict : memref<3x4x5xf32> to tensor<3x4x5xf32>
      %e = tensor.empty() : tensor<3xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%0 : tensor<3x4x5xf32>) outs(%f : tensor<3xf32>) {
      ^bb0(%x: f32, %acc: f32):
        %s = arith.addf %x, %acc : f32
        linalg.yield %s : f32
      } -> tensor<3xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<3xf32>, memref<3xf32>) -> ()
      return
    }
  }
}
halc.executable @two_reduction_loops_even target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @sum ordinal(0) layout(#halc.layout<bindings = [read_only, read_write]>)
  builtin.module {
    func.func @sum(%in: memref<3x4x8xf32>, %out: memref<3xf32>) {
      %zero = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %in restrict : memref<3x4x8xf32> to tensor<3x4x8xf32>
      %e = tensor.empty() : tensor<3xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%0 : tensor<3x4x8xf32>) outs(%f : tensor<3xf32>) {
      ^bb0(%x: f32, %acc: f32):
        %s = arith.addf %x, %acc : f32
        linalg.yield %s : f32
      } -> tensor<3xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<3xf32>, memref<3xf32>) -> ()
      return
    }
  }
}

// -----

// A dynamic batch takes a workgroup dimension; of the static parallel loops
// the largest take the others (channels, then columns: the innermost of
// two equal ones) and each thread computes the smallest whole (4 rows), not
// 128 channels (which lavapipe computed wrongly).
// CHECK-LABEL: halc.executable @dynamic_batch_conv
// CHECK: linalg.conv_2d_nchw_fchw {{.*}}workgroup_tile = [1, 16, 0, 4, 0, 0, 0]
halc.executable @dynamic_batch_conv target(#halc.target<backend = "vulkan-spirv", arch = "lavapipe", features = fp16, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 1024], max_shared_memory_bytes = 32768, subgroup_sizes = [8]>) {
  halc.export @conv ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write], constants = 1>)
  builtin.module {
    func.func @conv(%in: memref<?x64x10x10xf32>, %w: memref<128x64x3x3xf32>, %out: memref<?x128x4x4xf32>) {
      %zero = arith.constant 0.0 : f32
      %c0 = arith.constant 0 : index
      %0 = bufferization.to_tensor %in restrict : memref<?x64x10x10xf32> to tensor<?x64x10x10xf32>
      %1 = bufferization.to_tensor %w restrict : memref<128x64x3x3xf32> to tensor<128x64x3x3xf32>
      %n = tensor.dim %0, %c0 : tensor<?x64x10x10xf32>
      %e = tensor.empty(%n) : tensor<?x128x4x4xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x128x4x4xf32>) -> tensor<?x128x4x4xf32>
      %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%0, %1 : tensor<?x64x10x10xf32>, tensor<128x64x3x3xf32>) outs(%f : tensor<?x128x4x4xf32>) -> tensor<?x128x4x4xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<?x128x4x4xf32>, memref<?x128x4x4xf32>) -> ()
      return
    }
  }
}

// -----

// A contraction with an elementwise epilogue (a bias and ReLU; a
// truncation to f16): its staged strategy is chosen for the contraction,
// which carries the config, not for the op writing the result.
// CHECK-LABEL: halc.executable @epilogue
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [128, 128, 32], workgroup_size = [32, 8, 1], reduction_tile = [4], promote_operands = [0, 1]>}
// CHECK: linalg.generic
// CHECK-NOT: lowering_config
// CHECK: func.func @truncating
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [128, 128, 32], workgroup_size = [32, 8, 1], reduction_tile = [4], promote_operands = [0, 1]>}
// CHECK: linalg.generic
// CHECK-NOT: lowering_config
halc.executable @epilogue target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32]>) {
  halc.export @bias_relu ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_only, read_write]>)
  halc.export @truncating ordinal(1) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @bias_relu(%a: memref<2048x2048xf32>, %b: memref<2048x2048xf32>, %bias: memref<2048xf32>, %out: memref<2048x2048xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<2048x2048xf32> to tensor<2048x2048xf32>
      %1 = bufferization.to_tensor %b restrict : memref<2048x2048xf32> to tensor<2048x2048xf32>
      %2 = bufferization.to_tensor %bias restrict : memref<2048xf32> to tensor<2048xf32>
      %e = tensor.empty() : tensor<2048x2048xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
      %m = linalg.matmul ins(%0, %1 : tensor<2048x2048xf32>, tensor<2048x2048xf32>) outs(%f : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
          ins(%m, %2 : tensor<2048x2048xf32>, tensor<2048xf32>) outs(%e : tensor<2048x2048xf32>) {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %s = arith.addf %x, %y : f32
        %t = arith.maximumf %s, %z : f32
        linalg.yield %t : f32
      } -> tensor<2048x2048xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<2048x2048xf32>, memref<2048x2048xf32>) -> ()
      return
    }
    func.func @truncating(%a: memref<2048x2048xf32>, %b: memref<2048x2048xf32>, %out: memref<2048x2048xf16>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<2048x2048xf32> to tensor<2048x2048xf32>
      %1 = bufferization.to_tensor %b restrict : memref<2048x2048xf32> to tensor<2048x2048xf32>
      %e = tensor.empty() : tensor<2048x2048xf32>
      %e16 = tensor.empty() : tensor<2048x2048xf16>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
      %m = linalg.matmul ins(%0, %1 : tensor<2048x2048xf32>, tensor<2048x2048xf32>) outs(%f : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
      %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
          ins(%m : tensor<2048x2048xf32>) outs(%e16 : tensor<2048x2048xf16>) {
      ^bb0(%x: f32, %o: f16):
        %t = arith.truncf %x : f32 to f16
        linalg.yield %t : f16
      } -> tensor<2048x2048xf16>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<2048x2048xf16>, memref<2048x2048xf16>) -> ()
      return
    }
  }
}

// -----

// The workgroups that fill a GPU follow its compute units: on a GPU of 2
// (4 workgroups fill it), the 256x256 matmul above takes 128x128 tiles,
// where an unknown count (a large GPU's 256 workgroups) took 32x32 ones.
// CHECK-LABEL: halc.executable @few_compute_units
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = cooperative_matrix, workgroup_tile = [128, 128, {{32|64}}], {{.*}}subgroup_matrix = [16, 16, 16]>}
halc.executable @few_compute_units target(#halc.target<backend = "cuda", arch = "sm_80", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], cooperative_matrices = [<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>], compute_units = 2>) {
  halc.export @mm_small ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @mm_small(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %out: memref<256x256xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<256x256xf16> to tensor<256x256xf16>
      %1 = bufferization.to_tensor %b restrict : memref<256x256xf16> to tensor<256x256xf16>
      %e = tensor.empty() : tensor<256x256xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<256x256xf16>, tensor<256x256xf16>) outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<256x256xf32>, memref<256x256xf32>) -> ()
      return
    }
  }
}

// -----

// Whole waves: on an H100's 132 SMs, BERT's 1024x768 projection in 64x64
// tiles is 192 workgroups, 73% of two waves (half the SMs wait for the
// others' second tile); 32x64 tiles of the same 4x4 blocks are 384, 97%
// of three.
// CHECK-LABEL: halc.executable @whole_waves
// CHECK: linalg.matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [32, 64, 32], workgroup_size = [16, 8, 1],
halc.executable @whole_waves target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], compute_units = 132>) {
  halc.export @projection ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @projection(%a: memref<1024x768xf32>, %b: memref<768x768xf32>, %out: memref<1024x768xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %a restrict : memref<1024x768xf32> to tensor<1024x768xf32>
      %1 = bufferization.to_tensor %b restrict : memref<768x768xf32> to tensor<768x768xf32>
      %e = tensor.empty() : tensor<1024x768xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<1024x768xf32>) -> tensor<1024x768xf32>
      %r = linalg.matmul ins(%0, %1 : tensor<1024x768xf32>, tensor<768x768xf32>) outs(%f : tensor<1024x768xf32>) -> tensor<1024x768xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<1024x768xf32>, memref<1024x768xf32>) -> ()
      return
    }
  }
}

// -----

// A short K loop (attention's scores: 64 per head): GPT-2's 12 heads of
// 1024x1024 take 64x128 tiles of 8x4 blocks (at most 32 outputs a thread),
// not 128x128 tiles of 16x4, so that more workgroups share an SM while
// each loads its two steps (GPT-2 small f32 on an H100: 8.78 -> 8.68 ms).
// CHECK-LABEL: halc.executable @short_reduction
// CHECK: linalg.batch_matmul {lowering_config = #halc.lowering_config<strategy = staged_contraction, workgroup_tile = [1, 64, 128, 32], workgroup_size = [32, 8, 1],
halc.executable @short_reduction target(#halc.target<backend = "vulkan-spirv", arch = "nvidia", features = fp16|subgroup, max_workgroup_invocations = 1024, max_workgroup_size = [1024, 1024, 64], max_shared_memory_bytes = 49152, subgroup_sizes = [32], compute_units = 132>) {
  halc.export @scores ordinal(0) layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
  builtin.module {
    func.func @scores(%q: memref<12x1024x64xf32>, %k: memref<12x64x1024xf32>, %out: memref<12x1024x1024xf32>) {
      %z = arith.constant 0.0 : f32
      %0 = bufferization.to_tensor %q restrict : memref<12x1024x64xf32> to tensor<12x1024x64xf32>
      %1 = bufferization.to_tensor %k restrict : memref<12x64x1024xf32> to tensor<12x64x1024xf32>
      %e = tensor.empty() : tensor<12x1024x1024xf32>
      %f = linalg.fill ins(%z : f32) outs(%e : tensor<12x1024x1024xf32>) -> tensor<12x1024x1024xf32>
      %r = linalg.batch_matmul ins(%0, %1 : tensor<12x1024x64xf32>, tensor<12x64x1024xf32>) outs(%f : tensor<12x1024x1024xf32>) -> tensor<12x1024x1024xf32>
      bufferization.materialize_in_destination %r in restrict writable %out : (tensor<12x1024x1024xf32>, memref<12x1024x1024xf32>) -> ()
      return
    }
  }
}
