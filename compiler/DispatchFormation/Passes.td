//===- Passes.td - Dispatch formation passes ---------------*- tablegen -*-===//

#ifndef HALC_DISPATCHFORMATION_PASSES
#define HALC_DISPATCHFORMATION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertAccGemmToGemmPass : Pass<"halc-convert-accgemm-to-gemm", "ModuleOp"> {
  let summary = "Makes contractions, convolutions and reductions that accumulate into a tensor combine it after the sum";
  let description = [{
    A contraction or convolution whose init is neither an empty tensor nor
    a fill (`C += A·B` with C a function argument, a broadcast bias, another
    op's result) becomes the same op on a zero fill and an elementwise
    addition of C, as IREE's `iree-codegen-convert-accgemm-to-gemm` does.
    Any other op with reduction loops and one result whose body combines
    into the accumulator with one arith op (a sum, a maximum) starts from
    that op's identity and combines C with the same op after.
    The addition fuses into the op's dispatch as its epilogue, so the
    kernel reads C (a read-only binding when it comes from outside) and
    writes the sum to its own result, never into the buffer C lives in.

    ```mlir
    %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>)
                       outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
    // becomes
    %zeros = linalg.fill ins(%cst : f32) outs(%empty : tensor<4x16xf32>)
    %s = linalg.matmul ins(%a, %b ...) outs(%zeros : tensor<4x16xf32>)
    %r = linalg.generic {iterator_types = ["parallel", "parallel"]}
           ins(%s, %c : ...) outs(%empty : tensor<4x16xf32>) { arith.addf }
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ConvertPatchConvolutionsPass : Pass<"halc-convert-patch-convolutions", "ModuleOp"> {
  let summary = "Rewrites convolutions whose stride is their kernel (patch embeddings) as permutations and a matmul";
  let description = [{
    A `linalg.conv_2d_nchw_fchw` with stride equal to its kernel (larger
    than 1x1), no dilation, and an input of whole patches (a vision
    transformer's 16x16 patch embedding) reads every input element once:
    its im2col matrix is the input with each patch's elements brought
    together. It becomes that rearrangement, a `linalg.matmul` by the
    weights viewed as [F, C kh kw] (transposed B), and the product's
    transpose back to NCHW (which fuses into what reads it), so that a
    contraction strategy runs it instead of an implicit GEMM gathering
    strided windows. The rearrangement is two permutations of four
    dimensions, the rows of patches and then each patch's columns (that
    one's loops ordered so that the three innermost, which workgroups take,
    are the large ones): one permutation of six dimensions would leave
    three loops to a few workgroups.

    ```mlir
    %y = linalg.conv_2d_nchw_fchw {strides = dense<16> : tensor<2xi64>}
           ins(%x, %w : tensor<8x3x224x224xf32>, tensor<768x3x16x16xf32>) ...
    // becomes
    %r = tensor.collapse_shape (tensor.expand_shape %x ...) : ... into tensor<8x3x14x3584xf32>
    %t = linalg.transpose ins(%r) ... permutation = [0, 2, 1, 3]      // 8x14x3x3584
    %c = tensor.collapse_shape (tensor.expand_shape %t ...) : ... into tensor<112x48x14x16xf32>
    %p = linalg.generic ins(%c) ...                                    // 112x14x48x16
    %a = tensor.collapse_shape %p [[0, 1], [2, 3]] : ... into tensor<1568x768xf32>
    %b = tensor.collapse_shape %w [[0], [1, 2, 3]] : ... into tensor<768x768xf32>
    %m = linalg.matmul indexing_maps = [...] ins(%a, %b ...) outs(%zeros : tensor<1568x768xf32>)
    %y = linalg.transpose ins(expand_shape %m : tensor<8x14x14x768xf32>) ... permutation = [0, 3, 1, 2]
    ```
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def FoldAffineIntoWeightsPass : Pass<"halc-fold-affine-into-weights", "ModuleOp"> {
  let summary = "Moves a per-channel scale after a convolution or contraction into its constant weights";
  let description = [{
    An elementwise op that scales and shifts a convolution's or
    contraction's result by values computed from constants alone, read
    along the result's channels (an inference batch norm: `(y - mean) *
    scale / sqrt(var + eps) + bias`; a layer scale), is affine in that
    result: `y * a[c] + b[c]`. When the producer sums from zero and reads
    constant weights of the same element type along those channels, the
    scale moves into the weights, `W * a[c]`, and a bias `+ b[c]` is
    left, the epilogue every strategy has. The scaled weights depend on
    constants only: the module computes them once, when it loads and its
    parameters are bound (the plan's load-time dispatches), not at every
    call. An affine op that reads the result through a collapse (a grouped
    convolution's [N, G, F/G, H, W] as [N, F, H, W]) first moves below it
    (upstream's reshape propagation by expansion, for such ops only). A
    chain the analysis cannot write as `a * y + b` (an activation, a
    product of two such values) is left as it is.

    ```mlir
    %y = linalg.conv_2d_nchw_fchw ins(%x, %w : ...) outs(%zeros : ...)
    %n = linalg.generic ins(%y, %scale, %bias, %mean, %var : ...) {
           // (y - mean) * scale * rsqrt(var + eps) + bias
         }
    // becomes
    %a = linalg.generic ins(%scale, %bias, %mean, %var) { scale * rsqrt(var + eps) }
    %b = linalg.generic ins(%scale, %bias, %mean, %var) { bias - mean * scale * rsqrt(var + eps) }
    %w2 = linalg.generic ins(%w, %a) { w * a[f] }
    %y2 = linalg.conv_2d_nchw_fchw ins(%x, %w2 : ...) outs(%zeros : ...)
    %n = linalg.generic ins(%y2, %b) { y + b[f] }
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def LowerToFusableLinalgPass : Pass<"halc-lower-to-fusable-linalg", "ModuleOp"> {
  let summary = "Rewrites softmax, pack, unpack, pad, concat, slices and insertions into linalg ops that fuse into their consumers";
  let description = [{
    `linalg.softmax` (and any op with upstream's AggregatedOpInterface) is
    decomposed into its reductions and elementwise steps, `linalg.pack`
    into a pad, an expand_shape and a transpose, `linalg.unpack` into a
    transpose, a collapse_shape and an extract_slice (upstream's
    decompositions). `tensor.pad` and
    `tensor.concat` become parallel `linalg.generic`s without inputs that
    `tensor.extract` each element from its source at a clamped index and
    select it (or the padding value, the pad's region evaluated at the
    element's indices): they fuse into a convolution or a matmul that reads
    them like any elementwise producer, tile by tile, instead of writing a
    padded copy. A concatenation of more than 8 inputs (half of a
    dispatch's 16 bindings) is first one of concatenations of at most 8,
    each read by index and so a dispatch of its own (a DenseNet block's 25
    feature maps). `tensor.insert_slice` becomes the same kind of generic
    (the source's element where the index falls on the slice, else the
    destination's), and so does `tensor.extract_slice` with a stride other
    than 1 (its source read at offset + index * stride), which memory
    cannot view as vectors. `tensor.insert` becomes an elementwise generic
    on the destination (the scalar where every index matches), so a chain
    of insertions fuses; `tensor.from_elements` and `tensor.generate` become
    upstream's destination-style generics; `tensor.reshape` with a shape
    tensor becomes a collapse to one dimension and an expand to the sizes
    the shape's elements fold to (a view, like any reshape).

    ```mlir
    %p = tensor.pad %x low[1] high[1] { ^bb0(%i: index): tensor.yield %zero : f32 }
        : tensor<4xf32> to tensor<6xf32>
    // becomes
    %p = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>],
                         iterator_types = ["parallel"]} outs(%empty : tensor<6xf32>) {
      // i = linalg.index 0; inside = 0 <= i - 1 < 4
      // select(inside, tensor.extract %x[clamp(i - 1, 0, 3)], %zero)
    } -> tensor<6xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def FoldEmptyLoopsPass : Pass<"halc-fold-empty-loops", "ModuleOp"> {
  let summary = "Replaces linalg ops with a loop of no iterations by their inits";
  let description = [{
    A linalg op one of whose loops has a static extent of 0 runs no
    iteration: its results are its inits as they are. A matmul with K = 0
    is its accumulator (the fill), an elementwise op on an empty tensor is
    that empty tensor. Nothing is left to tile over an empty range.

    ```mlir
    %r = linalg.matmul ins(%a, %b : tensor<4x0xf32>, tensor<0x8xf32>)
                       outs(%fill : tensor<4x8xf32>) -> tensor<4x8xf32>
    // becomes: uses of %r use %fill
    ```
  }];
}

def FuseElementwiseOpsPass : Pass<"halc-fuse-elementwise-ops", "ModuleOp"> {
  let summary = "Fuses elementwise producers into their consumers and moves reshapes across linalg ops, never into a contraction";
  let description = [{
    Upstream's elementwise fusion and reshape propagation (the patterns of
    `linalg-fuse-elementwise-ops`) with halc's control: a producer with one
    use fuses into its consumer unless that consumer reduces and reads the
    operand broadcast along one of its parallel loops (a contraction's
    operands: the fused body would run once per element of the missing
    loop, and the contraction would no longer be one a matmul strategy
    recognizes; the producer joins the contraction's dispatch as a
    prologue instead); a reshape moves across a linalg op unless that op
    is a contraction, whose dimensions stay as the model wrote them (a
    projection to 12 heads of 64 stays a matmul of width 768), or its
    epilogue (elementwise ops on its result). An elementwise op that reads
    a contraction's result, or its epilogue's, through an expand_shape (a
    bias added to 1024 rows read as 8x128) is collapsed to the
    contraction's shape instead (upstream's folding of reshapes by
    collapsing), so that it joins the contraction's dispatch.
    A producer computed from constants alone and no larger than what it
    reads (scaled weights, a batch norm's shift per channel) does not fuse
    into a consumer that depends on the call: it is computed once, at load.

    ```mlir
    %g = linalg.generic {...} ins(%x) ... { math.erf ... }   // GELU
    %y = linalg.matmul ins(%g, %w ...) ...
    // %g stays an op of its own: the matmul is not a generic computing
    // erf once per element of %w's columns.
    ```
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def RecordEqualSizesPass : Pass<"halc-record-equal-sizes", "ModuleOp"> {
  let summary = "Records which argument sizes the program implies are equal";
  let description = [{
    Sizes that meet in one loop must be equal: a matmul's K is a dimension
    of both operands, an elementwise op's loops are dimensions of all its
    tensors, and `tensor.empty(%n)` with `%n = tensor.dim %x, i` has the
    size of dimension i of %x. Over these equalities (linalg indexing maps,
    results and their inits, empty tensors and their sizes, softmax), each
    class that holds a dynamic dimension of an argument becomes
    `halc.equal_sizes` on its function: `[argument, dimension,
    other_argument, other_dimension]`, or `[argument, dimension, -1, size]`
    for a static size. The module's plan carries them, and the runtime
    refuses a call that breaks one before a kernel reads out of bounds.

    ```mlir
    func.func @mm(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> ...
      linalg.matmul ins(%a, %b ...)
    // gets
    func.func @mm(...) attributes {halc.equal_sizes = [array<i64: 0, 1, 1, 0>]}
    ```
  }];
}

def SplitReductionsPass : Pass<"halc-split-reductions", "ModuleOp"> {
  let summary = "Cuts the K loop of contractions with few output tiles into partial sums and their sum";
  let description = [{
    With the module's target description (`halc.target`), a static
    matmul-like op (two parallel loops, one reduction) or convolution
    (channels last or first) whose output has too few staged workgroup
    tiles to keep the GPU busy, and whose K loop is long, is cut into parts
    (`chooseReductionSplit`: the fewest, a power of two, that give enough
    tiles, each at least 256 long): partial sums with the parts as their
    outermost, parallel loop, and a generic that adds them up. Each becomes
    a dispatch of its own; the op's consumers fuse into the second.
    Matmul-like ops go through upstream's `linalg::splitReduction`; a
    convolution's partial sums are a matmul of its im2col matrix and its
    filter, K cut alike in both (channels first: the filter's rows times
    the im2col matrix's pixels, the images side by side, tiles padded at
    the edges where none divides them). Without a target nothing changes.

    ```mlir
    %r = linalg.conv_2d_nhwc_hwcf ins(%x, %w : tensor<8x7x7x2048xf32>, tensor<1x1x2048x512xf32>)
           outs(%fill : tensor<8x7x7x512xf32>) -> tensor<8x7x7x512xf32>
    // becomes (8 parts of 256 channels)
    %a = linalg.generic ... -> tensor<8x392x256xf32>   // im2col, parts x M x K/parts
    %b = tensor.expand_shape (tensor.collapse_shape %w) : tensor<8x256x512xf32>
    %p = linalg.generic {iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
           ins(%a, %b) outs(%zeros : tensor<8x392x512xf32>)
    %s = linalg.generic {iterator_types = ["reduction", "parallel", "parallel", "parallel", "parallel"]}
           ins(tensor.expand_shape %p : tensor<8x8x7x7x512xf32>) outs(%fill)
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def CollapseRowLoopsPass : Pass<"halc-collapse-row-loops", "ModuleOp"> {
  let summary = "Brings the row reductions of a softmax or layer norm, and the elementwise ops around them, to one or two loops of rows";
  let description = [{
    FormDispatchRegions makes a softmax or a layer norm one dispatch (a row
    chain) when its ops have one or two loops of rows (workgroup y and z)
    and a row, the innermost loop. Attention scores per batch and head
    (8x12x128x128) have three, and a layer norm imported with its kept unit
    dimension reduces 8x128x1x768. For each row reduction, and each
    generic on rows that reads its result or whose result it reads (not a
    contraction's epilogue, which stays in the contraction's shape), this
    pass drops loops of one iteration (upstream's `dropUnitDims`) and
    merges the loops of rows (`collapseOpIterationDims`): into one where
    every operand reads them together, else into two (a mask read per
    query and key position). The reshapes left between the ops of a chain
    cancel when canonicalized.

    ```mlir
    %max = linalg.generic {iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
             ins(%s : tensor<8x12x128x128xf32>) outs(%m : tensor<8x12x128xf32>)
    // becomes
    %max = linalg.generic {iterator_types = ["parallel", "reduction"]}
             ins(%collapsed : tensor<12288x128xf32>) outs(%c : tensor<12288xf32>)
    ```
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def FormDispatchRegionsPass
    : Pass<"halc-form-dispatch-regions", "::mlir::func::FuncOp"> {
  let summary = "Groups the ops of each public function into dispatch regions";
  let description = [{
    Splits the body of a public function into `halc.dispatch.region` ops,
    walking from its last op back: an op no region has taken roots a new
    one, which takes the producers it can fuse (each of whose consumers is
    already in it, into a consumer without reduction loops; elementwise ones
    any number, one with reduction loops if the region has none yet; a
    generic without inputs, such as a lowered pad, into any consumer, a
    convolution too; an elementwise op on a contraction's operand (a cast,
    a dequantization: a prologue, read in order) into the contraction,
    which computes it a step at a time, without its own producers; into a row chain (a softmax, a layer norm: ops on the
    same rows), any op on those rows; never one whose result the consumer
    reads by index or through a reshape; never one computed from constants
    alone and no larger than what it reads into a consumer that depends on
    the call: the plan runs it once, at load). Empty tensors, scalar constants,
    reshapes, slices and fills are cloned into each region that uses them;
    constant tensors and the sizes the host can compute (a dimension of a
    tensor from outside, arithmetic on such sizes) stay on the host, read
    from above. A region stands where its root stood and yields the results
    other regions read, then the values the function returns (a reshape of
    a result is yielded reshaped); a result returned as it is and read by
    another region is yielded once. Its dynamic result sizes are computed
    on the host (`result_dims`), from the sizes of what it reads. A returned
    argument or constant, or a reshape or cast of one, stays on the host:
    the plan returns its buffer, with no dispatch; any other returned value
    that is not a linalg op's result (a slice) is copied by a `linalg.copy`,
    a region of its own.

    ```mlir
    func.func @scale(%a: tensor<?x4xf32>, %s: f32) -> tensor<?x4xf32> {
      %c0 = arith.constant 0 : index
      %n = tensor.dim %a, %c0 : tensor<?x4xf32>
      %0 = halc.dispatch.region result_dims(%n) -> (tensor<?x4xf32>) {
        %e = tensor.empty(%n) : tensor<?x4xf32>
        %r = linalg.generic ... ins(%a, %s : tensor<?x4xf32>, f32) outs(%e ...)
        halc.yield %r : tensor<?x4xf32>
      }
      return %0 : tensor<?x4xf32>
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::halc::HALCDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def OutlineDispatchRegionsPass
    : Pass<"halc-outline-dispatch-regions", "ModuleOp"> {
  let summary = "Makes each dispatch region an export of one linked executable";
  let description = [{
    Each `halc.dispatch.region` of a public function becomes a dispatch
    function of one `halc.executable` (one per module, named
    `<module>_linked`: all dispatches are linked into one) and a
    `halc.dispatch` of it in its place. The tensors the region reads from
    above are read-only bindings, its results written ones, in that order;
    the scalars it reads, then the dynamic sizes of its bindings (read on
    the host: a `tensor.dim` of each tensor it reads, its `result_dims`)
    are 32-bit constants (`halc.constant.load`) in that order. Its body sits
    between `bufferization.to_tensor` and
    `bufferization.materialize_in_destination`; a binding with dynamic
    strides is a flat buffer viewed at its sizes, a result yielded
    reshaped is written through a reshaped view of its binding, and i1
    elements are bytes in memory. A function of one region keeps its name
    for the export; several are `<function>_dispatch_<i>`, in the order
    they run.

    ```mlir
    halc.executable @module_linked {
      halc.export @add ordinal(0)
          layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
      builtin.module {
        func.func @add(%a: memref<4xf32>, %b: memref<4xf32>, %out: memref<4xf32>) {
          %0 = bufferization.to_tensor %a restrict : memref<4xf32> to tensor<4xf32>
          ...
          bufferization.materialize_in_destination %r in restrict writable %out
          return
        }
      }
    }
    func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
      %0 = halc.dispatch @module_linked::@add(%a, %b)
          : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      return %0 : tensor<4xf32>
    }
    ```
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::halc::HALCDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def DedupeDispatchConstantsPass
    : Pass<"halc-dedupe-dispatch-constants", "ModuleOp"> {
  let summary = "Passes each distinct host value once to a dispatch";
  let description = [{
    After common subexpressions of the host functions are merged, a value
    that a `halc.dispatch` passes as several constants (a size its body
    reads and that is also the size of one of its bindings; the same size
    of two bindings) is passed once: the dispatch's constants, its export's
    layout and its kernel's `halc.constant.load` ordinals are renumbered.

    ```mlir
    halc.dispatch @module_linked::@f(%a) constants(%n, %n : index, index) ...
    // becomes, its kernel loading ordinal 0 where it loaded 1
    halc.dispatch @module_linked::@f(%a) constants(%n : index) ...
    ```
  }];
}

def AssignTargetsPass : Pass<"halc-assign-targets", "ModuleOp"> {
  let summary = "Gives each executable the module's target description";
  let description = [{
    halc-compile builds the target description once from its flags and
    attaches it to the module as `halc.target`; every stage after dispatch
    creation reads it from the executable it lowers. This pass copies it
    onto each `halc.executable` that has none. Without a module target it
    changes nothing.

    ```mlir
    module attributes {halc.target = #halc.target<backend = "vulkan-spirv", ...>} {
      halc.executable @module_linked { ... }
    // becomes
      halc.executable @module_linked target(#halc.target<backend = "vulkan-spirv", ...>) { ... }
    ```
  }];
}

#endif // HALC_DISPATCHFORMATION_PASSES
