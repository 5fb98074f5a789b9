//===- Passes.td - Codegen passes shared by all targets ----*- tablegen -*-===//

#ifndef HALC_CODEGEN_COMMON_PASSES
#define HALC_CODEGEN_COMMON_PASSES

include "mlir/Pass/PassBase.td"

def ImplicitGemmPass : Pass<"halc-implicit-gemm", "::mlir::halc::ExecutableOp"> {
  let summary = "Rewrites 2-D convolutions as matmuls over their im2col matrix";
  let description = [{
    A static `linalg.conv_2d_nhwc_hwcf`, `conv_2d_nhwc_fhwc` or
    `conv_2d_nchw_fchw` whose result a dispatch writes to a binding becomes a
    contraction of its im2col matrix and its collapsed filter, written
    through a collapsed view of the binding: M is the batch and the output
    pixels (channels last; channels first has a matmul per image, M the
    output channels). The im2col matrix is a generic without inputs that
    reads the input at `pixel * stride + filter * dilation`, running the
    elementwise ops that produce the input (a pad: its bounds checks) at
    that index, so it fuses into the matmul's tiles and is never written.
    Other convolutions keep their direct loops.

    ```mlir
    %a = linalg.generic ... outs(%empty : tensor<3136x576xf32>) {
      %m = linalg.index 0 : index
      ...
      %x = tensor.extract %input[%n, %h, %w, %c] : tensor<1x56x56x64xf32>
    }
    %b = tensor.collapse_shape %filter [[0, 1, 2], [3]]
    %r = linalg.generic {iterator_types = ["parallel", "parallel", "reduction"]}
           ins(%a, %b : ...) outs(...) -> tensor<3136x64xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def DropUnitLoopsPass : Pass<"halc-drop-unit-loops", "::mlir::halc::ExecutableOp"> {
  let summary = "Rewrites contractions with a parallel loop of one iteration without it";
  let description = [{
    A static contraction whose result a dispatch writes to a binding and
    that has a parallel loop of extent 1 (a matrix times a vector, a vector
    times a matrix, a batch of one) becomes a `linalg.generic` without its
    unit loops (upstream's `dropUnitDims`), reading and writing its bindings
    collapsed. A matvec is then a reduction of the rows of A; a vecmat, its
    reduction loop put first, one of the columns of B: the heuristic spreads
    either over the lanes of subgroups instead of running a few serial dot
    products a workgroup.

    ```mlir
    %r = linalg.matmul ins(%a, %x : tensor<4096x4096xf32>, tensor<4096x1xf32>) ...
    // becomes, with %x's binding a memref<4096xf32>
    %r = linalg.generic {iterator_types = ["parallel", "reduction"]}
           ins(%a, %x : tensor<4096x4096xf32>, tensor<4096xf32>) ...
    ```
  }];
  let dependentDialects = [
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ReduceFewRowsPass : Pass<"halc-reduce-few-rows", "::mlir::halc::ExecutableOp"> {
  let summary = "Puts the K loop of a contraction with few rows outside its N loop";
  let description = [{
    A static contraction `C (m x n) = A (m x k) B (k x n)` with few rows
    (M up to 16: a decoding step's batch) whose B is read along its rows
    becomes a `linalg.generic` with its loops ordered (m, k, n): a
    reduction of the columns of B. Its strategy (`column_lanes`) gives a
    workgroup 32 columns, each thread all M rows of its column, and spreads
    each column's K over the lanes (as for a vecmat), so that B streams
    through once instead of in tiles that are mostly padding.

    ```mlir
    %r = linalg.matmul ins(%a, %b : tensor<8x4096xf32>, tensor<4096x4096xf32>) ...
    // becomes
    %r = linalg.generic {iterator_types = ["parallel", "reduction", "parallel"]}
           ins(%a, %b : tensor<8x4096xf32>, tensor<4096x4096xf32>) ...
    ```
  }];
}

def SelectLoweringConfigPass
    : Pass<"halc-select-lowering-config", "::mlir::halc::ExecutableOp"> {
  let summary = "Chooses tile sizes and workgroup size of each dispatch";
  let description = [{
    Finds the op each dispatch tiles (the op producing its results, or the
    contraction an elementwise epilogue there consumes) and sets a
    `#halc.lowering_config` on it: its strategy and tiles, chosen from the
    executable's `#halc.target` alone (Strategies/SelectStrategy.cpp). A
    config already present in the input wins (one op of a dispatch at
    most), if its strategy fits the op. The export gets the config's
    `workgroup_size`.

    ```mlir
    %r = linalg.matmul {lowering_config = #halc.lowering_config<
             strategy = thread_tiles, workgroup_tile = [32, 64, 0],
             workgroup_size = [16, 8, 1]>} ...
    ```
  }];
}

