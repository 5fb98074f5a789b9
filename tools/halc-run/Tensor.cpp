//===- Tensor.cpp - Host tensors for halc-run -----------------------------===//

#include "Tensor.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <sys/stat.h>
#include <vector>

using namespace halc;

namespace {

/// Every element type, in the runtime's order.
std::vector<halc_element_type_t> allElementTypes() {
  std::vector<halc_element_type_t> types;
  for (int type = 0; type < HALC_ELEMENT_TYPE_COUNT; ++type)
    types.push_back(halc_element_type_t(type));
  return types;
}

/// NumPy's little-endian descriptor of `type`: "<f4", "|i1", ... NumPy has
/// no bf16: its arrays hold the bits as 2-byte void ("<V2", as ml_dtypes
/// writes them).
std::string numpyDescriptor(halc_element_type_t type) {
  if (type == HALC_ELEMENT_TYPE_I1)
    return "|b1";
  if (type == HALC_ELEMENT_TYPE_BF16)
    return "<V2";
  size_t bytes = halc_element_type_size(type);
  return (bytes == 1 ? "|" : "<") + std::string(halc_element_type_is_float(type) ? "f" : "i") +
         std::to_string(bytes);
}

/// A dimension: digits only, at most 2^62.
bool parseDimension(const std::string &text, int64_t &dim) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  errno = 0;
  unsigned long long value = std::strtoull(text.c_str(), nullptr, 10);
  if (errno == ERANGE || value > (1ull << 62))
    return false;
  dim = int64_t(value);
  return true;
}

/// The bytes of the regular file at `path`.
bool readFile(const std::string &path, std::vector<char> &bytes,
              std::string &error) {
  struct stat info;
  if (stat(path.c_str(), &info) != 0) {
    error = "cannot read '" + path + "': " + std::strerror(errno);
    return false;
  }
  if (!S_ISREG(info.st_mode)) {
    error = "cannot read '" + path + "': not a regular file";
    return false;
  }
  std::unique_ptr<FILE, int (*)(FILE *)> file(std::fopen(path.c_str(), "rb"),
                                               std::fclose);
  bytes.resize(size_t(info.st_size));
  if (!file ||
      std::fread(bytes.data(), 1, bytes.size(), file.get()) != bytes.size()) {
    error = "cannot read '" + path + "'";
    return false;
  }
  return true;
}

bool readNpy(const std::string &path, Tensor &tensor, std::string &error) {
  std::vector<char> bytes;
  if (!readFile(path, bytes, error))
    return false;
  if (bytes.size() < 10 || std::memcmp(bytes.data(), "\x93NUMPY", 6) != 0) {
    error = "'" + path + "' is not a .npy file";
    return false;
  }
  size_t headerLength, headerStart;
  if (bytes[6] == 1) {
    headerLength = uint8_t(bytes[8]) | (uint8_t(bytes[9]) << 8);
    headerStart = 10;
  } else {
    headerLength = uint8_t(bytes[8]) | (uint8_t(bytes[9]) << 8) |
                   (uint8_t(bytes[10]) << 16) | (size_t(uint8_t(bytes[11])) << 24);
    headerStart = 12;
  }
  if (headerStart + headerLength > bytes.size()) {
    error = "'" + path + "' has a truncated .npy header";
    return false;
  }
  std::string header(bytes.data() + headerStart, headerLength);
  std::optional<halc_element_type_t> found;
  for (halc_element_type_t type : allElementTypes())
    if (header.find("'" + numpyDescriptor(type) + "'") != std::string::npos)
      found = type;
  if (header.find("'|V2'") != std::string::npos)
    found = HALC_ELEMENT_TYPE_BF16;
  if (!found || header.find("'fortran_order': False") == std::string::npos) {
    error = "'" + path + "' holds a type or order halc-run does not read "
            "(little-endian f16/f32/f64/bf16 as V2/i1 as bool/i8/i16/i32/i64, "
            "C order): " + header;
    return false;
  }
  tensor.type = *found;
  tensor.shape.clear();
  size_t open = header.find("'shape': (");
  size_t close = header.find(')', open);
  if (open == std::string::npos || close == std::string::npos) {
    error = "'" + path + "' has no shape in its .npy header";
    return false;
  }
  std::stringstream dims(header.substr(open + 10, close - open - 10));
  std::string dim;
  while (std::getline(dims, dim, ',')) {
    size_t first = dim.find_first_not_of(' ');
    if (first == std::string::npos)
      continue;
    dim = dim.substr(first, dim.find_last_not_of(' ') - first + 1);
    if (!parseDimension(dim, tensor.shape.emplace_back())) {
      error = "'" + path + "' has a bad dimension '" + dim +
              "' in its .npy header";
      return false;
    }
  }
  if (!allocate(tensor, error))
    return false;
  size_t dataStart = headerStart + headerLength;
  if (bytes.size() - dataStart != tensor.bytes.size()) {
    error = "'" + path + "' has " + std::to_string(bytes.size() - dataStart) +
            " bytes of data; its shape needs " +
            std::to_string(tensor.bytes.size());
    return false;
  }
  std::copy(bytes.begin() + dataStart, bytes.end(), tensor.bytes.begin());
  return true;
}

