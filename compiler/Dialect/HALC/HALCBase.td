//===- HALCBase.td - The halc dialect and its enums --------*- tablegen -*-===//

#ifndef HALC_DIALECT_HALCBASE
#define HALC_DIALECT_HALCBASE

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"

def HALC_Dialect : Dialect {
  let name = "halc";
  let cppNamespace = "::mlir::halc";
  let summary = "halc's executable IR";
  let description = [{
    The executable IR of halc: `halc.executable` holds the exports of one
    target and the inner module with their dispatch functions;
    `halc.dispatch` launches an export from a host function. Attributes
    describe the target GPU, the binding layout of an export and the
    lowering configuration codegen chose for a dispatch.
  }];
  let useDefaultAttributePrinterParser = 1;
}

def HALC_BindingAccess : I32EnumAttr<"BindingAccess",
    "how a dispatch uses a storage buffer binding", [
      I32EnumAttrCase<"ReadOnly", 0, "read_only">,
      I32EnumAttrCase<"ReadWrite", 1, "read_write">
    ]> {
  let cppNamespace = "::mlir::halc";
  let genSpecializedAttr = 0;
}

def HALC_TargetFeatures : I32BitEnumAttr<"TargetFeatures",
    "optional capabilities of a target GPU", [
      I32BitEnumAttrCaseNone<"None", "none">,
      I32BitEnumAttrCaseBit<"F16", 0, "fp16">,
      I32BitEnumAttrCaseBit<"I8", 1, "int8">,
      I32BitEnumAttrCaseBit<"I16", 2, "int16">,
      I32BitEnumAttrCaseBit<"I64", 3, "int64">,
      I32BitEnumAttrCaseBit<"F64", 4, "fp64">,
      I32BitEnumAttrCaseBit<"Subgroup", 5, "subgroup">,
      I32BitEnumAttrCaseBit<"DotProduct", 6, "dot_product">,
      I32BitEnumAttrCaseBit<"Matrix", 7, "matrix">,
      // SPIR-V 1.4 (Vulkan 1.2): entry points list every variable they use.
      I32BitEnumAttrCaseBit<"SPIRV14", 8, "spirv_1_4">
    ]> {
  let cppNamespace = "::mlir::halc";
  let genSpecializedAttr = 0;
  let separator = "|";
}

def HALC_Strategy : I32EnumAttr<"Strategy",
    "how the workgroups and threads of a dispatch run its tiled op", [
      I32EnumAttrCase<"ThreadTiles", 0, "thread_tiles">,
      I32EnumAttrCase<"Transpose", 1, "transpose">,
      I32EnumAttrCase<"RowLanes", 2, "row_lanes">,
      I32EnumAttrCase<"ColumnLanes", 3, "column_lanes">,
      I32EnumAttrCase<"StagedContraction", 4, "staged_contraction">,
      I32EnumAttrCase<"CooperativeMatrix", 5, "cooperative_matrix">
    ]> {
  let cppNamespace = "::mlir::halc";
  let genSpecializedAttr = 0;
}

#endif // HALC_DIALECT_HALCBASE