def TileAndDistributePass
    : Pass<"halc-tile-and-distribute", "::mlir::halc::ExecutableOp"> {
  let summary = "Tiles each dispatch to workgroups and threads, fusing producers";
  let description = [{
    Tiles the op carrying the lowering config with `scf.forall` twice: over
    workgroups (`#gpu.block<x|y|z>`, tile sizes `workgroup_tile`) and, inside,
    over the threads of a workgroup (`#gpu.thread<x|y|z>`, one loop per
    thread along each distributed loop), fusing every producer into both.
    Reduction loops with a `reduction_tile` become a serial `scf.for` in each
    thread. Under a `subgroup_matrix` the inner loops go to subgroups
    (`#gpu.warp<x|y>`) instead of threads, each a block of the workgroup's
    tile. Sizes that are not multiples of the tiles give smaller tiles at
    the edges (`affine.min`), never out-of-bounds accesses. Records the
    workgroup count on the export. An op that cannot be fused into the loops
    is an error that names it.

    ```mlir
    scf.forall (%i, %j) = ... shared_outs(...) {       // #gpu.block<y>, <x>
      scf.forall (%ti, %tj) in (8, 8) shared_outs(...) { // #gpu.thread<y>, <x>
        linalg.fill ... linalg.matmul ... linalg.generic ...
      }
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def VectorizePass : Pass<"halc-vectorize", "::mlir::halc::ExecutableOp"> {
  let summary = "Turns each thread's statically shaped tiles into vector ops";
  let description = [{
    Vectorizes every linalg op in a thread loop whose shape is static and
    small enough for registers (at most 256 iterations), with upstream
    `linalg::vectorize`; contractions become `vector.contract`. An op in a
    subgroup loop (`#gpu.warp`) is vectorized whatever its size: its
    vectors are the subgroup's cooperative matrices. Ops with dynamic
    shapes (partial tiles) are left as they are.

    ```mlir
    %a = vector.transfer_read %lhs[%i, %k], %pad {in_bounds = [true, true]}
    %c = vector.contract {...} %a, %b, %acc : vector<4x4xf32>, ...
    ```
  }];
  let dependentDialects = [
    "::mlir::vector::VectorDialect",
  ];
}