/// `text` as a value of `type`: any number for a float type; for an integer
/// type, an integer its bits hold.
bool parseValue(const std::string &text, halc_element_type_t type,
                double &value, std::string &error) {
  char *end = nullptr;
  if (halc_element_type_is_float(type)) {
    value = std::strtod(text.c_str(), &end);
    if (*end) {
      error = "'" + text + "' is not a number";
      return false;
    }
    return true;
  }
  if (type == HALC_ELEMENT_TYPE_I1) {
    if (text != "0" && text != "1" && text != "true" && text != "false") {
      error = "'" + text + "' is not a boolean (0, 1, true or false)";
      return false;
    }
    value = text == "1" || text == "true";
    return true;
  }
  errno = 0;
  long long integer = std::strtoll(text.c_str(), &end, 10);
  if (*end || text.empty()) {
    error = "'" + text + "' is not an integer (the tensor is of " +
            halc_element_type_name(type) + ")";
    return false;
  }
  int bits = 8 * int(halc_element_type_size(type));
  long long lowest = bits == 64 ? LLONG_MIN : -(1ll << (bits - 1));
  long long highest = bits == 64 ? LLONG_MAX : (1ll << (bits - 1)) - 1;
  if (errno == ERANGE || integer < lowest || integer > highest) {
    error = "'" + text + "' is out of the range of " +
            halc_element_type_name(type);
    return false;
  }
  value = double(integer);
  return true;
}

} // namespace

/// The most bytes halc-run gives a tensor (far beyond any GPU's memory, and
/// far from overflowing the sizes computed from it).
constexpr uint64_t kMaxTensorBytes = uint64_t(1) << 40;

bool halc::allocate(Tensor &tensor, std::string &error) {
  uint64_t bytes = halc_element_type_size(tensor.type);
  for (int64_t dim : tensor.shape)
    if (__builtin_mul_overflow(bytes, uint64_t(dim), &bytes))
      bytes = UINT64_MAX;
  if (bytes > kMaxTensorBytes) {
    error = "a tensor of " + formatType(tensor.type, tensor.shape) +
            " has more bytes than halc-run holds (2^40)";
    return false;
  }
  try {
    tensor.bytes.assign(bytes, 0);
  } catch (const std::bad_alloc &) {
    error = "cannot allocate " + std::to_string(bytes) + " bytes for " +
            formatType(tensor.type, tensor.shape);
    return false;
  }
  return true;
}

size_t Tensor::count() const {
  size_t n = 1;
  for (int64_t dim : shape)
    n *= dim;
  return n;
}

