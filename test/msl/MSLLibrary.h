//===- MSLLibrary.h - An MTL1's MSL compiled for the CPU --------*- C++ -*-===//
//
// Reads the kernels of an MSL library as SPIRV-Cross writes them (their
// parameters and attributes, the argument buffer structs), appends an entry
// function per kernel that the executor can call, and compiles the whole
// with clang as C++ for OpenCL against include/metal_stdlib into a shared
// object (kept in a cache keyed by everything that goes into it).
//
//===----------------------------------------------------------------------===//

#ifndef HALC_TEST_MSL_MSLLIBRARY_H
#define HALC_TEST_MSL_MSLLIBRARY_H

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace halc::msl {

/// The thread identifiers the executor passes to an entry, by index.
enum ThreadIds : uint32_t {
  kThreadPositionInThreadgroup = 0, // 3 words
  kThreadgroupPositionInGrid = 3,   // 3 words
  kThreadPositionInGrid = 6,        // 3 words
  kThreadsPerThreadgroup = 9,       // 3 words
  kThreadgroupsPerGrid = 12,        // 3 words
  kThreadsPerGrid = 15,             // 3 words
  kThreadIndexInThreadgroup = 18,
  kThreadIndexInSIMDGroup = 19,
  kSIMDGroupIndexInThreadgroup = 20,
  kThreadsPerSIMDGroup = 21,
  kSIMDGroupsPerThreadgroup = 22,
  kThreadIndexInQuadGroup = 23,
  kQuadGroupIndexInThreadgroup = 24,
  kQuadGroupsPerThreadgroup = 25,
  kThreadIdCount = 26,
};

/// Calls the kernel with its argument buffer, its constants and the ids of
/// one thread.
using KernelEntry = void (*)(const void *arguments, const void *constants,
                             const uint32_t *ids);

/// One kernel of the library, as the executor binds it.
struct Kernel {
  std::string name;
  KernelEntry entry = nullptr;
  /// [[max_total_threads_per_threadgroup(N)]], or 0 when absent.
  uint32_t maxTotalThreadsPerThreadgroup = 0;
  /// Whether it takes an argument buffer at [[buffer(0)]] and constants at
  /// [[buffer(3)]], and how many bytes each struct has.
  bool takesArguments = false, takesConstants = false;
  uint64_t argumentBufferSize = 0, constantsSize = 0;
  /// Each member of the argument buffer: its [[id(i)]] and byte offset.
  std::vector<std::pair<uint32_t, uint64_t>> argumentMembers;
};

class Library {
public:
  /// Compiles `source` (an MSL library of MSL version `mslVersion`, encoded
  /// major << 16 | minor) or takes it from the cache. Fails naming the
  /// kernel or printing clang's errors.
  static std::unique_ptr<Library>
  compile(const std::string &source, uint32_t mslVersion, std::string &error);
  ~Library();

  /// The kernel called `name`, or null.
  const Kernel *lookup(const std::string &name) const;
  /// Whether any kernel waits for other threads (barriers, SIMD-group
  /// functions): then the executor runs the threads of a threadgroup as
  /// fibers.
  bool usesCollectives() const { return collectives; }

private:
  Library() = default;
  void *handle = nullptr;
  std::map<std::string, Kernel> kernels;
  bool collectives = false;
};

} // namespace halc::msl

#endif // HALC_TEST_MSL_MSLLIBRARY_H
