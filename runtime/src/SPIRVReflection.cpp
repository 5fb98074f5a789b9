//===- SPIRVReflection.cpp - Entry points of a SPIR-V module --------------===//
//
// Only what a loader needs from the binary: the names of the compute entry
// points and the LocalSize each declares (SPIR-V spec, section 2.3 for the
// layout; OpEntryPoint = 15, OpExecutionMode = 16, LocalSize = 17).
//
//===----------------------------------------------------------------------===//

#include "SPIRVReflection.h"

#include "halc/status_cc.h"

#include <map>

using namespace halc;

namespace {

constexpr uint32_t kMagic = 0x07230203;
constexpr uint32_t kHeaderWords = 5;
constexpr uint32_t kOpEntryPoint = 15;
constexpr uint32_t kOpExecutionMode = 16;
constexpr uint32_t kExecutionModelGLCompute = 5;
constexpr uint32_t kExecutionModeLocalSize = 17;

/// The literal string starting at `words[0]`, at most `count` words long.
bool readString(const uint32_t *words, size_t count, std::string &out) {
  const char *bytes = reinterpret_cast<const char *>(words);
  for (size_t i = 0; i < count * 4; ++i) {
    if (bytes[i] == '\0') {
      out.assign(bytes, i);
      return true;
    }
  }
  return false;
}

} // namespace

halc_status_t halc::reflectSPIRV(const uint32_t *words, size_t wordCount,
                                 std::vector<SPIRVEntryPoint> &entryPoints) {
  if (wordCount < kHeaderWords)
    return makeError("SPIR-V module has " + std::to_string(wordCount) +
                     " words, fewer than its 5-word header");
  if (words[0] != kMagic)
    return makeError("SPIR-V module does not start with the SPIR-V magic "
                     "number 0x07230203");
  std::map<uint32_t, SPIRVEntryPoint> byId;
  std::vector<uint32_t> order;
  for (size_t at = kHeaderWords; at < wordCount;) {
    uint32_t length = words[at] >> 16;
    uint32_t opcode = words[at] & 0xffff;
    if (length == 0 || at + length > wordCount)
      return makeError("SPIR-V instruction at word " + std::to_string(at) +
                       " runs past the end of the module");
    if (opcode == kOpEntryPoint && length >= 4 &&
        words[at + 1] == kExecutionModelGLCompute) {
      SPIRVEntryPoint entryPoint;
      if (!readString(words + at + 3, length - 3, entryPoint.name))
        return makeError("SPIR-V OpEntryPoint at word " + std::to_string(at) +
                         " has an unterminated name");
      byId[words[at + 2]] = entryPoint;
      order.push_back(words[at + 2]);
    } else if (opcode == kOpExecutionMode && length == 6 &&
               words[at + 2] == kExecutionModeLocalSize) {
      auto it = byId.find(words[at + 1]);
      if (it != byId.end())
        it->second.localSize = {words[at + 3], words[at + 4], words[at + 5]};
    }
    at += length;
  }
  entryPoints.clear();
  for (uint32_t id : order)
    entryPoints.push_back(byId[id]);
  return nullptr;
}
