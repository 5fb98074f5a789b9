//===- Executor.cpp - Metal kernels run on the CPU ------------------------===//

#include "Executor.h"

#include "MSLLibrary.h"
#include "Threadgroup.h"

#include <csignal>
#include <cstring>
#include <map>
#include <memory>
#include <sys/mman.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

using namespace halc::msl;

namespace {

/// `size` bytes that end where memory begins that the process may not touch
/// (and that begin after some), shared with the child that runs the kernels.
class GuardedBuffer {
public:
  GuardedBuffer() = default;
  GuardedBuffer(const GuardedBuffer &) = delete;
  ~GuardedBuffer() {
    if (region)
      munmap(region, regionSize);
  }

  bool allocate(size_t bytes) {
    size_t page = sysconf(_SC_PAGESIZE);
    size_t pages = (bytes + page - 1) / page;
    regionSize = kGuardBytes + pages * page + kGuardBytes;
    void *memory = mmap(nullptr, regionSize, PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
      region = nullptr;
      return false;
    }
    region = static_cast<char *>(memory);
    char *end = region + kGuardBytes + pages * page;
    mprotect(region, kGuardBytes, PROT_NONE);
    mprotect(end, kGuardBytes, PROT_NONE);
    data = end - bytes;
    size = bytes;
    return true;
  }
  bool contains(uintptr_t address) const {
    return region && address >= uintptr_t(region) &&
           address < uintptr_t(region) + regionSize;
  }
  /// Where `address` is relative to the bytes: "12 bytes past the end".
  std::string describe(uintptr_t address) const {
    if (address >= uintptr_t(data + size))
      return std::to_string(address - uintptr_t(data + size)) +
             " bytes past the end";
    if (address < uintptr_t(data))
      return std::to_string(uintptr_t(data) - address) +
             " bytes before the start";
    return "inside";
  }