double Tensor::get(size_t i) const {
  const uint8_t *p = bytes.data() + i * halc_element_type_size(type);
  switch (type) {
  case HALC_ELEMENT_TYPE_F16: {
    uint16_t v;
    std::memcpy(&v, p, 2);
    return halfToFloat(v);
  }
  case HALC_ELEMENT_TYPE_F32: {
    float v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case HALC_ELEMENT_TYPE_F64: {
    double v;
    std::memcpy(&v, p, 8);
    return v;
  }
  case HALC_ELEMENT_TYPE_I8:
    return int8_t(*p);
  case HALC_ELEMENT_TYPE_I16: {
    int16_t v;
    std::memcpy(&v, p, 2);
    return v;
  }
  case HALC_ELEMENT_TYPE_I32: {
    int32_t v;
    std::memcpy(&v, p, 4);
    return v;
  }
  case HALC_ELEMENT_TYPE_I64: {
    int64_t v;
    std::memcpy(&v, p, 8);
    return double(v);
  }
  case HALC_ELEMENT_TYPE_I1:
    return *p != 0;
  case HALC_ELEMENT_TYPE_BF16: {
    uint16_t v;
    std::memcpy(&v, p, 2);
    return bfloat16ToFloat(v);
  }
  }
  return 0;
}

void Tensor::set(size_t i, double value) {
  uint8_t *p = bytes.data() + i * halc_element_type_size(type);
  switch (type) {
  case HALC_ELEMENT_TYPE_F16: {
    uint16_t v = floatToHalf(float(value));
    std::memcpy(p, &v, 2);
    return;
  }
  case HALC_ELEMENT_TYPE_F32: {
    float v = float(value);
    std::memcpy(p, &v, 4);
    return;
  }
  case HALC_ELEMENT_TYPE_F64:
    std::memcpy(p, &value, 8);
    return;
  case HALC_ELEMENT_TYPE_I8:
    *p = uint8_t(int8_t(std::llround(value)));
    return;
  case HALC_ELEMENT_TYPE_I16: {
    int16_t v = int16_t(std::llround(value));
    std::memcpy(p, &v, 2);
    return;
  }
  case HALC_ELEMENT_TYPE_I32: {
    int32_t v = int32_t(std::llround(value));
    std::memcpy(p, &v, 4);
    return;
  }
  case HALC_ELEMENT_TYPE_I64: {
    int64_t v = std::llround(value);
    std::memcpy(p, &v, 8);
    return;
  }
  case HALC_ELEMENT_TYPE_I1:
    *p = value != 0;
    return;
  case HALC_ELEMENT_TYPE_BF16: {
    uint16_t v = floatToBfloat16(float(value));
    std::memcpy(p, &v, 2);
    return;
  }
  }
}

bool halc::parseTensor(const std::string &text, Tensor &tensor,
                       std::string &error) {
  if (!text.empty() && text[0] == '@')
    return readNpy(text.substr(1), tensor, error);
  size_t equals = text.find('=');
  std::string type = text.substr(0, equals);
  // Dimensions then the element type, separated by 'x'.
  std::vector<std::string> parts;
  std::stringstream stream(type);
  std::string part;
  while (std::getline(stream, part, 'x'))
    parts.push_back(part);
  std::optional<halc_element_type_t> found;
  for (halc_element_type_t type : allElementTypes())
    if (!parts.empty() && parts.back() == halc_element_type_name(type))
      found = type;
  if (!found) {
    error = "'" + text + "' does not start with a type such as 2x3xf32";
    return false;
  }
  tensor.type = *found;
  tensor.shape.clear();
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    if (!parseDimension(parts[i], tensor.shape.emplace_back())) {
      error = "'" + type + "' has a bad dimension '" + parts[i] + "'";
      return false;
    }
  }
  if (!allocate(tensor, error))
    return false;
  std::vector<double> values;
  if (equals != std::string::npos) {
    std::string list = text.substr(equals + 1);
    for (char &c : list)
      if (c == '[' || c == ']' || c == ' ')
        c = ',';
    std::stringstream items(list);
    std::string item;
    while (std::getline(items, item, ',')) {
      if (item.empty())
        continue;
      values.emplace_back();
      if (!parseValue(item, tensor.type, values.back(), error))
        return false;
    }
  }
  if (values.size() != 1 && values.size() != tensor.count()) {
    error = "'" + type + "' needs " + std::to_string(tensor.count()) +
            " values (or one for all); got " + std::to_string(values.size());
    return false;
  }
  for (size_t i = 0; i < tensor.count(); ++i)
    tensor.set(i, values.size() == 1 ? values[0] : values[i]);
  return true;
}

