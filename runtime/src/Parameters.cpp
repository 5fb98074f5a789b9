//===- Parameters.cpp - Named parameters a module binds at load -----------===//
//
// A safetensors file: the header is JSON, read here by a parser of just
// what the format holds (objects, arrays, strings, integers).
//
//===----------------------------------------------------------------------===//

#include "Parameters.h"
#include "BinaryHeader.h"

#include "halc/status_cc.h"

#include <cctype>
#include <memory>

using namespace halc;

namespace {

/// A JSON value of the header: an object, an array, a string or an integer.
struct Json {
  enum class Kind { Object, Array, String, Integer } kind = Kind::Integer;
  std::map<std::string, Json> members;
  std::vector<Json> elements;
  std::string text;
  uint64_t integer = 0;
};

class JsonParser {
public:
  explicit JsonParser(const std::string &text) : text(text) {}

  /// The value at the start of the text; false with `error` set at the
  /// first thing it does not read.
  bool parse(Json &value, std::string &error) {
    if (!parseValue(value, 0) || (skipSpace(), at != text.size())) {
      error = "the header is not JSON of a safetensors file (at byte " +
              std::to_string(at) + ")";
      return false;
    }
    return true;
  }

private:
  void skipSpace() {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at])))
      ++at;
  }
  bool consume(char c) {
    skipSpace();
    if (at < text.size() && text[at] == c) {
      ++at;
      return true;
    }
    return false;
  }
  bool parseString(std::string &out) {
    if (!consume('"'))
      return false;
    while (at < text.size() && text[at] != '"') {
      char c = text[at++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at >= text.size())
        return false;
      char escaped = text[at++];
      if (escaped == 'u') {
        if (at + 4 > text.size())
          return false;
        unsigned code = std::stoul(text.substr(at, 4), nullptr, 16);
        at += 4;
        // Names are ASCII; other code points are kept as UTF-8.
        if (code < 0x80) {
          out += char(code);
        } else if (code < 0x800) {
          out += char(0xC0 | (code >> 6));
          out += char(0x80 | (code & 0x3F));
        } else {
          out += char(0xE0 | (code >> 12));
          out += char(0x80 | ((code >> 6) & 0x3F));
          out += char(0x80 | (code & 0x3F));
        }
        continue;
      }
      const std::string from = "\"\\/bfnrt", to = "\"\\/\b\f\n\r\t";
      size_t which = from.find(escaped);
      if (which == std::string::npos)
        return false;
      out += to[which];
    }
    return consume('"');
  }
  bool parseValue(Json &value, int depth) {
    // The header nests three deep; more is not a safetensors header.
    if (depth > 8)
      return false;
    skipSpace();
    if (at >= text.size())
      return false;
    char c = text[at];
    if (c == '{') {
      value.kind = Json::Kind::Object;
      ++at;
      if (consume('}'))
        return true;
      do {
        std::string key;
        if (!parseString(key) || !consume(':') ||
            !parseValue(value.members[key], depth + 1))
          return false;
      } while (consume(','));
      return consume('}');
    }
    if (c == '[') {
      value.kind = Json::Kind::Array;
      ++at;
      if (consume(']'))
        return true;
      do {
        value.elements.emplace_back();
        if (!parseValue(value.elements.back(), depth + 1))
          return false;
      } while (consume(','));
      return consume(']');
    }
    if (c == '"') {
      value.kind = Json::Kind::String;
      return parseString(value.text);
    }
    if (!std::isdigit(static_cast<unsigned char>(c)))
      return false;
    value.kind = Json::Kind::Integer;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) {
      uint64_t digit = text[at++] - '0';
      if (value.integer > (UINT64_MAX - digit) / 10)
        return false;
      value.integer = value.integer * 10 + digit;
    }
    return true;
  }

  const std::string &text;
  size_t at = 0;
};

} // namespace

halc_status_t halc::readSafetensors(std::vector<uint8_t> bytes,
                                    halc_parameters_s &parameters) {
  if (bytes.size() < 8)
    return makeError("parameters: a safetensors file starts with 8 bytes of "
                     "header length; this one has " +
                     std::to_string(bytes.size()) + " bytes");
  uint64_t length = 0;
  for (int i = 7; i >= 0; --i)
    length = length << 8 | bytes[i];
  if (length > bytes.size() - 8)
    return makeError("parameters: the header length " +
                     std::to_string(length) + " is past the end of the file (" +
                     std::to_string(bytes.size()) + " bytes)");
  std::string header(bytes.begin() + 8, bytes.begin() + 8 + length);
  Json json;
  std::string error;
  if (!JsonParser(header).parse(json, error) ||
      json.kind != Json::Kind::Object)
    return makeError("parameters: " +
                     (error.empty() ? "the header is not a JSON object" : error));
  uint64_t dataSize = bytes.size() - 8 - length;
  for (const auto &[name, entry] : json.members) {
    if (name == "__metadata__")
      continue;
    auto offsets = entry.members.find("data_offsets");
    if (entry.kind != Json::Kind::Object || offsets == entry.members.end() ||
        offsets->second.kind != Json::Kind::Array ||
        offsets->second.elements.size() != 2 ||
        offsets->second.elements[0].kind != Json::Kind::Integer ||
        offsets->second.elements[1].kind != Json::Kind::Integer)
      return makeError("parameters: '" + name +
                       "' has no data_offsets [begin, end]");
    uint64_t begin = offsets->second.elements[0].integer;
    uint64_t end = offsets->second.elements[1].integer;
    if (begin > end || end > dataSize)
      return makeError("parameters: '" + name + "' has data_offsets [" +
                       std::to_string(begin) + ", " + std::to_string(end) +
                       "] outside the " + std::to_string(dataSize) +
                       " bytes of data");
    parameters.entries[name] = {8 + length + begin, 8 + length + end};
  }
  parameters.bytes = std::move(bytes);
  return nullptr;
}

extern "C" halc_status_t
halc_parameters_load_file(const char *path, halc_parameters_t **out) {
  *out = nullptr;
  return catchExceptions("loading parameters", [&] {
    std::vector<uint8_t> bytes;
    if (halc_status_t status = readFile(path, "parameters", bytes))
      return status;
    auto parameters = std::make_unique<halc_parameters_s>();
    if (halc_status_t status = readSafetensors(std::move(bytes), *parameters))
      return status;
    *out = parameters.release();
    return halc_status_t(nullptr);
  });
}

extern "C" halc_status_t halc_parameters_create(halc_parameters_t **out) {
  *out = nullptr;
  return catchExceptions("creating parameters", [&] {
    *out = new halc_parameters_s();
    return halc_status_t(nullptr);
  });
}

extern "C" halc_status_t halc_parameters_add(halc_parameters_t *parameters,
                                             const char *name, const void *data,
                                             size_t size) {
  return catchExceptions("adding a parameter", [&] {
    if (!*name)
      return makeError("parameters: a parameter needs a name");
    if (parameters->entries.count(name))
      return makeError("parameters: '" + std::string(name) +
                       "' is given twice");
    uint64_t begin = parameters->bytes.size();
    const auto *bytes = static_cast<const uint8_t *>(data);
    parameters->bytes.insert(parameters->bytes.end(), bytes, bytes + size);
    parameters->entries[name] = {begin, begin + size};
    return halc_status_t(nullptr);
  });
}

extern "C" void halc_parameters_free(halc_parameters_t *parameters) {
  delete parameters;
}

extern "C" size_t halc_parameters_count(const halc_parameters_t *parameters) {
  return parameters->entries.size();
}
