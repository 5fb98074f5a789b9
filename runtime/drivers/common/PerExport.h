//===- PerExport.h - What a driver makes once per export, on first use -*- C++
//-*-===//
//
// A driver makes a pipeline (Vulkan) or finds a kernel (CUDA, HIP) for each
// export of a loaded module the first time a call dispatches it, and keeps
// it until the module goes. Calls read a made one without a lock; the
// making is serialized (under the same lock, a driver may keep its own
// caches: shader modules, code modules).
//
//===----------------------------------------------------------------------===//

#ifndef HALC_RUNTIME_DRIVERS_COMMON_PEREXPORT_H
#define HALC_RUNTIME_DRIVERS_COMMON_PEREXPORT_H

#include "halc/runtime.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

namespace halc {

template <typename T> class PerExport {
public:
  explicit PerExport(const halc_module_t *module) {
    size_t exports = 0;
    for (size_t e = 0; e < halc_module_executable_count(module); ++e) {
      firstExport.push_back(exports);
      exports +=
          halc_executable_export_count(halc_module_executable(module, e));
    }
    slots.reset(new std::atomic<const T *>[exports]);
    for (size_t i = 0; i < exports; ++i)
      slots[i].store(nullptr, std::memory_order_relaxed);
  }

  /// `dispatch`'s export's T, made by `make(T &)` (a status) if no call
  /// made it before; nothing is kept when `make` fails.
  template <typename Make>
  halc_status_t get(const halc_dispatch_t &dispatch, const T *&found,
                    Make &&make) {
    std::atomic<const T *> &slot =
        slots[firstExport[dispatch.executable] + dispatch.export_ordinal];
    found = slot.load(std::memory_order_acquire);
    if (found)
      return nullptr;
    std::lock_guard<std::mutex> lock(mutex);
    found = slot.load(std::memory_order_acquire);
    if (found)
      return nullptr;
    auto created = std::make_unique<T>();
    if (halc_status_t status = make(*created))
      return status;
    made.push_back(std::move(created));
    found = made.back().get();
    slot.store(found, std::memory_order_release);
    return nullptr;
  }

  /// Everything made so far (for a driver to destroy).
  const std::vector<std::unique_ptr<T>> &all() const { return made; }

private:
  /// The index of each executable's first export in `slots`.
  std::vector<size_t> firstExport;
  std::unique_ptr<std::atomic<const T *>[]> slots;
  std::mutex mutex;
  std::vector<std::unique_ptr<T>> made;
};

} // namespace halc

#endif // HALC_RUNTIME_DRIVERS_COMMON_PEREXPORT_H