  char *data = nullptr;
  size_t size = 0;

private:
  /// Reserved, never backed: an index far out of range still lands here.
  static constexpr size_t kGuardBytes = 1 << 20;
  char *region = nullptr;
  size_t regionSize = 0;
};

/// What the child that runs the kernels tells its parent.
struct Report {
  int dispatch;
  int signal;
  uintptr_t address;
  int write;
  char message[4096];
};
Report *report = nullptr;

void reportFailure(const std::string &message) {
  std::strncpy(report->message, message.c_str(), sizeof(report->message) - 1);
  _exit(2);
}

void onSignal(int signal, siginfo_t *info, void *context) {
  report->signal = signal;
  report->address = uintptr_t(info->si_addr);
#if defined(__x86_64__)
  // Bit 1 of the page-fault error code: the access was a write.
  report->write =
      (static_cast<ucontext_t *>(context)->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#endif
  _exit(3);
}

/// One dispatch, ready to run.
struct PreparedDispatch {
  const Kernel *kernel;
  std::string exportName;
  Grid grid;
  GuardedBuffer arguments, constants;
};

/// Checks `dispatch` against its kernel as Metal would and builds its
/// argument buffer and constants.
bool prepare(const halc_dispatch_t &dispatch, const halc_export_info_t &info,
             const Kernel &kernel,
             const std::vector<std::unique_ptr<GuardedBuffer>> &buffers,
             PreparedDispatch &prepared, std::string &error) {
  std::string prefix =
      "@" + std::string(info.name) + " (kernel " + kernel.name + "): ";
  uint32_t threads =
      info.workgroup_size[0] * info.workgroup_size[1] * info.workgroup_size[2];
  if (threads > HALC_MAX_WORKGROUP_INVOCATIONS ||
      (kernel.maxTotalThreadsPerThreadgroup &&
       threads > kernel.maxTotalThreadsPerThreadgroup)) {
    error =
        prefix + "a threadgroup of " + std::to_string(threads) +
        " threads exceeds the kernel's " +
        (kernel.maxTotalThreadsPerThreadgroup
             ? "[[max_total_threads_per_threadgroup(" +
                   std::to_string(kernel.maxTotalThreadsPerThreadgroup) + ")]]"
             : "limit of 1024");
    return false;
  }
  uint64_t constantBytes = uint64_t(dispatch.constant_count) * 4;
  if (kernel.takesConstants && kernel.constantsSize != constantBytes) {
    error = prefix + "its constants at [[buffer(3)]] take " +
            std::to_string(kernel.constantsSize) +
            " bytes, but the pipeline binds " +
            std::to_string(dispatch.constant_count) + " constants (" +
            std::to_string(constantBytes) + " bytes)";
    return false;
  }
  if (!prepared.arguments.allocate(kernel.argumentBufferSize) ||
      !prepared.constants.allocate(constantBytes)) {
    error = prefix + "cannot allocate its argument buffer";
    return false;
  }
  for (const auto &[id, offset] : kernel.argumentMembers) {
    if (id >= dispatch.binding_count) {
      error = prefix + "its argument buffer has [[id(" + std::to_string(id) +
              ")]], but the pipeline has " +
              std::to_string(dispatch.binding_count) + " bindings";
      return false;
    }
    void *pointer = buffers[dispatch.bindings[id]]->data;
    std::memcpy(prepared.arguments.data + offset, &pointer, sizeof(pointer));
  }
  std::memcpy(prepared.constants.data, dispatch.constants, constantBytes);
  prepared.kernel = &kernel;
  prepared.exportName = info.name;
  prepared.grid = {
      kernel.entry,
      prepared.arguments.data,
      prepared.constants.data,
      {info.workgroup_size[0], info.workgroup_size[1], info.workgroup_size[2]},
      {dispatch.workgroup_count[0], dispatch.workgroup_count[1],
       dispatch.workgroup_count[2]}};
  return true;
}

/// Runs every dispatch in this (child) process; returns only on success.
void runDispatches(std::vector<std::unique_ptr<PreparedDispatch>> &dispatches,
                   bool fibers) {
  static char alternateStack[64 * 1024];
  stack_t stack = {};
  stack.ss_sp = alternateStack;
  stack.ss_size = sizeof(alternateStack);
  sigaltstack(&stack, nullptr);
  struct sigaction action = {};
  action.sa_sigaction = onSignal;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
    sigaction(signal, &action, nullptr);
  failRun = reportFailure;

  ThreadgroupRunner runner(fibers);
  for (size_t d = 0; d < dispatches.size(); ++d) {
    report->dispatch = int(d);
    const Grid &grid = dispatches[d]->grid;
    const std::array<uint32_t, 3> &count = grid.threadgroupCount;
    std::string error;
    for (uint32_t z = 0; z < count[2]; ++z)
      for (uint32_t y = 0; y < count[1]; ++y)
        for (uint32_t x = 0; x < count[0]; ++x)
          if (!runner.run(grid, {x, y, z}, error))
            reportFailure(error);
  }
}

const char *signalName(int signal) {
  switch (signal) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGBUS:
    return "SIGBUS";
  case SIGFPE:
    return "SIGFPE (an integer division by zero)";
  case SIGILL:
    return "SIGILL";
  default:
    return "SIGABRT";
  }
}

/// What a fault at `report->address` touched.
std::string
describeFault(const halc_dispatch_t &dispatch, const PreparedDispatch &prepared,
              const std::vector<std::unique_ptr<GuardedBuffer>> &buffers) {
  std::string access = report->write ? "write" : "read";
  uintptr_t address = report->address;
  for (size_t i = 0; i < dispatch.binding_count; ++i) {
    const GuardedBuffer &buffer = *buffers[dispatch.bindings[i]];
    if (buffer.contains(address))
      return "out-of-bounds " + access + " " + buffer.describe(address) +
             " of binding " + std::to_string(i) + " (" +
             std::to_string(buffer.size) + " bytes)";
  }
  if (prepared.arguments.contains(address))
    return "out-of-bounds " + access + " " +
           prepared.arguments.describe(address) + " of its argument buffer";
  if (prepared.constants.contains(address))
    return "out-of-bounds " + access + " " +
           prepared.constants.describe(address) + " of its " +
           std::to_string(dispatch.constant_count) + " constants";
  char text[64];
  std::snprintf(text, sizeof(text), "%s at address 0x%llx",
                signalName(report->signal), (unsigned long long)address);
  return text;
}

void copyResults(const halc_function_t *function,
                 const std::vector<std::unique_ptr<GuardedBuffer>> &buffers,
                 void *const *results) {
  for (size_t r = 0; r < function->result_count; ++r)
    if (size_t bytes = halc_tensor_type_byte_size(&function->results[r]))
      std::memcpy(results[r], buffers[function->result_buffers[r]]->data,
                  bytes);
}

} // namespace

