//===- Parameters.cpp - Externalized initializers as a safetensors file ---===//

#include "compiler/Import/ONNX/ImportONNX.h"
#include "compiler/Import/ONNX/NodeImporter.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::halc;
using onnx::TensorProto;

/// safetensors' name of an ONNX data type.
static StringRef getSafetensorsType(int32_t dataType) {
  switch (dataType) {
  case TensorProto::FLOAT:
    return "F32";
  case TensorProto::FLOAT16:
    return "F16";
  case TensorProto::BFLOAT16:
    return "BF16";
  case TensorProto::DOUBLE:
    return "F64";
  case TensorProto::INT8:
    return "I8";
  case TensorProto::UINT8:
    return "U8";
  case TensorProto::INT16:
    return "I16";
  case TensorProto::UINT16:
    return "U16";
  case TensorProto::INT32:
    return "I32";
  case TensorProto::UINT32:
    return "U32";
  case TensorProto::INT64:
    return "I64";
  case TensorProto::UINT64:
    return "U64";
  default:
    return "BOOL";
  }
}

/// `text` as a JSON string.
static std::string quoteJSON(StringRef text) {
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      quoted += std::string("\\") + c;
    else if (static_cast<unsigned char>(c) < 0x20)
      quoted += llvm::formatv("\\u{0:x-4}", unsigned(c)).str();
    else
      quoted += c;
  }
  return quoted + "\"";
}

LogicalResult mlir::halc::writeParameters(StringRef path,
                                          ArrayRef<ONNXParameter> parameters,
                                          std::string &error) {
  std::string header = "{";
  uint64_t offset = 0;
  for (const ONNXParameter &parameter : parameters) {
    if (header.size() > 1)
      header += ",";
    header += quoteJSON(parameter.name) + ":{\"dtype\":\"" +
              getSafetensorsType(parameter.dataType).str() + "\",\"shape\":[";
    for (auto [i, size] : llvm::enumerate(parameter.shape))
      header += (i ? "," : "") + std::to_string(size);
    uint64_t end = offset + parameter.bytes.size();
    header += llvm::formatv("],\"data_offsets\":[{0},{1}]}", offset, end).str();
    offset = end;
  }
  header += "}";
  // The data starts 8-byte aligned.
  header.append((8 - header.size() % 8) % 8, ' ');
  llvm::Error written =
      llvm::writeToOutput(path, [&](llvm::raw_ostream &os) -> llvm::Error {
        uint64_t length = header.size();
        char bytes[8];
        for (int i = 0; i < 8; ++i)
          bytes[i] = char(length >> (8 * i));
        os.write(bytes, 8);
        os << header;
        for (const ONNXParameter &parameter : parameters)
          os.write(parameter.bytes.data(), parameter.bytes.size());
        return llvm::Error::success();
      });
  if (!written)
    return success();
  error = llvm::toString(std::move(written));
  return failure();
}
