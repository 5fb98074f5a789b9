//===- Threadgroup.cpp - The threads of one threadgroup -------------------===//

#include "Threadgroup.h"

#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

using namespace halc::msl;

void (*halc::msl::failRun)(const std::string &message) = nullptr;

namespace {

/// Each fiber's stack; kernels keep their private arrays there.
constexpr size_t kStackBytes = 256 * 1024;

/// The runner whose threadgroup is running (one at a time).
ThreadgroupRunner *current = nullptr;

[[noreturn]] void fail(const std::string &message) {
  failRun(message);
  _exit(2);
}

} // namespace

ThreadgroupRunner::~ThreadgroupRunner() {
  size_t page = sysconf(_SC_PAGESIZE);
  for (char *stack : stacks)
    munmap(stack - page, kStackBytes + page);
}

void ThreadgroupRunner::threadMain() {
  ThreadgroupRunner *runner = current;
  Thread *thread = runner->running;
  const Grid &grid = *runner->grid;
  grid.entry(grid.arguments, grid.constants, thread->ids);
  thread->state = State::Done;
}

bool ThreadgroupRunner::run(const Grid &grid,
                            const std::array<uint32_t, 3> &group,
                            std::string &error) {
  const std::array<uint32_t, 3> &size = grid.threadgroupSize;
  uint32_t count = size[0] * size[1] * size[2];
  threads.resize(count);
  for (uint32_t index = 0; index < count; ++index) {
    Thread &thread = threads[index];
    thread = Thread();
    uint32_t local[3] = {index % size[0], index / size[0] % size[1],
                         index / (size[0] * size[1])};
    for (int d = 0; d < 3; ++d) {
      thread.ids[kThreadPositionInThreadgroup + d] = local[d];
      thread.ids[kThreadgroupPositionInGrid + d] = group[d];
      thread.ids[kThreadPositionInGrid + d] = group[d] * size[d] + local[d];
      thread.ids[kThreadsPerThreadgroup + d] = size[d];
      thread.ids[kThreadgroupsPerGrid + d] = grid.threadgroupCount[d];
      thread.ids[kThreadsPerGrid + d] = grid.threadgroupCount[d] * size[d];
    }
    thread.ids[kThreadIndexInThreadgroup] = index;
    thread.ids[kThreadIndexInSIMDGroup] = index % kSIMDWidth;
    thread.ids[kSIMDGroupIndexInThreadgroup] = index / kSIMDWidth;
    thread.ids[kThreadsPerSIMDGroup] = kSIMDWidth;
    thread.ids[kSIMDGroupsPerThreadgroup] =
        (count + kSIMDWidth - 1) / kSIMDWidth;
    thread.ids[kThreadIndexInQuadGroup] = index % 4;
    thread.ids[kQuadGroupIndexInThreadgroup] = index / 4;
    thread.ids[kQuadGroupsPerThreadgroup] = (count + 3) / 4;
  }
  this->grid = &grid;
  current = this;
  if (!fibers) {
    for (Thread &thread : threads)
      grid.entry(grid.arguments, grid.constants, thread.ids);
    current = nullptr;
    return true;
  }

  size_t page = sysconf(_SC_PAGESIZE);
  while (stacks.size() < count) {
    // A stack with a page below it that faults on overflow.
    void *memory = mmap(nullptr, kStackBytes + page, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
      error =
          "cannot allocate the stacks of " + std::to_string(count) + " threads";
      return false;
    }
    mprotect(memory, page, PROT_NONE);
    stacks.push_back(static_cast<char *>(memory) + page);
  }
  for (uint32_t index = 0; index < count; ++index) {
    Thread &thread = threads[index];
    getcontext(&thread.context);
    thread.context.uc_stack.ss_sp = stacks[index];
    thread.context.uc_stack.ss_size = kStackBytes;
    thread.context.uc_link = &scheduler;
    makecontext(&thread.context, threadMain, 0);
  }
  for (;;) {
    bool done = true;
    for (Thread &thread : threads) {
      if (thread.state != State::Runnable)
        continue;
      running = &thread;
      swapcontext(&scheduler, &thread.context);
      running = nullptr;
    }
    for (const Thread &thread : threads)
      done &= thread.state == State::Done;
    if (done)
      break;
    if (!releaseWaiting(error))
      return false;
  }
  current = nullptr;
  return true;
}

