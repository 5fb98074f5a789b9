//===- Tensors.cpp - ONNX tensors as bytes, known values, attributes ------===//

#include "compiler/Import/ONNX/Tensors.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include <cstring>

using namespace mlir;
using namespace mlir::halc::onnx_import;
using onnx::TensorProto;

/// The bytes an element of `dataType` takes in MLIR's storage; 0 for a type
/// halc has not.
static int64_t getElementBytes(int32_t dataType) {
  switch (dataType) {
  case TensorProto::BOOL:
  case TensorProto::INT8:
  case TensorProto::UINT8:
    return 1;
  case TensorProto::INT16:
  case TensorProto::UINT16:
  case TensorProto::FLOAT16:
  case TensorProto::BFLOAT16:
    return 2;
  case TensorProto::INT32:
  case TensorProto::UINT32:
  case TensorProto::FLOAT:
    return 4;
  case TensorProto::INT64:
  case TensorProto::UINT64:
  case TensorProto::DOUBLE:
    return 8;
  default:
    return 0;
  }
}

/// Appends `value`'s low `bytes` bytes (little-endian hosts only, as MLIR's
/// raw buffers are).
template <typename T>
static void appendElement(std::vector<char> &out, T value, int64_t bytes) {
  char raw[sizeof(T)];
  std::memcpy(raw, &value, sizeof(T));
  out.insert(out.end(), raw, raw + bytes);
}

FailureOr<std::vector<char>>
mlir::halc::onnx_import::readTensorBytes(const TensorProto &tensor,
                                         std::string &error) {
  int32_t dataType = tensor.data_type();
  int64_t bytes = getElementBytes(dataType);
  if (!bytes) {
    error = "has data type " + getDataTypeName(dataType).str() +
            ", which halc does not compile";
    return failure();
  }
  if (tensor.data_location() == TensorProto::EXTERNAL) {
    error = "keeps its data in an external file, which the importer does "
            "not read";
    return failure();
  }
  int64_t count = 1;
  for (int64_t dim : tensor.dims()) {
    if (dim < 0 || llvm::MulOverflow(count, dim, count)) {
      error = "has an invalid shape";
      return failure();
    }
  }
  std::vector<char> out;
  if (tensor.has_raw_data()) {
    const std::string &raw = tensor.raw_data();
    if (int64_t(raw.size()) != count * bytes) {
      error = "has " + std::to_string(raw.size()) +
              " bytes of raw data; its shape needs " +
              std::to_string(count * bytes);
      return failure();
    }
    out.assign(raw.begin(), raw.end());
    if (dataType == TensorProto::BOOL)
      for (char &c : out)
        c = c != 0;
    return out;
  }
  out.reserve(count * bytes);
  int64_t found = 0;
  switch (dataType) {
  case TensorProto::FLOAT:
    found = tensor.float_data_size();
    for (float v : tensor.float_data())
      appendElement(out, v, bytes);
    break;
  case TensorProto::DOUBLE:
    found = tensor.double_data_size();
    for (double v : tensor.double_data())
      appendElement(out, v, bytes);
    break;
  case TensorProto::INT64:
    found = tensor.int64_data_size();
    for (int64_t v : tensor.int64_data())
      appendElement(out, v, bytes);
    break;
  case TensorProto::UINT32:
  case TensorProto::UINT64:
    found = tensor.uint64_data_size();
    for (uint64_t v : tensor.uint64_data())
      appendElement(out, v, bytes);
    break;
  default:
    // The narrower integers, booleans and 16-bit floats (as their bits).
    found = tensor.int32_data_size();
    for (int32_t v : tensor.int32_data())
      appendElement(out, dataType == TensorProto::BOOL ? int32_t(v != 0) : v,
                    bytes);
    break;
  }
  if (found != count) {
    error = "has " + std::to_string(found) + " elements; its shape has " +
            std::to_string(count);
    return failure();
  }
  return out;
}