bool halc::msl::run(const halc_module_t *module,
                    const halc_function_t *function,
                    const void *const *arguments, void *const *results,
                    std::string &error) {
  std::map<size_t, std::unique_ptr<Library>> libraries;
  bool fibers = false;
  for (size_t d = 0; d < function->dispatch_count; ++d) {
    size_t index = function->dispatches[d].executable;
    const halc_executable_t *executable = halc_module_executable(module, index);
    if (libraries.count(index))
      continue;
    halc_metal_library_t library;
    if (halc_executable_format(executable) != HALC_EXECUTABLE_FORMAT_MTL1 ||
        halc_executable_metal_library(executable, 0, &library) != nullptr ||
        library.source_size == 0) {
      error = "executable " + std::to_string(index) +
              " holds no MSL source (the MSL executor runs MTL1 with sources)";
      return false;
    }
    std::unique_ptr<Library> compiled =
        Library::compile(std::string(library.source, library.source_size),
                         library.msl_version, error);
    if (!compiled)
      return false;
    fibers |= compiled->usesCollectives();
    libraries[index] = std::move(compiled);
  }

  std::vector<std::unique_ptr<GuardedBuffer>> buffers;
  for (size_t b = 0; b < function->buffer_count; ++b) {
    buffers.push_back(std::make_unique<GuardedBuffer>());
    if (!buffers.back()->allocate(function->buffer_sizes[b])) {
      error = "cannot allocate buffer " + std::to_string(b);
      return false;
    }
    if (function->buffer_contents[b])
      std::memcpy(buffers.back()->data, function->buffer_contents[b],
                  function->buffer_sizes[b]);
  }
  for (size_t a = 0; a < function->argument_count; ++a)
    if (size_t bytes = halc_tensor_type_byte_size(&function->arguments[a]);
        bytes && function->argument_buffers[a] != HALC_NO_BUFFER)
      std::memcpy(buffers[function->argument_buffers[a]]->data, arguments[a],
                  bytes);

  std::vector<std::unique_ptr<PreparedDispatch>> dispatches;
  for (size_t d = 0; d < function->dispatch_count; ++d) {
    const halc_dispatch_t &dispatch = function->dispatches[d];
    halc_export_info_t info;
    if (halc_status_t status = halc_executable_export_info(
            halc_module_executable(module, dispatch.executable),
            dispatch.export_ordinal, &info)) {
      error = halc_status_message(status);
      halc_status_free(status);
      return false;
    }
    const Kernel *kernel =
        libraries[dispatch.executable]->lookup(info.entry_point);
    if (!kernel) {
      error = "@" + std::string(info.name) + ": the MSL has no kernel '" +
              info.entry_point + "'";
      return false;
    }
    dispatches.push_back(std::make_unique<PreparedDispatch>());
    if (!prepare(dispatch, info, *kernel, buffers, *dispatches.back(), error))
      return false;
  }

  if (dispatches.empty())
    return copyResults(function, buffers, results), true;
  void *shared = mmap(nullptr, sizeof(Report), PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) {
    error = "cannot allocate the executor's report";
    return false;
  }
  report = new (shared) Report();
  std::fflush(nullptr);
  pid_t child = fork();
  if (child == 0) {
    runDispatches(dispatches, fibers);
    _exit(0);
  }
  int status = 0;
  bool waited = child > 0 && waitpid(child, &status, 0) == child;
  bool succeeded = waited && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (!succeeded) {
    size_t d = size_t(report->dispatch);
    std::string where = "dispatch " + std::to_string(d) + " @" +
                        dispatches[d]->exportName + ": ";
    if (!waited)
      error = "cannot run the kernels in a child process";
    else if (WIFEXITED(status) && WEXITSTATUS(status) == 2)
      error = where + report->message;
    else if (WIFEXITED(status) && WEXITSTATUS(status) == 3)
      error = where +
              describeFault(function->dispatches[d], *dispatches[d], buffers);
    else
      error = where + "the kernel ended the process (status " +
              std::to_string(status) + ")";
  }
  munmap(shared, sizeof(Report));
  report = nullptr;
  if (succeeded)
    copyResults(function, buffers, results);
  return succeeded;
}