std::string halc::formatType(halc_element_type_t type,
                             const std::vector<int64_t> &shape) {
  std::string text;
  for (int64_t dim : shape)
    text += std::to_string(dim) + "x";
  return text + halc_element_type_name(type);
}

std::string halc::formatTensor(const Tensor &tensor) {
  std::ostringstream os;
  os << formatType(tensor.type, tensor.shape) << "=";
  size_t inner = tensor.shape.empty() ? 1 : tensor.shape.back();
  for (size_t i = 0; i < tensor.count(); ++i) {
    if (!tensor.shape.empty() && i % (inner ? inner : 1) == 0)
      os << "[";
    else if (i > 0)
      os << " ";
    double value = tensor.get(i);
    if (halc_element_type_is_float(tensor.type))
      os << value;
    else
      os << static_cast<long long>(value);
    if (!tensor.shape.empty() && (i + 1) % (inner ? inner : 1) == 0)
      os << "]";
  }
  return os.str();
}

bool halc::writeNpy(const std::string &path, const Tensor &tensor,
                    std::string &error) {
  std::string shape = "(";
  for (int64_t dim : tensor.shape)
    shape += std::to_string(dim) + ",";
  shape += ")";
  std::string header = "{'descr': '" + numpyDescriptor(tensor.type) +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Pad so that the data starts at a multiple of 64 bytes.
  size_t total = 10 + header.size() + 1;
  header += std::string((64 - total % 64) % 64, ' ') + "\n";
  std::ofstream file(path, std::ios::binary);
  if (!file) {
    error = "cannot write '" + path + "'";
    return false;
  }
  uint16_t length = header.size();
  file.write("\x93NUMPY\x01\x00", 8);
  file.put(char(length & 0xff));
  file.put(char(length >> 8));
  file << header;
  file.write(reinterpret_cast<const char *>(tensor.bytes.data()),
             tensor.bytes.size());
  return bool(file);
}

float halc::halfToFloat(uint16_t half) {
  uint32_t sign = (half >> 15) & 1, exponent = (half >> 10) & 0x1f,
           mantissa = half & 0x3ff;
  float value;
  if (exponent == 0)
    value = std::ldexp(float(mantissa), -24);
  else if (exponent == 31)
    value = mantissa ? NAN : INFINITY;
  else
    value = std::ldexp(float(mantissa | 0x400), int(exponent) - 25);
  return sign ? -value : value;
}

uint16_t halc::floatToHalf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  uint16_t sign = (bits >> 16) & 0x8000;
  if (std::isnan(value))
    return sign | 0x7e00;
  float magnitude = std::fabs(value);
  if (magnitude >= 65520.0f)
    return sign | 0x7c00;
  if (magnitude < std::ldexp(1.0f, -24) / 2)
    return sign;
  int exponent;
  std::frexp(magnitude, &exponent); // magnitude = m * 2^exponent, m in [0.5,1)
  int halfExponent = exponent - 1 + 15;
  if (halfExponent <= 0) // subnormal: units of 2^-24
    return sign | uint16_t(std::nearbyint(std::ldexp(magnitude, 24)));
  uint32_t mantissa =
      uint32_t(std::nearbyint(std::ldexp(magnitude, 10 - (exponent - 1))));
  if (mantissa == 0x800) { // rounded up to the next power of two
    mantissa = 0x400;
    ++halfExponent;
  }
  if (halfExponent >= 31)
    return sign | 0x7c00;
  return sign | uint16_t(halfExponent << 10) | uint16_t(mantissa & 0x3ff);
}

float halc::bfloat16ToFloat(uint16_t bits) {
  uint32_t word = uint32_t(bits) << 16;
  float value;
  std::memcpy(&value, &word, 4);
  return value;
}

uint16_t halc::floatToBfloat16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  if (std::isnan(value))
    return uint16_t((bits >> 16) | 0x40);
  // Round to nearest, ties to even, on the 16 bits dropped.
  bits += 0x7fff + ((bits >> 16) & 1);
  return uint16_t(bits >> 16);
}