RankedTensorType
mlir::halc::onnx_import::getTensorType(MLIRContext *context,
                                       const TensorProto &tensor) {
  Type element = getElementType(context, tensor.data_type());
  if (!element)
    return {};
  SmallVector<int64_t> shape(tensor.dims().begin(), tensor.dims().end());
  return RankedTensorType::get(shape, element);
}

/// Up to this many elements a constant is printed inline (readable IR and
/// lit tests); above it, a dense resource.
constexpr int64_t kInlineElements = 64;

bool mlir::halc::onnx_import::isInline(RankedTensorType type) {
  return type.getNumElements() <= kInlineElements;
}

ElementsAttr mlir::halc::onnx_import::getElementsAttr(RankedTensorType type,
                                                      ArrayRef<char> bytes,
                                                      StringRef name) {
  if (type.getElementType().isInteger(1)) {
    SmallVector<bool> values(bytes.begin(), bytes.end());
    return DenseElementsAttr::get(type, ArrayRef<bool>(values));
  }
  if (isInline(type))
    return DenseElementsAttr::getFromRawBuffer(type, bytes);
  size_t align = std::max<size_t>(type.getElementTypeBitWidth() / 8, 1);
  return DenseResourceElementsAttr::get(
      type, name,
      HeapAsmResourceBlob::allocateAndCopyWithAlign(bytes, align,
                                                    /*dataIsMutable=*/false));
}

KnownTensor mlir::halc::onnx_import::decodeKnown(int32_t dataType,
                                                 ArrayRef<int64_t> shape,
                                                 ArrayRef<char> bytes) {
  KnownTensor known;
  known.dataType = dataType;
  known.shape.assign(shape.begin(), shape.end());
  int64_t size = getElementBytes(dataType);
  for (size_t offset = 0; offset + size <= bytes.size(); offset += size) {
    const char *p = bytes.data() + offset;
    auto read = [&](auto value) {
      std::memcpy(&value, p, sizeof(value));
      return value;
    };
    switch (dataType) {
    case TensorProto::FLOAT:
      known.floats.push_back(read(float()));
      break;
    case TensorProto::DOUBLE:
      known.floats.push_back(read(double()));
      break;
    case TensorProto::FLOAT16:
      known.floats.push_back(
          APFloat(APFloat::IEEEhalf(), APInt(16, read(uint16_t())))
              .convertToFloat());
      break;
    case TensorProto::BFLOAT16:
      known.floats.push_back(
          APFloat(APFloat::BFloat(), APInt(16, read(uint16_t())))
              .convertToFloat());
      break;
    case TensorProto::BOOL:
    case TensorProto::UINT8:
      known.ints.push_back(read(uint8_t()));
      break;
    case TensorProto::INT8:
      known.ints.push_back(read(int8_t()));
      break;
    case TensorProto::UINT16:
      known.ints.push_back(read(uint16_t()));
      break;
    case TensorProto::INT16:
      known.ints.push_back(read(int16_t()));
      break;
    case TensorProto::UINT32:
      known.ints.push_back(read(uint32_t()));
      break;
    case TensorProto::INT32:
      known.ints.push_back(read(int32_t()));
      break;
    default:
      known.ints.push_back(read(int64_t()));
      break;
    }
  }
  return known;
}

ElementsAttr
mlir::halc::onnx_import::getElementsAttr(RankedTensorType type,
                                         const KnownTensor &known) {
  Type element = type.getElementType();
  SmallVector<Attribute> values;
  for (int64_t i = 0, e = known.getNumElements(); i < e; ++i) {
    if (auto floatType = dyn_cast<FloatType>(element)) {
      APFloat value(known.getAsDouble(i));
      bool lost;
      value.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                    &lost);
      values.push_back(FloatAttr::get(element, value));
    } else {
      values.push_back(IntegerAttr::get(
          element, APInt(element.getIntOrFloatBitWidth(), known.getAsInt(i),
                         /*isSigned=*/true, /*implicitTrunc=*/true)));
    }
  }
  return DenseElementsAttr::get(type, values);
}