bool ThreadgroupRunner::releaseWaiting(std::string &error) {
  size_t count = threads.size(), returned = 0, atBarrier = 0;
  for (const Thread &thread : threads) {
    returned += thread.state == State::Done;
    atBarrier += thread.state == State::AtBarrier;
  }
  bool released = false;
  // Every thread released before has read its parts.
  exchanges.clear();
  // SIMD-group functions: a group whose threads that have not returned all
  // wait in a call of the same width.
  for (size_t first = 0; first < count;) {
    uint32_t width =
        threads[first].state == State::AtExchange ? threads[first].width : 0;
    size_t groupWidth = width ? width : 1;
    size_t begin = first - first % groupWidth;
    size_t end = std::min(count, begin + groupWidth);
    bool complete = width != 0;
    for (size_t t = begin; t < end && complete; ++t)
      complete =
          threads[t].state == State::Done ||
          (threads[t].state == State::AtExchange && threads[t].width == width);
    if (complete) {
      size_t size = threads[first].size;
      std::vector<char> &parts = exchanges.emplace_back(width * size);
      uint64_t active = 0;
      for (size_t t = begin; t < end; ++t)
        if (threads[t].state == State::AtExchange) {
          active |= 1ull << (t - begin);
          std::memcpy(parts.data() + (t - begin) * size, threads[t].value,
                      size);
        }
      for (size_t t = begin; t < end; ++t)
        if (threads[t].state == State::AtExchange) {
          threads[t].lane = t - begin;
          threads[t].active = active;
          threads[t].parts = parts.data();
          threads[t].state = State::Runnable;
        }
      released = true;
    }
    first = std::max(first + 1, end);
  }
  if (released)
    return true;
  if (atBarrier + returned == count && returned == 0) {
    for (Thread &thread : threads)
      thread.state = State::Runnable;
    return true;
  }
  if (atBarrier + returned == count)
    error = "threadgroup_barrier is reached by " + std::to_string(atBarrier) +
            " of the " + std::to_string(count) +
            " threads of a threadgroup; the others returned";
  else
    error = "the threads of a threadgroup wait for each other in different "
            "places (barriers or SIMD-group functions that not all of them "
            "reach)";
  return false;
}

namespace halc::msl {

void threadgroupBarrier() {
  if (!current || !current->running)
    fail("threadgroup_barrier called outside a threadgroup of fibers");
  ThreadgroupRunner::Thread *thread = current->running;
  thread->state = ThreadgroupRunner::State::AtBarrier;
  swapcontext(&thread->context, &current->scheduler);
}

const void *simdExchange(const void *value, size_t size, uint32_t width,
                         uint32_t *lane, uint64_t *active) {
  if (!current || !current->running)
    fail("a SIMD-group function called outside a threadgroup of fibers");
  ThreadgroupRunner::Thread *thread = current->running;
  thread->value = value;
  thread->size = size;
  thread->width = width;
  thread->state = ThreadgroupRunner::State::AtExchange;
  swapcontext(&thread->context, &current->scheduler);
  *lane = thread->lane;
  *active = thread->active;
  return thread->parts;
}

} // namespace halc::msl

// What metal_compute declares; the compiled MSL finds them in the program
// that loads it.
extern "C" void halc_msl_threadgroup_barrier() {
  halc::msl::threadgroupBarrier();
}
extern "C" const void *halc_msl_simd_exchange(const void *value,
                                              unsigned long size,
                                              unsigned width, unsigned *lane,
                                              unsigned long *active) {
  uint64_t mask;
  const void *parts = halc::msl::simdExchange(value, size, width, lane, &mask);
  *active = mask;
  return parts;
}
