// The element types of a plan's tensors (ElementType in module_def.fbs) as
// one table: the compiler maps MLIR types onto it, the runtime sizes and
// names them (halc_element_type_t has the same values), tools parse them.
#ifndef HALC_SCHEMAS_ELEMENT_TYPE_H
#define HALC_SCHEMAS_ELEMENT_TYPE_H

#include "module_def_generated.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace halc {

struct ElementTypeInfo {
  ElementType type;
  /// As MLIR and IREE's tools spell it.
  const char *name;
  uint32_t bytes;
  bool isFloat;
};

/// Every element type, in the order of their values.
inline constexpr ElementTypeInfo kElementTypes[] = {
    {ElementType::F16, "f16", 2, true},   {ElementType::F32, "f32", 4, true},
    {ElementType::F64, "f64", 8, true},   {ElementType::I8, "i8", 1, false},
    {ElementType::I16, "i16", 2, false},  {ElementType::I32, "i32", 4, false},
    {ElementType::I64, "i64", 8, false},  {ElementType::I1, "i1", 1, false},
    {ElementType::BF16, "bf16", 2, true},
};

/// The entry of `type`; null for a value that is none.
inline const ElementTypeInfo *lookupElementType(ElementType type) {
  for (const ElementTypeInfo &info : kElementTypes)
    if (info.type == type)
      return &info;
  return nullptr;
}

/// The entry named `name` ("f32", as MLIR prints the type); null for none.
inline const ElementTypeInfo *lookupElementType(std::string_view name) {
  for (const ElementTypeInfo &info : kElementTypes)
    if (name == info.name)
      return &info;
  return nullptr;
}

/// "f16, f32, ... or bf16", for messages.
inline std::string listElementTypes() {
  std::string list;
  for (const ElementTypeInfo &info : kElementTypes)
    list += std::string(list.empty() ? "" : &info == std::end(kElementTypes) - 1
                                                ? " or "
                                                : ", ") +
            info.name;
  return list;
}

} // namespace halc

#endif // HALC_SCHEMAS_ELEMENT_TYPE_H
