//===- Threadgroup.h - The threads of one threadgroup -----------*- C++ -*-===//
//
// Runs the threads of a threadgroup. Where a kernel waits for other threads
// (threadgroup_barrier, SIMD-group functions) each thread is a fiber that
// runs until it waits; the scheduler releases a barrier when every thread
// of the threadgroup reached it and a SIMD-group function when every thread
// of the SIMD-group (or quad) that has not returned called it. Threads that
// can never all arrive are an error, as they would hang a GPU.
//
//===----------------------------------------------------------------------===//

#ifndef HALC_TEST_MSL_THREADGROUP_H
#define HALC_TEST_MSL_THREADGROUP_H

#include "MSLLibrary.h"

#include <array>
#include <string>
#include <ucontext.h>
#include <vector>

namespace halc::msl {

/// The SIMD-group width of Apple GPUs.
constexpr uint32_t kSIMDWidth = 32;

/// What a dispatch's threadgroups share.
struct Grid {
  KernelEntry entry;
  const void *arguments;
  const void *constants;
  std::array<uint32_t, 3> threadgroupSize, threadgroupCount;
};

class ThreadgroupRunner {
public:
  /// With `fibers`, threads may wait for each other; without, each runs to
  /// its end in turn.
  explicit ThreadgroupRunner(bool fibers) : fibers(fibers) {}
  ~ThreadgroupRunner();

  /// Runs threadgroup `group` of `grid`; false with `error` when its threads
  /// cannot all get past a barrier or a SIMD-group function.
  bool run(const Grid &grid, const std::array<uint32_t, 3> &group,
           std::string &error);

private:
  enum class State { Runnable, AtBarrier, AtExchange, Done };
  struct Thread {
    ucontext_t context;
    State state = State::Runnable;
    uint32_t ids[kThreadIdCount];
    // A SIMD-group function: what the thread gives and what it gets.
    const void *value = nullptr;
    size_t size = 0;
    uint32_t width = 0, lane = 0;
    uint64_t active = 0;
    const void *parts = nullptr;
  };

  static void threadMain();
  bool releaseWaiting(std::string &error);
  friend void threadgroupBarrier();
  friend const void *simdExchange(const void *, size_t, uint32_t, uint32_t *,
                                  uint64_t *);

  bool fibers;
  std::vector<Thread> threads;
  std::vector<char *> stacks;
  /// Per SIMD-group or quad: the parts of its last exchange.
  std::vector<std::vector<char>> exchanges;
  ucontext_t scheduler;
  const Grid *grid = nullptr;
  Thread *running = nullptr;
};

/// Where a kernel's wait for other threads goes that cannot be met (a
/// barrier outside fiber mode): set by the executor; it does not return.
extern void (*failRun)(const std::string &message);

} // namespace halc::msl

#endif // HALC_TEST_MSL_THREADGROUP_H
