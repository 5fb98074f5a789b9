//===- HALCAttrs.td - Attributes of the halc dialect -------*- tablegen -*-===//

#ifndef HALC_DIALECT_HALCATTRS
#define HALC_DIALECT_HALCATTRS

include "compiler/Dialect/HALC/HALCBase.td"
include "mlir/IR/AttrTypeBase.td"

class HALC_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<HALC_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def HALC_TargetFeaturesAttr : EnumAttr<HALC_Dialect, HALC_TargetFeatures,
                                       "features">;

def HALC_CooperativeMatrixAttr
    : HALC_Attr<"CooperativeMatrix", "cooperative_matrix"> {
  let summary = "a matrix multiply-add a subgroup runs as one operation";
  let description = [{
    One shape and set of types of a GPU's cooperative-matrix (tensor core)
    operations: C (m x n, element `c`) += A (m x k, element `a`) times B
    (k x n, element `b`), each matrix spread over the lanes of a subgroup.
    Vulkan lists them as `VkCooperativeMatrixPropertiesKHR` with subgroup
    scope; the result has C's type.

    ```mlir
    #halc.cooperative_matrix<m = 16, n = 16, k = 16, a = f16, b = f16, c = f32>
    ```
  }];
  let parameters = (ins
    "int64_t":$m, "int64_t":$n, "int64_t":$k,
    "Type":$a, "Type":$b, "Type":$c
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

def HALC_TargetAttr : HALC_Attr<"Target", "target"> {
  let summary = "a target GPU: backend, architecture, limits, features";
  let description = [{
    The description of one GPU that every stage reads: codegen heuristics
    the limits and the cooperative-matrix operations (tensor cores) it
    has, the backend's own stages the `configuration` (Metal: MSL
    version, platform and OS version; ROCm: target id and LLVM features).
    `compute_unit_shared_memory_bytes` (absent: not known) is the workgroup
    memory one compute unit (an SM, a CU) gives all the workgroups it runs
    at once: what decides how many of a tile's workgroups share it;
    `compute_units` (absent: not known) how many there are, what decides
    how many workgroups fill the GPU. Two facts of the compiler that turns
    the kernel into machine code: `unrolls_marked_loops`, it unrolls a loop
    halc marks (the SPIR-V Unroll control, LLVM's loop metadata; else halc
    unrolls it), and `peels_prefetched_loops`, it runs a loop whose copies
    to workgroup memory are prefetched faster with its last step peeled
    than with its prefetch clamped.
    It is built once from the command line and attached to the module as
    `halc.target`; dispatch creation copies it onto each executable. Adding
    a GPU is a new row in a target backend's table, not new code.

    ```mlir
    #halc.target<backend = "vulkan-spirv", arch = "lavapipe",
                 features = fp16|int8|int16|int64, max_workgroup_invocations = 1024,
                 max_workgroup_size = [1024, 1024, 1024],
                 max_shared_memory_bytes = 32768, subgroup_sizes = [8]>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"target backend name">:$backend,
    StringRefParameter<"GPU architecture or family">:$arch,
    "TargetFeaturesAttr":$features,
    "int64_t":$max_workgroup_invocations,
    ArrayRefParameter<"int64_t", "per-dimension workgroup size limit">:$max_workgroup_size,
    "int64_t":$max_shared_memory_bytes,
    ArrayRefParameter<"int64_t", "supported subgroup sizes">:$subgroup_sizes,
    OptionalArrayRefParameter<"CooperativeMatrixAttr",
                              "cooperative-matrix operations">:$cooperative_matrices,
    OptionalParameter<"DictionaryAttr", "what else the target's stages read">:$configuration,
    DefaultValuedParameter<"int64_t", "0",
        "workgroup memory of one compute unit (SM, CU) for all its resident workgroups; 0: not known">:$compute_unit_shared_memory_bytes,
    DefaultValuedParameter<"int64_t", "0", "compute units (SMs, CUs); 0: not known">:$compute_units,
    DefaultValuedParameter<"bool", "false", "the kernel compiler unrolls marked loops">:$unrolls_marked_loops,
    DefaultValuedParameter<"bool", "false", "the kernel compiler prefers a prefetched loop's last step peeled">:$peels_prefetched_loops
  );
  let assemblyFormat = [{
    `<` `backend` `=` $backend `,` `arch` `=` $arch `,`
        `features` `=` $features `,`
        `max_workgroup_invocations` `=` $max_workgroup_invocations `,`
        `max_workgroup_size` `=` `[` $max_workgroup_size `]` `,`
        `max_shared_memory_bytes` `=` $max_shared_memory_bytes `,`
        `subgroup_sizes` `=` `[` $subgroup_sizes `]` ``
        custom<OptionalTargetFields>($cooperative_matrices, $configuration,
                                     $compute_unit_shared_memory_bytes,
                                     $compute_units, $unrolls_marked_loops,
                                     $peels_prefetched_loops) `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The string `key` of the configuration, or empty.
    ::llvm::StringRef getConfigurationString(::llvm::StringRef key) const {
      auto value = getConfiguration()
                       ? getConfiguration().getAs<::mlir::StringAttr>(key)
                       : ::mlir::StringAttr();
      return value ? value.getValue() : ::llvm::StringRef();
    }
    bool hasFeature(TargetFeatures feature) const {
      return ::mlir::halc::bitEnumContainsAll(getFeatures().getValue(), feature);
    }
    /// The subgroup size codegen plans for: the first one listed.
    int64_t getPreferredSubgroupSize() const { return getSubgroupSizes().front(); }
    /// The one subgroup size a kernel can rely on when combining lanes with
    /// subgroup operations; 0 when the target has none or several.
    int64_t getFixedSubgroupSize() const {
      return hasFeature(TargetFeatures::Subgroup) &&
                     getSubgroupSizes().size() == 1
                 ? getPreferredSubgroupSize()
                 : 0;
    }
    /// The cooperative-matrix operation of shape m x n x k on these types.
    CooperativeMatrixAttr findCooperativeMatrix(int64_t m, int64_t n, int64_t k,
                                                ::mlir::Type a, ::mlir::Type b,
                                                ::mlir::Type c) const {
      for (CooperativeMatrixAttr matrix : getCooperativeMatrices())
        if (matrix.getM() == m && matrix.getN() == n && matrix.getK() == k &&
            matrix.getA() == a && matrix.getB() == b && matrix.getC() == c)
          return matrix;
      return {};
    }
  }];
}

def HALC_LayoutAttr : HALC_Attr<"Layout", "layout"> {
  let summary = "the bindings and push constants of an export";
  let description = [{
    Binding `i` is storage buffer `i` of descriptor set 0; `constants` is the
    number of 32-bit push constants.

    ```mlir
    #halc.layout<bindings = [read_only, read_only, read_write], constants = 0>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"BindingAccess", "access of each binding">:$bindings,
    DefaultValuedParameter<"int64_t", "0">:$constants
  );
  let assemblyFormat = [{
    `<` `bindings` `=` `[` $bindings `]` (`,` `constants` `=` $constants^)? `>`
  }];
}

def HALC_LoweringConfigAttr : HALC_Attr<"LoweringConfig", "lowering_config"> {
  let summary = "tile sizes and workgroup size chosen for one dispatch";
  let description = [{
    Set on the op that a dispatch tiles: the op producing its results, or
    the contraction whose result an elementwise epilogue there consumes.

    - `strategy`: how the workgroups and threads run that op, the decision
      every later pass reads:
      - `thread_tiles`: each thread computes a tile of the parallel loops,
        its reductions in a serial loop of its own (elementwise ops, and
        what no other strategy takes);
      - `transpose`: an elementwise op whose `promote_operands` are read
        across their rows: copied to workgroup memory along them first;
      - `row_lanes`: the reduction of the innermost loop (a row, whole in a
        workgroup), or each op of a row chain (a softmax), shared by
        `reduction_lanes` threads along x;
      - `column_lanes`: the one reduction of an outer loop (a column; a
        contraction of few rows, halc-reduce-few-rows), shared by
        `reduction_lanes` threads along y;
      - `staged_contraction`: a contraction (a matmul, a batch matmul, a
        convolution's implicit GEMM) whose workgroup steps through K,
        staging its tiles of A and B (`promote_operands`) in workgroup
        memory; each thread a block of the output in registers;
      - `cooperative_matrix`: the same on the target's cooperative matrices
        (`subgroup_matrix`), each subgroup a block of the output.
      A field the strategy does not use is an error, as is a strategy that
      does not fit the op it is on;
    - `workgroup_tile`: one entry per loop of that op, the tile each
      workgroup computes (0: not tiled); on a reduction loop of a
      contraction (a matmul's K), the step of a serial loop the whole
      workgroup runs over it, each step's tiles of the promoted operands
      staged through workgroup memory;
    - `workgroup_size`: threads per workgroup `[x, y, z]`; the innermost
      tiled loop is distributed over x, the next over y, then z;
    - `reduction_tile`: one entry per reduction loop of the dispatch's
      reduction (it may be a producer fused into the tiled op), in loop
      order: the step of the serial loop each thread runs over it (0 or
      absent: not tiled). Steps that keep a thread's operands small let them
      live in registers as vectors. In a row chain (reductions along rows
      that the tiled op reads per row: a softmax) it is the step along the
      row of every op of the chain;
    - `reduction_lanes` (`row_lanes` and `column_lanes` only): each
      reduction is shared by that many threads: along x
      (`workgroup_size[0]`) for `row_lanes` (a row, whole in a workgroup:
      its `workgroup_tile` is 0), whose tiled loops then go to y and z;
      along y (`workgroup_size[1]`) for `column_lanes`, whose tiled loops
      keep x and z. Each lane runs the serial loop over a strided share of
      the reduction; subgroup operations combine lanes along x that fill
      subgroups, workgroup memory the rest. In a row chain the lanes share
      each reduction in turn, then the tiled op's row;
    - `promote_operands` (absent: none): the inputs of the tiled op (by
      operand number) whose workgroup tile is first copied to workgroup
      memory by all the workgroup's threads, each reading along the input's
      innermost dimension (coalesced), then read from there after a barrier
      (a transpose reads its input across rows; a matmul its tiles of A and
      B at each step of its workgroup's K loop);
    - `subgroup_matrix` (absent: none): `[m, n, k]`, the shape of the
      target's cooperative-matrix operation a contraction runs on (one of
      its `cooperative_matrices`). The workgroup tile of M x N is then
      spread over the workgroup's subgroups, not its threads (subgroups
      along x are `workgroup_size[0]` / the subgroup size, along y
      `workgroup_size[1]`), each subgroup's block a grid of m x n
      accumulators, and `reduction_tile` the step of each subgroup's
      serial loop over K (a multiple of k).

    Codegen picks one from the target description; one already present in
    the input wins, so a person can tune a single dispatch.

    ```mlir
    #halc.lowering_config<strategy = thread_tiles, workgroup_tile = [32, 32, 0],
                          workgroup_size = [8, 8, 1], reduction_tile = [4]>
    ```
  }];
  let parameters = (ins
    EnumParameter<HALC_Strategy>:$strategy,
    ArrayRefParameter<"int64_t", "workgroup tile per loop">:$workgroup_tile,
    ArrayRefParameter<"int64_t", "threads per workgroup">:$workgroup_size,
    OptionalArrayRefParameter<"int64_t", "reduction step per reduction loop">:$reduction_tile,
    DefaultValuedParameter<"int64_t", "0", "threads sharing each reduction">:$reduction_lanes,
    OptionalArrayRefParameter<"int64_t", "inputs copied to workgroup memory">:$promote_operands,
    OptionalArrayRefParameter<"int64_t", "cooperative-matrix shape m, n, k">:$subgroup_matrix
  );
  // The optional fields are `, name = value` each, in any subset.
  let assemblyFormat = [{
    `<` `strategy` `=` $strategy `,`
        `workgroup_tile` `=` `[` $workgroup_tile `]` `,`
        `workgroup_size` `=` `[` $workgroup_size `]` ``
        custom<OptionalTuning>($reduction_tile, $reduction_lanes,
                               $promote_operands, $subgroup_matrix) `>`
  }];
  let genVerifyDecl = 1;
}

#endif // HALC_DIALECT_HALCATTRS