def BufferizePass : Pass<"halc-bufferize", "::mlir::halc::ExecutableOp"> {
  let summary = "Bufferizes each dispatch in place into its bindings";
  let description = [{
    Writes results straight into the written bindings (empty tensor
    elimination), gives each remaining temporary a static upper-bound size in
    private memory (`memref.alloca` in `#gpu.address_space<private>`), and
    runs upstream One-Shot Bufferize on the dispatch functions.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def DistributeReductionLanesPass
    : Pass<"halc-distribute-reduction-lanes", "::mlir::halc::ExecutableOp"> {
  let summary = "Shares each marked thread's reduction among lanes of a workgroup";
  let description = [{
    Runs after bufferization, on thread `scf.forall` loops that
    tile-and-distribute marked `halc.reduction_lanes = N` (a lowering config
    with `reduction_lanes`). The forall gains a dimension of N lanes, mapped
    to x for a row's reduction and to y for a column's (whose columns hold
    x); each lane runs the thread's serial reduction loop over a strided
    share (lane * step, by N * step) into a private accumulator that starts
    at the combiner's identity. Lanes along x that fill whole subgroups of
    the target's one subgroup size are combined by `gpu.subgroup_reduce`.
    Otherwise (more lanes than a subgroup, lanes along y, no fixed subgroup
    size) the first lane of each subgroup (or each lane) stores its result in
    workgroup memory laid out as the workgroup's threads, a barrier, and
    lane 0 folds its reduction's results; the forall must then fill the
    workgroup (no thread may skip the barrier). Lane 0 alone writes the
    output (combined with its initial value) and runs what follows the
    loop. A forall whose thread's work is neither a reduction nor a row's
    loop is an error: its strategy shares what halc cannot.

    ```mlir
    scf.forall (%lane, %row) in (32, 8) {
      scf.for %k = %lane4 to %c8192 step %c128 { ... }
      %sum = gpu.subgroup_reduce add %partial : (f32) -> f32
      scf.if %lane_is_0 { ... }
    } {mapping = [#gpu.thread<x>, #gpu.thread<y>]}
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def MapForallToGPUPass
    : Pass<"halc-map-forall-to-gpu", "::mlir::halc::ExecutableOp"> {
  let summary = "Replaces mapped scf.forall loops with workgroup and thread ids";
  let description = [{
    Each `scf.forall` mapped to `#gpu.block` becomes `gpu.block_id`
    arithmetic; each mapped to `#gpu.thread` becomes `gpu.thread_id`
    arithmetic, guarded by `scf.if` where the workgroup has more threads than
    the loop has iterations (and where threads along a dimension the loop does
    not use would repeat its work). One mapped to `#gpu.warp` gives each
    subgroup an iteration: along x, the thread id divided by the target's
    subgroup size. One mapped to `linear_dim_i` (a copy spread over all the
    threads) splits the thread's linear id into an iteration of each loop;
    with a multiple of the threads' iterations it runs in rounds, the body
    once per round at the linear id plus the threads of the rounds before.

    ```mlir
    %tx = gpu.thread_id x
    %in = arith.cmpi ult, %tx, %c3 : index
    scf.if %in { ... }
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def LowerVectorsPass
    : Pass<"halc-lower-vectors", "::mlir::halc::ExecutableOp"> {
  let summary = "Lowers vector ops to the 1-D vectors of at most four elements GPUs have";
  let description = [{
    Runs after bufferization. Hoists the reads and writes of accumulators out
    of serial loops (they are carried in registers) and forwards stores to
    loads; a subgroup's contraction (marked `halc.subgroup_matrix` by
    halc-vectorize) is cut into the target's cooperative-matrix shape and
    becomes upstream's `gpu.subgroup_mma_*` ops, its accumulators matrices
    the loops carry; other `vector.contract`s become outer products and
    those `vector.fma`, lowers multi-reductions, transposes and broadcasts, and
    unrolls every n-D vector op into 1-D pieces of up to four elements;
    transfers become `vector.load` and `vector.store`. A transfer that may
    cross its memref's edges (a staged tile's at the edge of its operands)
    becomes a guarded load or store per row, and per element in a row
    across an edge.

    ```mlir
    %acc = scf.for ... iter_args(%c = %init) -> (vector<4xf32>) {
      %r = vector.fma %a, %b, %c : vector<4xf32>
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::ub::UBDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def PrefetchWorkgroupCopiesPass
    : Pass<"halc-prefetch-workgroup-copies", "::mlir::halc::ExecutableOp"> {
  let summary = "Loads the next step's copies to workgroup memory while this step computes";
  let description = [{
    Runs after halc-lower-vectors. In a serial loop whose body copies global
    memory to workgroup memory, waits at a barrier and then computes from it
    (a staged matmul's K loop), the loads of the copies are issued one step
    ahead with upstream's `scf` loop pipeliner: the values loaded for the
    next step are carried in registers while the threads compute this one,
    so the loads' latency hides behind the math. Workgroup allocations move
    to the dispatch's entry first (they are static buffers of the kernel).
    Where the target `peels_prefetched_loops` the last step's math follows
    the loop; else the loop runs it too, the loads ahead of it clamped to
    that step (they read it again; the values go unused): what each
    target's last compiler was measured to schedule best (NVIDIA's SPIR-V
    compiler, LLVM's NVPTX backend). A thread's copy of up to 16 elements
    that is a linalg op on workgroup memory (a gathered operand's, read at
    computed indices: an im2col matrix) becomes loads and stores in the
    step first, so that it too loads a step ahead; the values its stores
    write cross to the next step, not what they are selected from. A copy
    under a guard, or one whose
    values need something that writes memory or reads workgroup memory,
    stays where it is. A thread's loop
    through what a step copied (up to 8 iterations, no barrier inside) is
    unrolled, so that the GPU's compiler issues its reads of workgroup
    memory ahead of the FMAs too: where the target `unrolls_marked_loops`
    it stays a loop marked `halc.unroll` (its SPIR-V loop's Unroll control,
    LLVM's llvm.loop.unroll.full): the modules stay small; else (Metal) by
    halc.

    ```mlir
    %next = vector.load %a[...]                  // step 0
    scf.for %k = %c0 to %c2032 step %c16 iter_args(%v = %next, ...) {
      vector.store %v, %shared[...]
      gpu.barrier
      %n = vector.load %a[..., %k + 16]          // step k + 1
      ... vector.load %shared ... vector.fma ...  // step k, unrolled
      gpu.barrier
      scf.yield %n, ...
    }
    ... the last step ...
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
  ];
}
def AlignBindingAccessesPass
    : Pass<"halc-align-binding-accesses", "::mlir::halc::ExecutableOp"> {
  let summary = "Records the byte alignment of vector loads and stores of bindings";
  let description = [{
    Bindings are whole buffers, at least 16-byte aligned on every driver. A
    `vector.load` or `vector.store` of a binding whose element offset is a
    known multiple of its vector's length (constants, products, sums, loops
    starting and stepping by multiples; strides of the binding's static
    shape) gets that alignment in bytes, up to the vector's size and 16:
    LLVM then emits one 128-bit access instead of four 32-bit ones, and the
    SPIR-V path sees the binding as a buffer of vectors
    (halc-vectorize-bindings).

    ```mlir
    %i = arith.muli %thread_id_x, %c4 : index
    %v = vector.load %arg0[%row, %i] {alignment = 16 : i64} : memref<64x4096xf32>, vector<4xf32>
    ```
  }];
}

def CheckWorkgroupMemoryPass
    : Pass<"halc-check-workgroup-memory", "::mlir::halc::ExecutableOp"> {
  let summary = "Refuses kernels whose workgroup buffers exceed the target's workgroup memory";
  let description = [{
    Every workgroup buffer of a kernel (`memref.alloc` in workgroup memory:
    staged tiles, a padded result, lanes' partial sums) is a variable of the
    kernel for its whole run, so their sizes add up. Each is checked where
    it is made, but not their sum: a lowering_config written by hand (tiles
    at the edges of a large output keep their result there) can ask for
    more than the target has, and a GPU runs such a kernel into a lost
    device. The pass reports it at the dispatch's op, with the bytes it
    needs and the target's limit.

    ```
    error: dispatch @mm needs 129792 bytes of workgroup memory (3 buffers); the target has 49152
    ```
  }];
}

#endif // HALC_CODEGEN_COMMON_PASSES
