//===- HALCOps.td - Operations of the halc dialect ---------*- tablegen -*-===//

#ifndef HALC_DIALECT_HALCOPS
#define HALC_DIALECT_HALCOPS

include "compiler/Dialect/HALC/HALCAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class HALC_Op<string mnemonic, list<Trait> traits = []>
    : Op<HALC_Dialect, mnemonic, traits>;

def HALC_ExecutableOp : HALC_Op<"executable", [
    IsolatedFromAbove, Symbol, SymbolTable, SingleBlock, NoTerminator]> {
  let summary = "the exports of one target and their dispatch functions";
  let description = [{
    One executable per target holds every dispatch of a module (IREE calls
    this linking). Its body holds the `halc.export` ops, numbered by their
    `ordinal`, and one `builtin.module` with a dispatch function per export:
    a `func.func` whose arguments are the export's bindings in order. Codegen
    lowers that module in place, down to a `spirv.module`.

    ```mlir
    halc.executable @module_linked target(#halc.target<...>) {
      halc.export @add ordinal(0)
          layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
      builtin.module {
        func.func @add(%a: memref<4xf32>, %b: memref<4xf32>,
                       %out: memref<4xf32>) { ... }
      }
    }
    ```
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    OptionalAttr<HALC_TargetAttr>:$target
  );
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $sym_name (`target` `(` qualified($target)^ `)`)? attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name)>
  ];
  let extraClassDeclaration = [{
    /// The module of dispatch functions; null until one is added.
    ::mlir::ModuleOp getInnerModule();
  }];
}

def HALC_ExportOp : HALC_Op<"export", [
    HasParent<"ExecutableOp">, Symbol]> {
  let summary = "an entry point of an executable";
  let description = [{
    An entry point: its dispatch function has the same name. `layout` gives
    its bindings and constants; codegen fills in `workgroup_size` (threads
    per workgroup) and `workgroup_count`. Along an axis whose loop has a
    dynamic extent, `workgroup_count_constants` names the constant holding
    that extent, and the count is the extent divided by the axis' entry of
    `workgroup_count` (the elements per workgroup), rounded up; -1 marks a
    static axis.

    ```mlir
    halc.export @matmul ordinal(0)
        layout(#halc.layout<bindings = [read_only, read_only, read_write]>)
        workgroup_size([8, 8, 1]) workgroup_count([4, 4, 1])
    // A dynamic batch, constant 0, in tiles of 2 along z:
    halc.export @batched ordinal(1)
        layout(#halc.layout<bindings = [read_only, read_write], constants = 1>)
        workgroup_size([64, 1, 1]) workgroup_count([1, 1, 2])
        workgroup_count_constants([-1, -1, 0])
    ```
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    ConfinedAttr<I64Attr, [IntNonNegative]>:$ordinal,
    HALC_LayoutAttr:$layout,
    OptionalAttr<DenseI64ArrayAttr>:$workgroup_size,
    OptionalAttr<DenseI64ArrayAttr>:$workgroup_count,
    OptionalAttr<DenseI64ArrayAttr>:$workgroup_count_constants
  );
  let assemblyFormat = [{
    $sym_name `ordinal` `(` $ordinal `)` `layout` `(` qualified($layout) `)`
    (`workgroup_size` `(` $workgroup_size^ `)`)?
    (`workgroup_count` `(` $workgroup_count^ `)`)?
    (`workgroup_count_constants` `(` $workgroup_count_constants^ `)`)? attr-dict
  }];
  let hasVerifier = 1;
}

def HALC_ConstantLoadOp : HALC_Op<"constant.load", [Pure]> {
  let summary = "reads a 32-bit constant of the dispatch";
  let description = [{
    The `ordinal`-th 32-bit constant the dispatch was given (push constant i
    on Vulkan and Metal, the kernel parameter after the bindings on HIP), as
    IREE's `hal.interface.constant.load`. Scalar arguments and dynamic
    dimensions reach a kernel this way.

    ```mlir
    %0 = halc.constant.load ordinal(0) : i32
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$ordinal);
  let results = (outs I32:$result);
  let assemblyFormat = "`ordinal` `(` $ordinal `)` attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def HALC_DispatchOp : HALC_Op<"dispatch", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "runs an export on tensors";
  let description = [{
    Runs `@executable::@export` with the operands as its read-only bindings
    and the results as its written bindings, in that order, and `constants`
    as its 32-bit constants (a scalar's bits; an index as i32).
    `result_dims` are the dynamic dimensions of the results, in order. The
    host function keeps these ops; they become the dispatch plan.

    ```mlir
    %0 = halc.dispatch @module_linked::@add(%a, %b)
        : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %1 = halc.dispatch @module_linked::@scale(%x) constants(%s, %n : f32, index)
        result_dims(%n) : (tensor<?x4xf32>) -> tensor<?x4xf32>
    ```
  }];
  let arguments = (ins
    SymbolRefAttr:$entry_point,
    Variadic<AnyRankedTensor>:$arguments,
    Variadic<AnyTypeOf<[AnySignlessInteger, F16, F32, Index]>>:$constants,
    Variadic<Index>:$result_dims
  );
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = [{
    $entry_point `(` $arguments `)`
    (`constants` `(` $constants^ `:` type($constants) `)`)?
    (`result_dims` `(` $result_dims^ `)`)? attr-dict `:`
    functional-type($arguments, $results)
  }];
  let hasVerifier = 1;
}

def HALC_DispatchRegionOp : HALC_Op<"dispatch.region", [
    RecursiveMemoryEffects, SingleBlock]> {
  let summary = "the ops of one future dispatch, on the host";
  let description = [{
    Ops that will run as one dispatch (halc-form-dispatch-regions groups
    them), still in the host function: the body reads values from above
    (tensors become read-only bindings, scalars constants) and yields the
    results, which become written bindings (halc-outline-dispatch-regions).
    `result_dims` are the dynamic dimensions of the results, in order,
    computed on the host before the dispatch runs.

    ```mlir
    %r = halc.dispatch.region result_dims(%n) -> (tensor<?x4xf32>) {
      %e = tensor.empty(%n) : tensor<?x4xf32>
      %0 = linalg.negf ins(%a : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
      halc.yield %0 : tensor<?x4xf32>
    }
    ```
  }];
  let arguments = (ins Variadic<Index>:$result_dims);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`result_dims` `(` $result_dims^ `)`)? `->` `(` type($results) `)`
    $body attr-dict
  }];
  let hasVerifier = 1;
}

def HALC_YieldOp : HALC_Op<"yield", [Pure, Terminator,
    HasParent<"DispatchRegionOp">]> {
  let summary = "the results of a dispatch region";
  let arguments = (ins Variadic<AnyRankedTensor>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

#endif // HALC_DIALECT_HALCOPS
